import { journalDetails } from '../../../src/http/journal-masking';
import { Journal, JournalRecord } from '../../../src/store/journal';
import type { PackedExchange } from '../../../src/store/exchange-slab';

let next = 0;
/** A finished request's record, as finishV1 hands it over. */
function record(fields: Partial<JournalRecord> = {}): JournalRecord & { keyRecord: undefined } {
  next++;
  return {
    id: `req_${next}`,
    method: 'POST',
    path: '/v1/payments',
    status: 200,
    idempotency_key: null,
    replayed: false,
    duration_ms: 0.25,
    created: 1767225600 + next,
    workspace: 'ws_1',
    near_miss: null,
    at_ms: 1000 + next,
    keyRecord: undefined,
    ...fields,
  };
}

const ANSWER = '{"id":"pay_1","object":"payment"}';

/** What finishV1 hands over beside it: the answer as text when it has no value to serialise again. */
function exchange(fields: Partial<PackedExchange> = {}): PackedExchange {
  return {
    headers: { host: 'localhost:4010', authorization: 'Bearer sk_test_abcdefghijklmnop1234' },
    body: Buffer.from('amount=2000&currency=usd'),
    bodyTruncated: false,
    query: '',
    params: { amount: 2000, currency: 'usd' },
    responseHeaders: { 'Content-Type': 'application/json; charset=utf-8', 'Request-Id': 'req_x' },
    responseValue: undefined,
    responseText: ANSWER,
    ...fields,
  };
}

