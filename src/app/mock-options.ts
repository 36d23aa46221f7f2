import { join } from 'node:path';
import type { RequestLogLine } from '../context/mock-context';
import type { FixtureDocument } from '../state/fixture-types';
import type { ScenarioName, ScenarioOptions } from '../scenarios/scenarios';
import { PACKAGE_ROOT } from '../package-root';
import type { HeapSource } from '../memory/heap-source';
import type { MemoryNotice } from '../memory/memory-budget';
import type { AutosaveReport } from '../state/autosave';
import type { TlsOptions } from '../tls/tls-options';

/** The bundled fixtures, used when no --fixtures is given. */
export const DEFAULT_FIXTURES = join(PACKAGE_ROOT, 'fixtures', 'default.json');

/**
 * Options shared by `startMock`, `createApp` and the CLI.
 * @example { port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1, scenario: 'manual' }
 */
export interface MockOptions {
  /** 0 = any free port. Default 4010. */
  port?: number;
  host?: string;
  /** A fixture file or folder, a fixture document, or 'none' (one generated workspace). Default: the bundled fixtures. */
  fixtures?: string | FixtureDocument;
  /** real | frozen | frozen@<ISO-8601> | offset:<duration>. Default real. */
  clock?: string;
  scenario?: ScenarioName;
  scenarioOptions?: ScenarioOptions;
  /** Makes ids, injected faults and generated data reproducible. */
  seed?: number;
  /**
   * Host names the admin API and the dashboard answer beside the listening address and loopback, on any port (as
   * Vite's `server.allowedHosts`): a container's service name, such as `['payments-mock']`. Every other name is still
   * refused 403 `host_not_allowed` (DNS rebinding). `/v1` answers any Host regardless.
   */
  allowedHosts?: string[];
  /** When set, /_mock/* (but health) needs `Authorization: Bearer <token>`. */
  adminToken?: string;
  /** Load the store from this file at start if it exists; save to it on demand and on shutdown. */
  state?: string;
  /** How many /v1 requests the journal keeps (default 1000, at most 100,000; 0 = none). Bodies are cut at 16 KiB. */
  journalSize?: number;
  /** How often expired events, idempotency records and deliveries are freed, on the mock clock (default 60000 ms; 1 to 86400000). */
  sweepIntervalMs?: number;
  /** How long a client may take to send a whole request before it is answered 408 request_timeout (default 30000 ms). Standalone server only. */
  bodyTimeoutMs?: number;
  /**
   * Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN): `true` serves it alone on `port`; `{ port }` beside HTTP on `port`, over
   * one state. The certificate is `{ cert, key }` (PEM files), else a leaf of the local CA (see docs/https.md).
   */
  tls?: boolean | TlsOptions;
  /** A PEM bundle of CA certificates that webhook deliveries trust on top of the system's (`--webhook-ca`). */
  webhookCa?: string;
  /** Called after every /v1 request (the CLI logs with it). */
  onRequest?: (line: RequestLogLine) => void;
  /** URLs that get every event of the first workspace's test mode, as `--webhook` registers them. */
  webhooks?: string[];
  /** How long a webhook attempt may take, in real milliseconds. Default 10000. */
  webhookTimeoutMs?: number;
  /**
   * How long a dashboard stream (`GET /_mock/stream`) whose client stopped reading is kept before it is ended, in
   * real milliseconds. Default 30000.
   */
  streamStallMs?: number;
  /**
   * How webhook deliveries go out: `node` (node:http with keep-alive; the server's default) or `fetch` (the global
   * `fetch`, so MSW and other fetch interceptors see them; the default of `createFetchHandler`).
   */
  webhookTransport?: 'node' | 'fetch';
  /**
   * The memory budget: a size such as `'512mb'` or `'2gb'`, or bytes. Past it, a request that would store something
   * new is refused with 503 `memory_budget_exceeded`; reads, deletes, resets and exports go on. Default: 70% of the old generation of
   * the heap V8 allows the process (`node --max-old-space-size` sets that).
   */
  maxMemory?: string | number;
  /** With `state`: save in the background this often when something changed (`'30s'`, `'5m'`, `'500ms'`, seconds as a number, or `'off'`). Default `'30s'`, real time. */
  autosave?: string | number;
  /** Called after each autosave with what was saved (the CLI logs it). */
  onAutosave?: (saved: AutosaveReport) => void;
  /** Told when memory use crosses 80% of the budget, reaches it, or falls back (the CLI logs it). */
  onMemory?: (notice: MemoryNotice) => void;
  /** Where the budget reads the heap: advanced, for tests that need fixed figures. Default: this process's V8 heap. */
  heapSource?: HeapSource;
}
