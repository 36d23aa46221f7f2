import type { Clock } from '../clock/clock';
import type { HeapSource } from '../memory/heap-source';
import type { MemoryNotice } from '../memory/memory-budget';
import type { ScenarioName, ScenarioOptions } from '../scenarios/scenarios';
import type { NamedDocument } from '../state/read-fixtures';
import type { JournalDetails, JournalExchange, JournalRecord } from '../store/journal';

/** Where a request log line goes; the CLI prints it, embedders may collect it. */
export interface RequestLogLine {
  method: string;
  path: string;
  status: number;
  /** The error code of an error answer (`card_declined`), else null. */
  error_code: string | null;
  duration_ms: number;
  key_kind: string | null;
  replayed: boolean;
  request_id: string;
}

/**
 * The settings of an instance that `startMock`/`createApp` take as they are (MockOptions extends this) and the
 * context keeps: written once, here.
 */
export interface InstanceSettings {
  scenario?: ScenarioName;
  scenarioOptions?: ScenarioOptions;
  /** Makes ids, injected faults and generated data reproducible (0 to 4294967295). */
  seed?: number;
  /** When set, /_mock/* (but health) needs `Authorization: Bearer <token>`. */
  adminToken?: string;
  /** How many /v1 requests the journal keeps (default 1000, at most 100,000; 0 = none). Bodies are cut at 16 KiB. */
  journalSize?: number;
  /** How often expired events, idempotency records and deliveries are freed, on the mock clock (default 60000 ms; 1 to 86400000). */
  sweepIntervalMs?: number;
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
  /** Where the budget reads the heap: advanced, for tests that need fixed figures. Default: this process's V8 heap. */
  heapSource?: HeapSource;
  /** Told when memory use crosses 80% of the budget, reaches it, or falls back (the CLI logs it). */
  onMemory?: (notice: MemoryNotice) => void;
}

/** What a context is built from: the instance settings, and what startMock reads or checks first. */
export interface ContextOptions extends InstanceSettings {
  /** Parsed fixture documents; empty = one generated workspace. */
  fixtures: NamedDocument[];
  clock: Clock;
  /** How a journal entry shows its request and answer (masking card data), given by the HTTP layer that records them. */
  journalDetails: (record: JournalRecord & JournalExchange) => JournalDetails;
  /** Host names the admin surface answers beside the listening address and loopback (`--allowed-hosts`), lowercased. */
  allowedHosts?: readonly string[];
  /** CA certificates (PEM) that deliveries over https: trust on top of the system's (`--webhook-ca`). */
  webhookCa?: readonly string[];
}