describe('Journal: the most recent requests', () => {
  it('shows each request as recorded, newest first, reads and writes alike', () => {
    const journal = new Journal(10, journalDetails);
    const written = record({ id: 'req_write', idempotency_key: 'order-1', replayed: true, status: 201, duration_ms: 1.5 });
    const read_ = record({ id: 'req_read', method: 'GET', path: '/v1/payments/pay_1', near_miss: { id: 'pay_1', workspace: 'ws_2', livemode: false } });
    journal.record(written, exchange(), ANSWER);
    journal.record(read_, exchange({ body: new Uint8Array(0), params: undefined, query: 'expand[]=customer' }), ANSWER);
    const [read, write] = journal.list();
    expect(read).toMatchObject({
      id: 'req_read',
      method: 'GET',
      path: '/v1/payments/pay_1',
      status: 200,
      idempotency_key: null,
      near_miss: { id: 'pay_1', workspace: 'ws_2', livemode: false },
      request_body: { expand: ['customer'] },
      response_body: { id: 'pay_1', object: 'payment' },
      request_headers: { host: 'localhost:4010', authorization: 'Bearer sk_test_…1234' },
      response_headers: { 'content-type': 'application/json; charset=utf-8', 'request-id': 'req_x' },
    });
    expect(write).toMatchObject({
      id: 'req_write',
      status: 201,
      idempotency_key: 'order-1',
      replayed: true,
      duration_ms: 1.5,
      workspace: 'ws_1',
      request_body: { amount: 2000, currency: 'usd' },
    });
    expect(journal.chronological().map(({ ordinal, entry, at_ms }) => [ordinal, entry.id, at_ms])).toEqual([
      [1, 'req_write', written.at_ms],
      [2, 'req_read', read_.at_ms],
    ]);
  });

  it('keeps a copy of a write, not the objects it was given: changing them afterwards changes nothing shown', () => {
    const journal = new Journal(10, journalDetails);
    const given = exchange();
    journal.record(record(), given, ANSWER);
    (given.headers as Record<string, string>).host = 'changed';
    given.responseHeaders['Request-Id'] = 'changed';
    (given.params as Record<string, unknown>).amount = 1;
    given.body.fill(0x41);
    const [entry] = journal.list();
    expect(entry).toMatchObject({
      request_headers: { host: 'localhost:4010' },
      response_headers: { 'request-id': 'req_x' },
      request_body: { amount: 2000 },
    });
    // What fits in a slot holds no heap objects the memory budget must count.
    expect(journal.bytes).toBe(0);
  });

  it("keeps a read's exchange as objects, and counts them", () => {
    const journal = new Journal(10, journalDetails);
    journal.record(
      record({ method: 'GET', path: '/v1/payments/pay_1' }),
      exchange({ params: undefined, body: new Uint8Array(0), responseText: ANSWER }),
      ANSWER,
    );
    expect(journal.bytes).toBe(1024 + ANSWER.length);
    expect(journal.list()[0]).toMatchObject({ method: 'GET', path: '/v1/payments/pay_1', response_body: { id: 'pay_1' } });
  });

  it('keeps an exchange too large for a slot as objects, counts them, and frees them as the ring turns', () => {
    const journal = new Journal(2, journalDetails);
    const body = Buffer.from(`description=${'x'.repeat(5000)}`);
    journal.record(record({ id: 'req_large' }), exchange({ body, params: { description: 'x'.repeat(5000) }, responseText: ANSWER }), ANSWER);
    expect(journal.bytes).toBeGreaterThan(5000);
    expect(journal.list({ id: 'req_large' })[0]).toMatchObject({ id: 'req_large', request_body: { description: 'x'.repeat(5000) } });
    journal.record(record(), exchange(), ANSWER);
    expect(journal.bytes).toBeGreaterThan(5000);
    journal.record(record(), exchange(), ANSWER);
    expect(journal.bytes).toBe(0);
    expect(journal.list({ id: 'req_large' })).toEqual([]);
  });

  it('filters by method, path prefix, status and id, and stops at the limit', () => {
    const journal = new Journal(100, journalDetails);
    for (let i = 0; i < 30; i++) {
      const method = i % 3 === 0 ? 'GET' : 'POST';
      journal.record(record({ id: `req_f${i}`, method, path: `/v1/${i % 2 ? 'refunds' : 'payments'}`, status: i % 5 ? 200 : 402 }), exchange(), ANSWER);
    }
    const ids = (filter: Parameters<Journal['list']>[0]) => journal.list(filter).map((entry) => entry.id);
    expect(ids({ method: 'get', path: '/v1/pay', status: 402 })).toEqual(['req_f0']);
    expect(ids({ path: '/v1/refunds', status: 402 })).toEqual(['req_f25', 'req_f15', 'req_f5']);
    expect(ids({ id: 'req_f7' })).toEqual(['req_f7']);
    expect(ids({ method: 'GET', limit: 2 })).toEqual(['req_f27', 'req_f24']);
    expect(journal.list({ limit: 1000 })).toHaveLength(30);
  });

  it('drops the oldest past its capacity, and a clear forgets everything', () => {
    const journal = new Journal(3, journalDetails);
    const records = Array.from({ length: 5 }, (_, i) => record({ id: `req_r${i}` }));
    for (const given of records) journal.record(given, exchange(), ANSWER);
    expect(journal.list().map((entry) => entry.id)).toEqual(['req_r4', 'req_r3', 'req_r2']);
    // Past the turn of the ring, each kept entry still has its own ordinal and arrival time.
    expect(journal.chronological().map(({ ordinal, entry, at_ms }) => [ordinal, entry.id, at_ms])).toEqual(
      records.slice(2).map((given, i) => [3 + i, given.id, given.at_ms]),
    );
    expect([journal.recorded, journal.kept]).toEqual([5, 3]);
    journal.clear();
    expect([journal.list(), journal.recorded, journal.kept, journal.bytes]).toEqual([[], 0, 0, 0]);
    journal.record(record({ id: 'req_after' }), exchange(), ANSWER);
    expect(journal.list().map((entry) => entry.id)).toEqual(['req_after']);
  });

  it('keeps nothing with a capacity of 0', () => {
    const journal = new Journal(0, journalDetails);
    journal.record(record(), exchange(), ANSWER);
    expect([journal.list(), journal.recorded]).toEqual([[], 0]);
  });
});
