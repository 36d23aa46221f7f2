import { ERROR_CATALOG, ErrorSpec } from '../errors/catalog';

type Json = Record<string, unknown>;

/** The error statuses, by component name, with what answers them. */
const STATUSES: Record<number, { name: string; title: string }> = {
  400: { name: 'BadRequest', title: 'Invalid request' },
  401: { name: 'Unauthorized', title: 'No valid key' },
  402: { name: 'CardError', title: 'The card was declined or has expired' },
  403: { name: 'Forbidden', title: 'The key may not do this' },
  404: { name: 'NotFound', title: 'No such object or URL' },
  409: { name: 'Conflict', title: 'The same Idempotency-Key is in flight' },
  413: { name: 'TooLarge', title: 'The body is over 1 MiB' },
  415: { name: 'UnsupportedMediaType', title: 'The body is neither form nor JSON' },
  422: { name: 'FlowStopped', title: 'A flow stopped at a step (the step, its request and the answer are in the error)' },
  429: { name: 'RateLimited', title: 'Too many requests' },
  500: { name: 'ServerError', title: 'An injected fault' },
  503: { name: 'Unavailable', title: 'The outage scenario, or the memory budget reached (a write)' },
};

/** What every /v1 operation can answer, and every admin operation. */
const COMMON = { v1: [400, 401, 403, 404, 429, 500, 503], admin: [400, 401, 403, 404] } as const;
/** Statuses only some admin operations answer (`extraStatuses`), and no /v1 one. */
const ADMIN_ONLY = [422];

function codesFor(status: number): string {
  const codes = Object.entries(ERROR_CATALOG)
    .filter(([, spec]) => spec.status === status)
    .map(([code]) => `\`${code}\``);
  return codes.length ? ` Codes: ${codes.join(', ')}.` : '';
}

function response(status: number, withV1Headers: boolean): Json {
  const { title } = STATUSES[status] as { title: string };
  const schema = status === 402 ? 'CardError' : 'Error';
  return {
    description: `${title}.${codesFor(status)}`,
    ...(withV1Headers
      ? {
          headers: {
            'Request-Id': { $ref: '#/components/headers/RequestId' },
            'Service-Version': { $ref: '#/components/headers/ServiceVersion' },
            ...(status === 429 ? { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } : {}),
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` }, ...examplesFor(status) } },
  };
}

/** The catalog's examples of the codes of a status (the near misses a 404 names), as OpenAPI `examples`. */
function examplesFor(status: number): Json {
  const examples = Object.entries(ERROR_CATALOG as Record<string, ErrorSpec>).flatMap(([code, spec]) =>
    spec.status === status
      ? (spec.examples ?? []).map((example, i) => [
          `${code}_${i + 1}`,
          { summary: example.title, description: example.request, value: { error: example.error } },
        ])
      : [],
  );
  return examples.length ? { examples: Object.fromEntries(examples) } : {};
}

/**
 * The error responses as components: `BadRequest` etc. for /v1 (with Request-Id), `AdminBadRequest` etc. for /_mock.
 * Built when the OpenAPI document is (once), not when the CLI starts.
 */
export function errorResponseComponents(): Record<string, Json> {
  return Object.fromEntries([
    ...Object.entries(STATUSES)
      .filter(([status]) => !ADMIN_ONLY.includes(Number(status)))
      .map(([status, { name }]) => [name, response(Number(status), true)]),
    ...[...COMMON.admin, ...ADMIN_ONLY].map((status) => [`Admin${STATUSES[status]?.name}`, response(status, false)]),
  ]);
}

/** The `responses` entries for an operation's error statuses: the common ones of its kind plus `extra`. */
export function errorResponses(kind: 'v1' | 'admin', extra: readonly number[]): Record<string, Json> {
  const statuses = [...new Set([...COMMON[kind], ...extra])].sort();
  return Object.fromEntries(
    statuses.map((status) => [String(status), { $ref: `#/components/responses/${kind === 'admin' ? 'Admin' : ''}${STATUSES[status]?.name}` }]),
  );
}
