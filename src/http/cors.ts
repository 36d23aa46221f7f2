/** Browsers may call the mock from any origin: it is a local sandbox. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Request-Id, Service-Version, Idempotent-Replayed, Retry-After, Warning',
};

/** The answer to a preflight OPTIONS request: no key needed. */
export const PREFLIGHT_HEADERS: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Idempotency-Key, Service-Version, Mock-Scenario',
  'Access-Control-Max-Age': '600',
};
