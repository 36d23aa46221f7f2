import { mockBaseUrl } from '../app/start-flags';
import { ConfigError } from '../errors/api-error';
import { untrustedCertificate } from '../tls/trust-help';

/** Where a client command finds the running mock, and how it gets in. */
export interface ClientOptions {
  url: string;
  adminToken?: string;
}

/**
 * POSTs JSON to the running mock's admin API and answers its JSON. Every failure is a ConfigError whose message
 * is the one line the CLI prints: the mock's own error message, or, when nothing answers, how to start one.
 * @example await postAdmin({ url: 'http://127.0.0.1:4010' }, '/_mock/trigger', { event: 'customer.created' })
 */
export function postAdmin<T>(options: ClientOptions, path: string, body: unknown): Promise<T> {
  return callMock<T>(options, 'POST', path, body, options.adminToken);
}

/** `GET` on the admin API. */
export function getAdmin<T>(options: ClientOptions, path: string): Promise<T> {
  return callMock<T>(options, 'GET', path, undefined, options.adminToken);
}

/** One call to the running mock (the admin API with the admin token, or /v1 with an API key). */
export async function callMock<T>(options: ClientOptions, method: string, path: string, body: unknown, bearer: string | undefined): Promise<T> {
  const base = mockBaseUrl(options.url);
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const untrusted = untrustedCertificate(cause);
    if (untrusted) throw new ConfigError(`The mock at ${base} answers over HTTPS, but ${untrusted}.`);
    throw new ConfigError(
      `no mock answers at ${base}${cause ? ` (${cause})` : ''}. Start one with \`npx payments-mock\` in another terminal, or point --url at the one you run.`,
    );
  }
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ConfigError(`${base}${path} answered ${response.status} with something that is not JSON: is --url a payments-mock server?`);
  }
  if (!response.ok) {
    const error = (answer as { error?: { code?: string; message?: string } } | null)?.error;
    if (error?.code === 'admin_unauthorized') throw new ConfigError(`${error.message ?? ''} Pass it with --admin-token (or PAYMENTS_MOCK_ADMIN_TOKEN).`);
    throw new ConfigError(error?.message ? `${error.message} (${response.status} ${error.code})` : `${base}${path} answered ${response.status}.`);
  }
  return answer as T;
}
