import { expireIdempotency, IDEMPOTENCY_WINDOW_SECONDS, isLive } from '../../../src/domain/idempotency';
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
