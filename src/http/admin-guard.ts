import { ApiError } from '../errors/api-error';
import { MockRequest } from '../request-response';

/** Names that always mean this machine, on any port (an embedded app has no listening address). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/;

/**
 * The admin API and the dashboard are for the person at this machine. A web page elsewhere must not reach them:
 * - DNS rebinding: a page on `evil.example` whose name resolves to 127.0.0.1 sends `Host: evil.example`; only
 *   the listening address and loopback names are answered (any IP literal when listening on every interface,
 *   since an address cannot be rebound), plus the names the user trusted (`--allowed-hosts`, a container's
 *   service name);
 * - cross-site writes: a form or a "simple" fetch needs no preflight, so a write (any method but GET and HEAD)
 *   carrying another site's `Origin` is refused before it changes anything.
 * Reads need no Origin check: without `Access-Control-Allow-Origin` the browser never shows the answer.
 */
export function guardAdmin(baseUrl: string | undefined, req: MockRequest, allowedHosts: readonly string[] = []): void {
  const host = first(req.headers.host)?.toLowerCase();
  // No Host at all: an in-process call (`mock.inject`), not a browser.
  if (host === undefined) return;
  const listening = baseUrl === undefined ? undefined : new URL(baseUrl);
  const name = hostName(host);
  if (!hostAllowed(name, listening?.hostname.toLowerCase(), allowedHosts)) {
    const where = listening ? `${listening.origin}/_mock/dashboard` : 'http://127.0.0.1:<port>/_mock/dashboard';
    const trusted = allowedHosts.length > 0 ? `, [::1] or a name given to --allowed-hosts (${allowedHosts.join(', ').slice(0, 200)})` : ' or [::1]';
    throw new ApiError(
      'host_not_allowed',
      `Host '${host.slice(0, 100)}' is not this machine: the admin API and the dashboard answer only to the listening address, localhost, 127.0.0.1${trusted}. Open ${where}, or start the mock with --allowed-hosts ${name.slice(0, 100)} if that name is yours (a container's service name).`,
    );
  }
  if (req.method === 'GET' || req.method === 'HEAD') return;
  const origin = first(req.headers.origin);
  if (origin === undefined) return;
  // The page's own origin: over HTTPS (the TLS listener names its scheme in `req.origin`) as over HTTP.
  const scheme = req.origin?.startsWith('https:') ? 'https' : 'http';
  if (origin.toLowerCase() === `${scheme}://${host}` || (listening !== undefined && origin.toLowerCase() === listening.origin)) return;
  throw new ApiError(
    'origin_not_allowed',
    `A page on ${origin.slice(0, 100)} may not change this mock: writes to /_mock/* are accepted from the dashboard itself or from a client that sends no Origin (curl, scripts, tests).`,
  );
}

/** A Host header as a browser or client sends it: a name or IP literal, and a port if any. */
const HOST_SYNTAX = /^([a-z0-9_.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/;

/**
 * The origin (`http://host[:port]`, or `https:` on the TLS listener) a request reached the mock at, when its Host is one the admin check accepts
 * (the listening address, localhost, 127.0.0.1, [::1], a trusted name); undefined otherwise. The served OpenAPI document names it
 * as its server, so generated clients call the address the user typed.
 *
 * @example
 * acceptedOrigin('http://127.0.0.1:4010', 'localhost:4010'); // 'http://localhost:4010'
 * acceptedOrigin('http://127.0.0.1:4010', 'evil.example:4010'); // undefined
 */
export function acceptedOrigin(
  baseUrl: string | undefined,
  hostHeader: string | string[] | undefined,
  allowedHosts: readonly string[] = [],
  scheme: 'http' | 'https' = 'http',
): string | undefined {
  const host = first(hostHeader)?.toLowerCase();
  if (host === undefined || !HOST_SYNTAX.test(host)) return undefined;
  const port = /:(\d+)$/.exec(host.startsWith('[') ? host.slice(host.indexOf(']')) : host)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  const listening = baseUrl === undefined ? undefined : new URL(baseUrl).hostname.toLowerCase();
  return hostAllowed(hostName(host), listening, allowedHosts) ? `${scheme}://${host}` : undefined;
}

function hostAllowed(name: string, listening: string | undefined, allowedHosts: readonly string[]): boolean {
  if (LOOPBACK.has(name) || name === listening || allowedHosts.includes(name)) return true;
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
