import { createServer, IncomingMessage } from 'node:http';
import type { AddressInfo, Server } from 'node:net';
import { ConfigError } from './errors/api-error';
import { MockRequest, MockResponse } from './request-response';
import { handleRequest } from './http/handle-request';
import { Traffic } from './http/traffic';
import { MAX_BODY_BYTES } from './http/body';
import { createClientErrorHandler, createListener, requestTimeouts } from './http/node-listener';
import { tooLargeResponse } from './http/too-large';
import { acceptedOrigin } from './http/admin-guard';
import { createContext } from './app/create-context';
import { MockControls, mockControls } from './app/mock-controls';
import { MockOptions } from './app/mock-options';
import type { LocalCa } from './tls/local-ca';
import type { TlsMaterial } from './tls/tls-options';

/** Addresses that mean every interface. */
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

export type { KeyEntry } from './domain/key-entry';

export interface InjectRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** A string or bytes (a Buffer) are sent as is; an object is sent as JSON. */
  body?: string | Uint8Array | Record<string, unknown>;
}

/** A running mock server. */
export interface MockServer extends MockControls {
  /** `http://127.0.0.1:<port>`; `https://…` when `tls` serves HTTPS alone. */
  url: string;
  port: number;
  /** With `tls`: the HTTPS address (the same as `url` when HTTPS is served alone). */
  tlsUrl?: string;
  tlsPort?: number;
  /** With `tls` and no certificate files: the local CA to trust (its certificate's path and SHA-256 fingerprint). */
  ca?: LocalCa;
  /** Runs a request through the full pipeline without a socket: fast seeding and tests. */
  inject(request: InjectRequest): Promise<MockResponse>;
  /** Saves the store to the --state file (if one was given); returns its path. */
  saveState(): Promise<string | undefined>;
  /**
   * Stops for good, as SIGINT/SIGTERM do: stops accepting connections, lets the requests being answered finish
   * (up to `drainMs`, default 5000), then saves the --state file (if any) and closes. Resolves with the saved path.
   */
  shutdown(options?: { drainMs?: number }): Promise<string | undefined>;
  close(): Promise<void>;
}

/**
 * Starts a mock server. The only place that listens: the CLI is a thin layer over it.
 *
 * @example
 * const mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
 * const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
 * await fetch(`${mock.url}/v1/payments`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: new URLSearchParams({ amount: '2000', currency: 'usd' }) });
 * await mock.clock.advance('25h');
 * await mock.close();
 */
export async function startMock(options: MockOptions = {}): Promise<MockServer> {
  const host = options.host ?? '127.0.0.1';
  // Read or issued before anything else starts, so a refused certificate leaves nothing running.
  const tls = options.tls ? tlsMaterialFor(options, host) : undefined;
  const ctx = createContext(options);
  const traffic = new Traffic();
  // On every interface (a container's --host 0.0.0.0) the listening address is nowhere to send a client: links in
  // answers (doc_url, 3-D Secure pages) name the address the client used, when the admin check accepts it.
  const originOf = WILDCARD.has(host) ? (req: IncomingMessage) => acceptedOrigin(ctx.baseUrl, req.headers.host, ctx.allowedHosts) : undefined;
  const tlsParts: Pick<MockServer, 'tlsUrl' | 'tlsPort' | 'ca'> = {};
  const servers: Array<{ server: Server; closeAll: () => void }> = [];
  let url = '';
  let port = 0;
  try {
    // HTTP unless TLS is served alone (`tls` without its own port).
    if (!tls || tls.port !== undefined) {
      const server = createServer(requestTimeouts(options.bodyTimeoutMs), createListener(ctx, { traffic, ...(originOf ? { originOf } : {}) }));
      server.on('clientError', createClientErrorHandler(ctx, options.bodyTimeoutMs));
      server.keepAliveTimeout = 60_000;
      port = await listen(server, options.port ?? 4010, host);
      servers.push({ server, closeAll: () => server.closeAllConnections() });
      url = `http://${urlHost(host)}:${port}`;
    }
    if (tls) {
      const served = await serveTls(ctx, tls, traffic, host, tls.port ?? options.port ?? 4010, options.bodyTimeoutMs);
      servers.push(served);
      if (!url) [url, port] = [served.url, served.port];
      Object.assign(tlsParts, { tlsUrl: served.url, tlsPort: served.port, ...(tls.ca ? { ca: tls.ca } : {}) });
    }
  } catch (error) {
    ctx.close();
    await Promise.all(servers.map(close));
    throw error;
  }
  ctx.baseUrl = url;
  const saveState = async (): Promise<string | undefined> => (ctx.saveState ? ctx.saveState() : undefined);
  const closeAll = async (): Promise<void> => {
    ctx.close();
    await Promise.all(servers.map(close));
  };

  const own: Omit<MockServer, keyof MockControls> = {
    url,
    port,
    ...tlsParts,
    inject: async (request) => {
      const mockRequest = toMockRequest(request);
      // The 1 MiB limit holds without a socket too.
      if (mockRequest.body.length > MAX_BODY_BYTES) return tooLargeResponse(ctx, mockRequest.url, mockRequest.headers.host);
      const response = await handleRequest(ctx, mockRequest);
      if (!response.stream) return response;
      // A streamed answer is collected: what a stream that ends itself has written by the time it returns.
      const pieces: string[] = [];
      const closeListeners: Array<() => void> = [];
      // Writes are taken at once (never a stalled reader to drop); once collected, the answer is over for its listeners.
      await response.stream({
        write: async (text) => void pieces.push(text),
        end: () => undefined,
        abort: () => undefined,
        onClose: (listener) => void closeListeners.push(listener),
      });
      for (const listener of closeListeners) listener();
      const { stream: _stream, ...rest } = response;
      return { ...rest, body: pieces.join('') };
    },
    saveState,
    shutdown: async ({ drainMs = DEFAULT_DRAIN_MS } = {}) => {
      traffic.closing = true;
      // Stops accepting and closes idle keep-alive connections; busy ones close after their answer.
      for (const { server } of servers) server.close();
      await traffic.idle(drainMs);
      traffic.stopped = true;
      try {
        return await saveState();
      } finally {
        await closeAll();
      }
    },
    close: closeAll,
  };
  // Assigned onto the controls, so that `keys` stays a getter (always the current keys).
  return Object.assign(mockControls(ctx), own);
}

