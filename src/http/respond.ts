import { writeError } from '../runtime/platform';
import { ApiError } from '../errors/api-error';
import { MockResponse } from '../request-response';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): MockResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, body: JSON.stringify(body), value: body };
}

/** A JSON answer on headers the caller built complete (Content-Type included): they are used as they are, not copied. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string>): MockResponse {
  return { status, headers, body: JSON.stringify(body), value: body };
}

/**
 * Where `doc_url` links (and the OpenAPI server URL) point: the address an embedding host app reached the mock
 * at (its mount path included), else the address the server listens on, else the Host the client used.
 */
export function docsBase(baseUrl: string | undefined, host?: string | string[], origin?: string): string {
  return origin ?? baseUrl ?? `http://${(Array.isArray(host) ? host[0] : host) ?? '127.0.0.1'}`;
}

/** Turns anything thrown into the JSON error object; unknown exceptions become 500 api_error, never a stack. */
export function errorResponse(error: unknown, docsBase: string, headers: Record<string, string> = {}): MockResponse {
  const apiError = error instanceof ApiError ? error : internalError(error);
  return jsonResponse(apiError.status, apiError.toBody(docsBase), { ...headers, ...apiError.extras.headers });
}

function internalError(error: unknown): ApiError {
  // The stack goes to stderr for the developer of the mock; the client gets a clean error.
  writeError(`payments-mock internal error: ${error instanceof Error ? error.stack : String(error)}`);
  return new ApiError('api_error', 'An unexpected error occurred in payments-mock. This is a bug in the mock; the details are in its stderr.');
}
