import fc from 'fast-check';
import { checkRequests, POLLING_READS, RETRIES } from '../../../src/review/journal-checks';
import type { ReviewedRequest } from '../../../src/review/journal-facts';
import { judgeProbe } from '../../../src/review/probe-verdict';
import { PROBE_CASES } from '../../../src/review/probe-cases';

let next = 0;
/** A reviewed request: a pinned, keyed, successful create unless told otherwise. */
function request(fields: Partial<ReviewedRequest> = {}): ReviewedRequest {
  next++;
  return {
    id: `req_${next}`,
    at_ms: next * 1000,
    created: 1767225600,
    method: 'POST',
    path: '/v1/payments',
    status: 200,
    workspace: 'ws_1',
    key: 'sk_test_…abcd',
    keyKind: 'secret',
    idempotencyKey: `key-${next}`,
    fromBrowser: false,
    pinnedVersion: true,
    retryAfter: null,
    params: '{"amount":2000,"currency":"usd"}',
    objectId: `pay_${next}`,
    card: null,
    ...fields,
  };
}

const rules = (requests: ReviewedRequest[]) => checkRequests(requests, 'ws_1', () => false).map((f) => f.rule);

describe('the journal rules', () => {
  it.each([
    ['a create without a key is idempotency_key_missing', [request({ idempotencyKey: null })], ['idempotency_key_missing']],
    [
      'two identical creates without a key 5 s apart are duplicate_object',
      [request({ idempotencyKey: null, at_ms: 0 }), request({ idempotencyKey: null, at_ms: 5000 })],
      ['duplicate_object', 'idempotency_key_missing'],
    ],
    [
      'two identical creates without a key 61 s apart are two orders, not a retry',
      [request({ idempotencyKey: null, at_ms: 0 }), request({ idempotencyKey: null, at_ms: 61_000 })],
      ['idempotency_key_missing'],
    ],
    [
      'two creates with different parameters are not the same request',
      [request({ idempotencyKey: null, at_ms: 0 }), request({ idempotencyKey: null, at_ms: 10, params: '{"amount":500}' })],
      ['idempotency_key_missing'],
    ],
    ['a secret key with Origin is secret_key_in_browser', [request({ fromBrowser: true })], ['secret_key_in_browser']],
    ['a publishable key from a browser is what it is for', [request({ fromBrowser: true, keyKind: 'publishable' })], []],
    ['no request pinned a version is version_not_pinned', [request({ pinnedVersion: false })], ['version_not_pinned']],
    ['one pinned request is enough', [request({ pinnedVersion: false }), request()], []],
  ])('%s', (_name, requests, expected) => {
    expect(rules(requests)).toEqual(expected);
  });

  it('a create answered 500 that made its object all the same counts for duplicate_object', () => {
    const lost = request({ idempotencyKey: null, status: 500, objectId: null, at_ms: 0 });
    const retry = request({ idempotencyKey: null, at_ms: 200 });
    expect(checkRequests([lost, retry], 'ws_1', (r) => r.id === lost.id).map((f) => f.rule)).toContain('duplicate_object');
    expect(checkRequests([lost, retry], 'ws_1', () => false).map((f) => f.rule)).not.toContain('duplicate_object');
  });

  it('polling needs the reads within a minute', () => {
    const read = (at_ms: number) => request({ method: 'GET', path: '/v1/payments/pay_1', at_ms, idempotencyKey: null, objectId: 'pay_1' });
    expect(rules(Array.from({ length: POLLING_READS }, (_, i) => read(i * 6000)))).toEqual(['payment_polling']);
    expect(rules(Array.from({ length: POLLING_READS }, (_, i) => read(i * 7000)))).toEqual([]);
  });

  it('never flags a retry chain whose waits at least double, always one whose waits stay the same (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: RETRIES, max: 6 }), (first, retries) => {
        const chain = (wait: (i: number) => number) => {
          let at = 0;
          return Array.from({ length: retries + 1 }, (_, i) => {
            at += i === 0 ? 0 : wait(i);
            return request({ method: 'GET', path: '/v1/account', status: i < retries ? 503 : 200, at_ms: at, idempotencyKey: null, objectId: null });
          });
        };
        const steady = chain(() => first);
        const doubling = chain((i) => first * 2 ** (i - 1));
        // Waits past a minute end a chain: only what fits is a chain.
        if (doubling.at(-1)!.at_ms - doubling.at(-2)!.at_ms > 60_000) return;
        expect(rules(steady)).toContain('retry_without_backoff');
        expect(rules(doubling)).not.toContain('retry_without_backoff');
      }),
    );
  });

  it('requests that each carry their own Idempotency-Key and a version never give a money rule (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ gap: fc.nat(120_000), amount: fc.constantFrom('100', '2000') }), { maxLength: 30 }), (shape) => {
        let at = 0;
        const requests = shape.map(({ gap, amount }) => request({ at_ms: (at += gap), params: `{"amount":${amount}}` }));
        expect(rules(requests)).toEqual([]);
      }),
    );
  });
});

describe('probe verdicts', () => {
  const answer = (status: number | null, error: string | null = null, durationMs = 5) => ({ status, error, body: null, durationMs });
  it.each([
    ['an unsigned delivery answered 200 is critical', PROBE_CASES.no_signature, answer(200), 'critical'],
    ['an unsigned delivery answered 400 passes', PROBE_CASES.no_signature, answer(400), 'pass'],
    ['a redirect counts as a refusal', PROBE_CASES.replayed, answer(302, 'redirect'), 'pass'],
    ['a future timestamp accepted fails, without being critical', PROBE_CASES.future_timestamp, answer(204), 'fail'],
    ['a valid delivery refused fails', PROBE_CASES.valid, answer(500), 'fail'],
    ['a duplicate accepted passes', PROBE_CASES.duplicate, answer(200), 'pass'],
    ['a right answer after 4 s is a warning', PROBE_CASES.valid, answer(200, null, 4000), 'warning'],
    ['no answer in time fails, whatever was expected', PROBE_CASES.no_signature, answer(null, 'timeout', 10000), 'fail'],
    ['no listener fails', PROBE_CASES.valid, answer(null, 'connection_refused'), 'fail'],
  ] as const)('%s', (_name, probe, result, verdict) => {
    expect(judgeProbe(probe, result, 10_000).verdict).toBe(verdict);
  });
});
