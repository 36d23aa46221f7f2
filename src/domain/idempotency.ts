import { sha256Hex } from '../runtime/hashing';
import { IdempotencyRecord, Partition } from '../store/store';

/** How long a saved response answers retries with the same Idempotency-Key. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A record still answers while `now - created` is under 24 hours; at exactly 24h the key starts afresh. */
export function isLive(record: IdempotencyRecord, now: number): boolean {
  return now - record.created < IDEMPOTENCY_WINDOW_SECONDS;
}

/**
 * Frees records older than the window. The map is in creation order, so this stops at the first live record;
 * one made while the clock was set back may linger until then, but `isLive` still hides it.
 */
export function expireIdempotency(partition: Partition, now: number): void {
  if (partition.idempotency.size === 0) return; // every request passes here: no iterator when there is nothing
  for (const [key, record] of partition.idempotency) {
    if (isLive(record, now)) return;
    if (record.response) partition.idempotency.delete(key);
  }
}

/** SHA-256 in hex (node:crypto on Node, loaded on first use: servers that never see an Idempotency-Key skip it). */
export function digest(text: string): string {
  return sha256Hex(text);
}
