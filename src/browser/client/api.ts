import type { PaymentsError } from './types';

export type ApiAnswer<T> = { ok: true; body: T } | { ok: false; error: PaymentsError };

/**
 * The mock's API with the publishable key, from the host page. Every failure becomes an error object: the API's
 * own, or `api_connection_error` when nothing (or something that is not the mock) answers. Nothing here throws.
 * @example const answer = await callApi<Payment>('http://127.0.0.1:4010', 'pk_test_…', 'GET', '/v1/payments/pay_1?client_secret=…');
 */
export async function callApi<T>(apiBase: string, key: string, method: 'GET' | 'POST', path: string, params?: Record<string, string>): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(params ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(params ? { body: new URLSearchParams(params) } : {}),
    });
  } catch {
    return connectionError(`Could not reach the payments mock at ${apiBase}: is it running (npx payments-mock), and is apiBase right?`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return connectionError(`${apiBase}${path} answered ${response.status} with a body that is not JSON: is apiBase the payments mock?`);
  }
  const error = (body as { error?: PaymentsError } | null)?.error;
  if (!response.ok) return error ? { ok: false, error } : connectionError(`${apiBase}${path} answered ${response.status} without an error object.`);
  return { ok: true, body: body as T };
}

/**
 * The error of an unreachable mock, as every call resolves it.
 * @example connectionError('Could not reach the payments mock at http://127.0.0.1:4010') // { ok: false, error: { type: 'api_connection_error', … } }
 */
export function connectionError(message: string): { ok: false; error: PaymentsError } {
  return { ok: false, error: { type: 'api_connection_error', message } };
}
