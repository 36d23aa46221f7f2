import {
  canonicalJson,
  checkIdempotencyKey,
  claimIdempotencyKey,
  expireIdempotency,
  fingerprint,
  IDEMPOTENCY_WINDOW_SECONDS,
  isLive,
  releaseIdempotencyKey,
  saveIdempotentAnswer,
} from '../../../src/domain/idempotency';
import { ApiError } from '../../../src/errors/api-error';
import { IdempotencyRecord, Partition } from '../../../src/store/store';
import { IdCodec } from '../../../src/store/ids';
import { Random } from '../../../src/store/random';
import { T0 } from './fresh-scope';

const HOUR = 3600;

function record(created: number, answered = true): IdempotencyRecord {
  return { method: 'POST', path: '/v1/payments', fingerprint: 'f', created, ...(answered ? { response: { status: 200, version: 'v', body: '{}' } } : {}) };
}

describe('isLive: an idempotency record answers retries for 24 hours', () => {
  it('the window is 24 hours', () => {
    expect(IDEMPOTENCY_WINDOW_SECONDS).toBe(24 * HOUR);
  });

  it.each([
    ['a record just made is live', 0, true],
    ['a record an hour old is live', HOUR, true],
    ['a record a second short of 24 hours old is live', 24 * HOUR - 1, true],
    ['a record exactly 24 hours old is not: the key starts afresh', 24 * HOUR, false],
    ['a record 25 hours old is not', 25 * HOUR, false],
    ['a record from the future (the clock was set back) is live', -HOUR, true],
  ])('%s', (_rule, age, live) => {
    expect(isLive(record(T0), T0 + age)).toBe(live);
  });
});

describe('expireIdempotency frees what has left the window', () => {
  it.each<[string, Array<[string, number, boolean]>, number, string[]]>([
    [
      'nothing is freed while every record is live',
      [
        ['a', 0, true],
        ['b', HOUR, true],
      ],
      24 * HOUR - 1,
      ['a', 'b'],
    ],
    [
      'a record is freed at exactly 24 hours, the newer one stays',
      [
        ['a', 0, true],
        ['b', HOUR, true],
      ],
      24 * HOUR,
      ['b'],
    ],
    [
      'every record past the window is freed',
      [
        ['a', 0, true],
        ['b', HOUR, true],
      ],
      25 * HOUR,
      [],
    ],
    [
      'a record whose first request is still running is not freed, however old',
      [
        ['running', 0, false],
        ['b', HOUR, true],
      ],
      30 * HOUR,
      ['running'],
    ],
    [
      'an expired record behind a live one (made while the clock was set back) lingers, since only the front is looked at',
      [
        ['live', 10 * HOUR, true],
        ['behind', 0, true],
      ],
      24 * HOUR + 1,
      ['live', 'behind'],
    ],
  ])('%s', (_rule, records, now, left) => {
    const partition = new Partition(false, new IdCodec(new Random(1)));
    for (const [key, created, answered] of records) partition.idempotency.set(key, record(T0 + created, answered));
    expireIdempotency(partition, T0 + now);
    expect([...partition.idempotency.keys()]).toEqual(left);
  });

  it('a lingering expired record is still not live, so it never answers a retry', () => {
    expect(isLive(record(T0), T0 + 24 * HOUR + 1)).toBe(false);
  });
});

function partition(): Partition {
  return new Partition(false, new IdCodec(new Random(1)));
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.code : 'not an ApiError';
  }
  return undefined;
}

describe('checkIdempotencyKey: 1 to 255 characters', () => {
  it.each([
    ['an empty key is refused', '', 'parameter_invalid'],
    ['one character is fine', 'k', undefined],
    ['255 characters are fine', 'k'.repeat(255), undefined],
    ['256 characters are refused', 'k'.repeat(256), 'parameter_invalid'],
  ])('%s', (_rule, key, code) => {
    expect(codeOf(() => checkIdempotencyKey(key))).toBe(code);
  });
});

