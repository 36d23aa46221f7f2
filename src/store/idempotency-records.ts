import { textBytes } from './stored-bytes';

/**
 * The answer a retry replays. `value` is what the body was serialised from: stored objects are immutable, so
 * serialising it again gives the same bytes, and a record holds references instead of a copy of the text for
 * 24 hours. `body` is the text itself, for answers that have no value (loaded from a state file).
 */
export interface SavedResponse {
  status: number;
  /** The Service-Version the body was rendered at, which a replay reports again. */
  version: string;
  value?: unknown;
  body?: string;
}

/** The exact text of a saved answer. */
export function savedBody(response: SavedResponse): string {
  return response.body ?? JSON.stringify(response.value);
}

export interface IdempotencyRecord {
  method: string;
  path: string;
  /** SHA-256 of the canonical JSON of the key kind and parameters: a retry must match it; card data is never kept. */
  fingerprint: string;
  created: number;
  /** Undefined while the first request is still executing. */
  response?: SavedResponse;
}

/**
 * A partition's idempotency records by key, in creation order (so expired records are found at the front), with
 * the heap bytes of the text they keep counted as they come and go: the key, and an answer kept as text (loaded
 * from a state file: a whole served object each). An answer kept as a value refers to stored objects, which are
 * counted where they are stored.
 */
export class IdempotencyRecords extends Map<string, IdempotencyRecord> {
  private textBytes = 0;

  /** The heap bytes of the text the records keep (see the class). */
  get bytes(): number {
    return this.textBytes;
  }

  override set(key: string, record: IdempotencyRecord): this {
    const previous = super.get(key);
    if (previous) this.textBytes -= recordBytes(key, previous);
    super.set(key, record);
    this.textBytes += recordBytes(key, record);
    return this;
  }

  override delete(key: string): boolean {
    const record = super.get(key);
    if (!record) return false;
    this.textBytes -= recordBytes(key, record);
    return super.delete(key);
  }

  override clear(): void {
    this.textBytes = 0;
    super.clear();
  }

  /**
   * Stores a claimed record's answer, counting a body kept as text while the record is still this key's. What is
   * saved, and when, is decided by `saveIdempotentAnswer` in `src/domain/idempotency.ts`.
   */
  answer(key: string, record: IdempotencyRecord, response: SavedResponse): void {
    const kept = super.get(key) === record;
    if (kept) this.textBytes -= recordBytes(key, record);
    record.response = response;
    if (kept) this.textBytes += recordBytes(key, record);
  }
}

function recordBytes(key: string, record: IdempotencyRecord): number {
  return textBytes(key) + textBytes(record.response?.body);
}
