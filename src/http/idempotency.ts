import { ApiError } from '../errors/api-error';
import { digest, isLive, MAX_IDEMPOTENCY_KEY_LENGTH } from '../domain/idempotency';
import { IdempotencyRecord, Partition } from '../store/store';

/** Stable JSON: the same parameters in another order give the same text. */
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
 */
export function fingerprint(keyKind: string, params: unknown): string {
  return digest(`${keyKind}:${canonicalJson(params)}`);
}

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

/** Forgets a claim for a request that never started executing, so a retry can succeed. */
export function releaseIdempotencyKey(partition: Partition, key: string, record: IdempotencyRecord): void {
  if (partition.idempotency.get(key) === record) partition.idempotency.delete(key);
}
