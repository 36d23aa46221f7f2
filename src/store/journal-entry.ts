import type { Permissions } from '../schemas/resources';

/** One request as the journal (`GET /_mock/requests`) shows it. Keys are masked, card numbers too, wherever they are. */
export interface JournalEntry {
  id: string;
  method: string;
  path: string;
  status: number;
  key: string | null;
  /** What a restricted key could do when the journal is read (null for other keys): a flow replays with as much. */
  key_permissions: Permissions | null;
  idempotency_key: string | null;
  replayed: boolean;
  duration_ms: number;
  request_body: unknown;
  response_body: unknown;
  /** The request's headers (lower-case names), the Authorization header masked like `key`. */
  request_headers: Record<string, string>;
  /** The answer's headers (Request-Id, Service-Version, Idempotent-Replayed, …). */
  response_headers: Record<string, string>;
  /** True when a body was longer than {@link JOURNAL_BODY_LIMIT}: it is then its first 16 KiB of text. */
  truncated: boolean;
  created: number;
  /** The workspace of the key the request carried; null when no key was recognised. */
  workspace: string | null;
  /**
   * A 404 for an id that exists elsewhere: which workspace and mode hold it. The /v1 answer never says so for
   * another workspace (workspaces are isolated); the admin side, which sees them all, may.
   */
  near_miss: JournalNearMiss | null;
}

/** Where an id a request did not find lives after all. */
export interface JournalNearMiss {
  id: string;
  workspace: string;
  livemode: boolean;
}

/** The most of each body (request and response) the journal keeps: 16 KiB, so 1,000 entries stay a few MB. */
export const JOURNAL_BODY_LIMIT = 16 * 1024;

/** The parts of an entry that take work to show safely (masking, parsing). */
export type JournalDetails = Pick<
  JournalEntry,
  'path' | 'idempotency_key' | 'key' | 'key_permissions' | 'request_body' | 'request_headers' | 'response_headers'
> & {
  response_text: string;
  request_truncated: boolean;
};

/**
 * What a finished request gives the journal beside its exchange: the fields shown as they are. Requests far
 * outnumber reads of the journal, so masking and parsing happen only for what someone looks at (JournalDetails).
 */
export interface JournalRecord {
  id: string;
  method: string;
  path: string;
  status: number;
  idempotency_key: string | null;
  replayed: boolean;
  duration_ms: number;
  created: number;
  workspace: string | null;
  near_miss: JournalNearMiss | null;
  /**
   * When the request arrived, in real milliseconds (`monotonicMs()`, which the request path reads anyway): the
   * mock clock may stand still, while retries and polling happen in real time. Only the review reads it.
   */
  at_ms: number;
}

export interface JournalFilter {
  method?: string;
  /** A prefix of the path. */
  path?: string;
  status?: number;
  /** One entry, by its Request-Id. */
  id?: string;
  limit?: number;
}
