import { ApiError } from '../errors/api-error';
import { MockRequest } from '../exchange';

/** Names that always mean this machine, on any port (an embedded app has no listening address). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/**
 * The admin API and the dashboard are for the person at this machine. A web page elsewhere must not reach them:
 * - DNS rebinding: a page on `evil.example` whose name resolves to 127.0.0.1 sends `Host: evil.example`; only
 *   the listening address and loopback names are answered (any IP literal when listening on every interface,
 *   since an address cannot be rebound);
 * - cross-site writes: a form or a "simple" fetch needs no preflight, so a write (any method but GET and HEAD)
 *   carrying another site's `Origin` is refused before it changes anything.
 * Reads need no Origin check: without `Access-Control-Allow-Origin` the browser never shows the answer.
 */
export function guardAdmin(baseUrl: string | undefined, req: MockRequest): void {
  const host = first(req.headers.host)?.toLowerCase();
  // No Host at all: an in-process call (`mock.inject`), not a browser.
  if (host === undefined) return;
  const listening = baseUrl === undefined ? undefined : new URL(baseUrl);
  const name = hostName(host);
  if (!hostAllowed(name, listening?.hostname.toLowerCase())) {
    const where = listening ? `${listening.origin}/_mock/dashboard` : 'http://127.0.0.1:<port>/_mock/dashboard';
    throw new ApiError(
      'host_not_allowed',
      `Host '${host.slice(0, 100)}' is not this machine: the admin API and the dashboard answer only to the listening address, localhost, 127.0.0.1 or [::1]. Open ${where}.`,
    );
  }
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const origin = first(req.headers.origin);
  if (origin === undefined) return;
  if (origin.toLowerCase() === `http://${host}` || (listening !== undefined && origin.toLowerCase() === listening.origin)) return;
  throw new ApiError(
    'origin_not_allowed',
    `A page on ${origin.slice(0, 100)} may not change this mock: writes to /_mock/* are accepted from the dashboard itself or from a client that sends no Origin (curl, scripts, tests).`,
  );
}

function hostAllowed(name: string, listening: string | undefined): boolean {
  if (LOOPBACK.has(name) || name === listening) return true;
  return (listening === '0.0.0.0' || listening === '[::]') && IP_LITERAL.test(name);
}

/** `example.com:4010` → `example.com`; `[::1]:4010` → `[::1]`. */
function hostName(host: string): string {
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
