import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ClockMode, ClockState } from './clock/clock';
import { MockContext } from './context';
import { ConfigError } from './errors/api-error';
import { KeyEntry, keyEntry } from './domain/key-entry';
import { MockRequest, MockResponse } from './exchange';
import { handleRequest } from './http/handle-request';
import { Traffic } from './http/traffic';
import { MAX_BODY_BYTES } from './http/body';
import { createClientErrorHandler, createListener, requestTimeouts, tooLargeResponse } from './http/node-listener';
import { createContext } from './app/create-context';
import { MockOptions } from './app/mock-options';
import { parseScenario, ScenarioName, ScenarioOptions } from './scenarios/scenarios';
import { WebhookDelivery, WebhookEndpoint } from './schemas/resources';
import { webhookEndpoints } from './webhooks/list-endpoints';
import { DeliveryCounts, DeliveryFilter } from './webhooks/webhooks';
import { createMockWorkspace, MockWorkspace, mockWorkspace } from './app/mock-workspace';

export type { KeyEntry } from './domain/key-entry';

export interface InjectRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  /** A string or bytes (a Buffer) are sent as is; an object is sent as JSON. */
  body?: string | Uint8Array | Record<string, unknown>;
}

/** A running mock server. */
export interface MockServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every key of every workspace, whole (the same as GET /_mock/keys). */
  readonly keys: KeyEntry[];
  clock: {
    now(): number;
    state(): ClockState;
    /** Moves the clock; resolves once every webhook attempt that came due on the way has been made. */
    advance(by: string | number): Promise<ClockState>;
    set(mode: ClockMode, now?: string | number): Promise<ClockState>;
  };
  /** The webhook delivery log, and a way to wait for it. */
  webhooks: {
    /** Every endpoint of every workspace, with its secret (as GET /_mock/webhooks/endpoints). */
    endpoints(): Array<WebhookEndpoint & { workspace: string }>;
    /** Deliveries newest first, with every attempt. */
    deliveries(filter?: DeliveryFilter): WebhookDelivery[];
    /** Waits until no attempt is due now or in flight; then the deliveries by status. */
    flush(options?: { timeoutMs?: number }): Promise<DeliveryCounts & { timed_out: boolean }>;
    /** Attempts a delivery again now, whatever its status. */
    retry(id: string): Promise<WebhookDelivery | undefined>;
  };
  setScenario(name: ScenarioName, options?: ScenarioOptions): void;
  /**
   * A fresh, empty, isolated workspace for one test worker, with its own keys, and a clock, scenario and reset of
   * its own: `await ws.clock.advance('25h')`, `await ws.setScenario('decline')`, `await ws.reset()`.
   */
  createWorkspace(options?: { name?: string }): Promise<MockWorkspace>;
  /** The handle of an existing workspace (a fixture workspace such as `acme`, or one made over HTTP). */
  workspace(id: string): MockWorkspace;
  /**
   * Back to the fixtures (store, keys, journal, faults); the clock and scenario stay. Waits for the /v1 requests
   * in flight to finish first (at once, synchronously, when there are none).
   */
  reset(): Promise<void>;
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
  /** The instance's internals, for advanced embedding and tests. */
  readonly context: MockContext;
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
  const ctx = createContext(options);
  const traffic = new Traffic();
  const server = createServer(requestTimeouts(options.bodyTimeoutMs), createListener(ctx, { traffic }));
  server.on('clientError', createClientErrorHandler(ctx, options.bodyTimeoutMs));
  server.keepAliveTimeout = 60_000;
  const host = options.host ?? '127.0.0.1';
  const port = await listen(server, options.port ?? 4010, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  ctx.baseUrl = url;
  const saveState = async (): Promise<string | undefined> => (ctx.saveState ? ctx.saveState() : undefined);
  const closeAll = (): Promise<void> => {
    ctx.close();
    return close(server);
  };

  return {
    url,
    port,
    get keys() {
      return [...ctx.store.keys.values()].map((record) => keyEntry(ctx.store, record));
    },
    clock: {
      now: () => ctx.clock.now(),
      state: () => ctx.clock.state(),
      advance: (by) => ctx.advanceClock(by),
      set: (mode, now) => ctx.setClock(mode, now),
    },
    webhooks: {
      endpoints: () => webhookEndpoints(ctx.store),
      deliveries: (filter) => ctx.webhooks.list(filter),
      flush: (flushOptions) => ctx.webhooks.flush(flushOptions?.timeoutMs),
      retry: (id) => ctx.webhooks.retry(id),
    },
    setScenario: (name, scenarioOptions) => ctx.setScenario(parseScenario(name, scenarioOptions)),
    createWorkspace: async (workspaceOptions) => createMockWorkspace(ctx, workspaceOptions),
    workspace: (id) => mockWorkspace(ctx, id),
    reset: () => ctx.inFlight.replace(null, () => ctx.reset()),
    inject: async (request) => {
      const mockRequest = toMockRequest(request);
      // The 1 MiB limit holds without a socket too.
      if (mockRequest.body.length > MAX_BODY_BYTES) return tooLargeResponse(ctx, mockRequest.url, mockRequest.headers.host);
      const response = await handleRequest(ctx, mockRequest);
      if (!response.stream) return response;
      // A streamed answer is collected: what a stream that ends itself has written by the time it returns.
      const pieces: string[] = [];
      await response.stream({ write: async (text) => void pieces.push(text), end: () => undefined, onClose: () => undefined });
      const { stream: _stream, ...rest } = response;
      return { ...rest, body: pieces.join('') };
    },
    saveState,
    shutdown: async ({ drainMs = DEFAULT_DRAIN_MS } = {}) => {
      traffic.closing = true;
      // Stops accepting and closes idle keep-alive connections; busy ones close after their answer.
      server.close();
      await traffic.idle(drainMs);
      traffic.stopped = true;
      try {
        return await saveState();
      } finally {
        await closeAll();
      }
    },
    close: closeAll,
    context: ctx,
  };
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

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
