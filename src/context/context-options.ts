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

export interface ContextOptions {
  /** Parsed fixture documents; empty = one generated workspace. */
  fixtures: NamedDocument[];
  clock: Clock;
  /** How a journal entry shows its request and answer (masking card data), given by the HTTP layer that records them. */
  journalDetails: (record: JournalRecord & JournalExchange) => JournalDetails;
  scenario?: ScenarioName;
  scenarioOptions?: ScenarioOptions;
  seed?: number;
  adminToken?: string;
  /** Host names the admin surface answers beside the listening address and loopback (`--allowed-hosts`), lowercased. */
  allowedHosts?: readonly string[];
  journalSize?: number;
  /** How often expired events, idempotency records and deliveries are freed as the mock clock passes (default 60000 ms). */
  sweepIntervalMs?: number;
  onRequest?: (line: RequestLogLine) => void;
  /** URLs that get every event of the first workspace's test mode (`--webhook`). */
  webhooks?: string[];
  /** How long a webhook attempt may take, in real milliseconds (default 10 s). */
  webhookTimeoutMs?: number;
  /** How long a dashboard stream may leave a write undrained before it is ended, in real milliseconds (default 30 s). */
  streamStallMs?: number;
  /** CA certificates (PEM) that deliveries over https: trust on top of the system's (`--webhook-ca`). */
  webhookCa?: readonly string[];
  /** How deliveries go out (default `node`). */
  webhookTransport?: 'node' | 'fetch';
  /** The memory budget (`512mb`, or bytes); default 70% of V8's old-generation limit. */
  maxMemory?: string | number;
  /** Where the budget reads the heap (default: this process's V8 heap; tests give fixed figures). */
  heapSource?: HeapSource;
  /** Told when use crosses 80% of the budget, reaches it, or falls back (the CLI logs it). */
  onMemory?: (notice: MemoryNotice) => void;
}