describe('fingerprint: the parameters told apart without keeping them', () => {
  it('is the same for the same parameters in another order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: null } })).toBe('{"a":{"c":null,"d":[1,2]},"b":1}');
    expect(fingerprint('secret', { amount: 100, currency: 'eur' })).toBe(fingerprint('secret', { currency: 'eur', amount: 100 }));
  });

  it('differs for other parameters or another kind of key, and never holds the card number', () => {
    const card = fingerprint('secret', { card: { number: '4242424242424242' } });
    expect(card).not.toBe(fingerprint('secret', { card: { number: '4000000000000002' } }));
    expect(card).not.toBe(fingerprint('publishable', { card: { number: '4242424242424242' } }));
    expect(card).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('claimIdempotencyKey, releaseIdempotencyKey and saveIdempotentAnswer', () => {
  const request = { method: 'POST', path: '/v1/payments', fingerprint: 'f' };

  it('a first use claims the key; a duplicate while it runs is told it is in use', () => {
    const p = partition();
    const first = claimIdempotencyKey(p, 'k', request, T0);
    expect('record' in first).toBe(true);
    expect(codeOf(() => claimIdempotencyKey(p, 'k', request, T0 + 30 * HOUR))).toBe('idempotency_key_in_use');
  });

  it('the saved answer replays; other parameters or another path are a mismatch', () => {
    const p = partition();
    const first = claimIdempotencyKey(p, 'k', request, T0);
    if (!('record' in first)) throw new Error('expected a claim');
    saveIdempotentAnswer(p, 'k', first.record, { status: 200, body: '{"id":1}', value: { id: 1 } }, 'v1');
    expect(claimIdempotencyKey(p, 'k', request, T0 + HOUR)).toEqual({ replay: { status: 200, version: 'v1', value: { id: 1 } } });
    expect(codeOf(() => claimIdempotencyKey(p, 'k', { ...request, fingerprint: 'g' }, T0 + HOUR))).toBe('idempotency_key_mismatch');
    expect(codeOf(() => claimIdempotencyKey(p, 'k', { ...request, path: '/v1/refunds' }, T0 + HOUR))).toBe('idempotency_key_mismatch');
  });

  it('an answer without a value is saved as its text, and counted as kept text', () => {
    const p = partition();
    const first = claimIdempotencyKey(p, 'k', request, T0);
    if (!('record' in first)) throw new Error('expected a claim');
    const before = p.idempotency.bytes;
    saveIdempotentAnswer(p, 'k', first.record, { status: 404, body: 'not found' }, 'v1');
    expect(first.record.response).toEqual({ status: 404, version: 'v1', body: 'not found' });
    expect(p.idempotency.bytes).toBeGreaterThan(before);
  });

  it('after the window the key starts afresh at the end of the creation order', () => {
    const p = partition();
    const first = claimIdempotencyKey(p, 'k', request, T0);
    if (!('record' in first)) throw new Error('expected a claim');
    saveIdempotentAnswer(p, 'k', first.record, { status: 200, body: '{}' }, 'v1');
    p.idempotency.set('later', record(T0 + HOUR));
    const again = claimIdempotencyKey(p, 'k', { ...request, fingerprint: 'other' }, T0 + 24 * HOUR);
    expect('record' in again).toBe(true);
    expect([...p.idempotency.keys()]).toEqual(['later', 'k']);
  });

  it("a released claim frees the key, but only while the record is still that key's", () => {
    const p = partition();
    const first = claimIdempotencyKey(p, 'k', request, T0);
    if (!('record' in first)) throw new Error('expected a claim');
    releaseIdempotencyKey(p, 'k', record(T0, false));
    expect(p.idempotency.has('k')).toBe(true);
    releaseIdempotencyKey(p, 'k', first.record);
    expect(p.idempotency.has('k')).toBe(false);
  });
});