function toMockRequest(request: InjectRequest): MockRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  let body = Buffer.alloc(0);
  if (typeof request.body === 'string') body = Buffer.from(request.body);
  else if (request.body instanceof Uint8Array) body = Buffer.from(request.body);
  else if (request.body) {
    body = Buffer.from(JSON.stringify(request.body));
    headers['content-type'] ??= 'application/json';
  }
  return { method: (request.method ?? 'GET').toUpperCase(), url: request.url, headers, body };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE')
        reject(new ConfigError(`Port ${port} on ${host} is already in use: stop the other process or pick another with --port (0 = any free port).`));
      else if (error.code === 'EACCES') reject(new ConfigError(`Not allowed to listen on ${host}:${port}: pick a port above 1023.`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
        reject(new ConfigError(`Cannot listen on host ${host}: it is not an address of this machine.`));
      else reject(new ConfigError(`Cannot listen on ${host}:${port}: ${error.message}`));
    });
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** How long a shutdown waits for requests being answered before it saves anyway. */
const DEFAULT_DRAIN_MS = 5000;

function close({ server, closeAll }: { server: Server; closeAll: () => void }): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    closeAll();
  });
}

/** `[::1]` in a URL, `127.0.0.1` as is. */
function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** The certificate to serve, loading the TLS code only now (a start without TLS never does). */
function tlsMaterialFor(options: MockOptions, host: string): TlsMaterial {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only with TLS (above)
  const { tlsMaterial } = require('./tls/tls-options') as typeof import('./tls/tls-options');
  return tlsMaterial(options.tls === true ? true : (options.tls as Exclude<MockOptions['tls'], boolean | undefined>), host, options.allowedHosts ?? []);
}

/**
 * The HTTPS listener over the same context and traffic: links in its answers, and the admin check of a page's
 * Origin, name the https: address the client used.
 */
async function serveTls(
  ctx: ReturnType<typeof createContext>,
  tls: TlsMaterial,
  traffic: Traffic,
  host: string,
  port: number,
  bodyTimeoutMs: number | undefined,
): Promise<{ server: Server; closeAll: () => void; url: string; port: number }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- node:http2 and node:tls load only with TLS
  const { createTlsServer } = require('./tls/serve-tls') as typeof import('./tls/serve-tls');
  let tlsUrl = '';
  // Decided once per server, not per request: only on every interface does the origin follow the client's Host.
  const originOf = WILDCARD.has(host)
    ? (req: IncomingMessage): string => acceptedOrigin(ctx.baseUrl, req.headers.host ?? req.headers[':authority'], ctx.allowedHosts, 'https') ?? tlsUrl
    : (): string => tlsUrl;
  const { server, closeAll } = createTlsServer(ctx, tls, { traffic, originOf }, bodyTimeoutMs);
  // Listed for closing only once it listens: a server that never did has nothing to close.
  const served = await listen(server, port, host);
  tlsUrl = `https://${urlHost(host)}:${served}`;
  return { server, closeAll, url: tlsUrl, port: served };
}
