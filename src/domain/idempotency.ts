import { ApiError } from '../errors/api-error';
import { sha256Hex } from '../runtime/hashing';
import { IdempotencyRecord, Partition } from '../store/store';

/*
 * Idempotency, the whole rule in one place: the key check, the fingerprint of what was sent, the claim and its
 * release, what is saved once the endpoint has run, the 24-hour window and the sweep of what left it. The HTTP
 * pipeline calls these in order; the store (`src/store/idempotency-records.ts`) only keeps the records.
 */

/** How long a saved response answers retries with the same Idempotency-Key. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 3600;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * A record still answers while `now - created` is under 24 hours; at exactly 24h the key starts afresh.
 * @example isLive(record, now) // false once 24 hours have passed since the key was first used
 */
export function isLive(record: IdempotencyRecord, now: number): boolean {
  return now - record.created < IDEMPOTENCY_WINDOW_SECONDS;
}

/**
 * Frees records older than the window. The map is in creation order, so this stops at the first live record;
 * one made while the clock was set back may linger until then, but `isLive` still hides it.
 * @example expireIdempotency(partition, clock.now()) // from the expiry sweep, never on the request path
 */
export function expireIdempotency(partition: Partition, now: number): void {
  if (partition.idempotency.size === 0) return; // every request passes here: no iterator when there is nothing
  for (const [key, record] of partition.idempotency) {
    if (isLive(record, now)) return;
    if (record.response) partition.idempotency.delete(key);
  }
}

/**
 * SHA-256 in hex (node:crypto on Node, loaded on first use: servers that never see an Idempotency-Key skip it).
 * @example digest('card:{}') // 64 hex characters
 */
export function digest(text: string): string {
  return sha256Hex(text);
}

/**
 * Stable JSON: the same parameters in another order give the same text.
 * @example canonicalJson({ b: 1, a: 2 }) // '{"a":2,"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
}

/**
 * What an idempotency record keeps of the parameters: a SHA-256 digest of their canonical JSON, so card numbers
 * and CVCs sent with an Idempotency-Key are never stored (nor exported to state files), yet a retry with other
 * parameters is still told apart.
 * @example fingerprint('secret', { amount: 100 }) === fingerprint('secret', { amount: 100 }) // true
 */
export function fingerprint(keyKind: string, params: unknown): string {
  return digest(`${keyKind}:${canonicalJson(params)}`);
}

/**
 * Refuses a key that is empty or longer than {@link MAX_IDEMPOTENCY_KEY_LENGTH} characters.
 * @example checkIdempotencyKey('') // throws parameter_invalid naming Idempotency-Key
 */
export function checkIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ApiError('parameter_invalid', `Invalid Idempotency-Key: it must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters (got ${key.length}).`, {
      param: 'Idempotency-Key',
    });
  }
}

export type Claim = { replay: NonNullable<IdempotencyRecord['response']> } | { record: IdempotencyRecord };

/**
 * Claims an Idempotency-Key for a request, within one account and mode. A live record with the same request
 * replays its saved response; with another request it is a 400 mismatch; still running, a 409. Otherwise the key
 * is registered as in flight (before any latency, so a duplicate during the delay sees it).
 * @example const claimed = claimIdempotencyKey(partition, key, { method: 'POST', path, fingerprint: fingerprint(kind, params) }, now)
 */
export function claimIdempotencyKey(partition: Partition, key: string, request: Omit<IdempotencyRecord, 'created' | 'response'>, now: number): Claim {
  const existing = partition.idempotency.get(key);
  // A request still running holds its key whatever the clock says: moving the clock past 24h while it runs
  // must not let a duplicate start a second execution.
  if (existing && (!existing.response || isLive(existing, now))) {
    if (existing.method !== request.method || existing.path !== request.path || existing.fingerprint !== request.fingerprint) {
      const what = existing.path !== request.path || existing.method !== request.method ? `${existing.method} ${existing.path}` : 'other parameters';
      throw new ApiError(
        'idempotency_key_mismatch',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. This key was used with ${what}; use a new key for a different request.`,
      );
    }
    if (!existing.response) {
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed. Retry once it has finished.');
    }
    return { replay: existing.response };
  }
  // A stale record is removed first so the new one goes to the end of the creation-ordered map.
  if (existing) partition.idempotency.delete(key);
  const record: IdempotencyRecord = { ...request, created: now };
  partition.idempotency.set(key, record);
  return { record };
}

/**
 * Forgets a claim for a request that never started executing, so a retry can succeed.
 * @example releaseIdempotencyKey(partition, key, claimed.record) // a fault before the endpoint ran
 */
export function releaseIdempotencyKey(partition: Partition, key: string, record: IdempotencyRecord): void {
  if (partition.idempotency.get(key) === record) partition.idempotency.delete(key);
}

/**
 * Saves the answer of a request that ran, for its retries: every answer the endpoint gave, errors included (a
 * fault injected after it is not saved: the retry gets what the endpoint answered). A JSON answer is kept as the
 * value it was serialised from (stored objects are immutable, so it serialises to the same bytes), any other as
 * its text; `version` is the Service-Version a replay reports.
 * @example saveIdempotentAnswer(partition, key, claimed.record, response, version)
 */
export function saveIdempotentAnswer(
  partition: Partition,
  key: string,
  record: IdempotencyRecord,
  answer: { status: number; body: string; value?: unknown },
  version: string,
): void {
  partition.idempotency.answer(
    key,
    record,
    answer.value === undefined ? { status: answer.status, version, body: answer.body } : { status: answer.status, version, value: answer.value },
  );
}
