import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, holdLatency, Sandbox, sandbox } from '../helpers/sandbox';

const DAY = 86400;

/** The test (or live) partition of the sandbox's workspace: where its objects and idempotency records live. */
function partition(box: Sandbox, live = false) {
  const workspace = [...box.ctx.store.workspaces.values()][0];
  if (!workspace) throw new Error('no workspace');
  return live ? workspace.live : workspace.test;
}

/** POST a form with an Idempotency-Key (secret test key by default). */
function postWithKey(box: Sandbox, path: string, idempotencyKey: string, form: Record<string, string | number>, key = box.keys.secret) {
  return box.post(path, form, key).set('Idempotency-Key', idempotencyKey);
}

const PAYMENT = { amount: 2000, currency: 'usd' };

describe('Idempotency-Key: replays', () => {
  it('replays the same status and byte-identical body with Idempotent-Replayed: true, creating nothing new', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(first.status).toBe(200);
    expectSchema(first.body, 'Payment');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const payments = partition(box).payments.size;
    const events = partition(box).events.size;

    const replay = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['content-type']).toMatch(/application\/json/);
    expect(replay.text).toBe(first.text);
    expect(partition(box).payments.size).toBe(payments);
    expect(partition(box).events.size).toBe(events);
    expect(payments).toBe(1);
  });

  it('replays the saved response, not the object as it is now (created requires_confirmation, now succeeded)', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect((await box.get(`/v1/payments/${first.body.id}`)).body.status).toBe('succeeded');
    const replay = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(replay.body.status).toBe('requires_confirmation');
    expect(replay.text).toBe(first.text);
  });

  it('treats the same parameters in another order, or as JSON, as the same request', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', { amount: 2000, currency: 'usd', 'metadata[a]': '1', 'metadata[b]': '2' });
    const reordered = await postWithKey(box, '/v1/payments', 'order-1', { 'metadata[b]': '2', currency: 'usd', 'metadata[a]': '1', amount: 2000 });
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.text).toBe(first.text);
    const json = await box.postJson('/v1/payments', { amount: 2000, currency: 'usd', metadata: { a: '1', b: '2' } }).set('Idempotency-Key', 'order-1');
    expect(json.headers['idempotent-replayed']).toBe('true');
    expect(json.text).toBe(first.text);
    expect(partition(box).payments.size).toBe(1);
  });

  it('replays with the Service-Version the saved body was rendered at, whatever the retry asks for', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/customers', 'cus-1', { phone: '+441234567' }).set('Service-Version', '2024-09-30');
    expect(first.body).not.toHaveProperty('phone');
    const replay = await postWithKey(box, '/v1/customers', 'cus-1', { phone: '+441234567' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(replay.headers['service-version']).toBe('2024-09-30');
  });

  it('records the Idempotency-Key on the events of the request', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    const events = await box.get('/v1/events?type=payment.created');
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].request).toEqual({ id: first.headers['request-id'], idempotency_key: 'order-1' });
  });
});

describe('Idempotency-Key: mismatches', () => {
  it('refuses the same key with other parameters: 400 idempotency_error/idempotency_key_mismatch, nothing created', async () => {
    const box = sandbox();
    await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    const res = await postWithKey(box, '/v1/payments', 'order-1', { amount: 3000, currency: 'usd' });
    expectError(res, 400, 'idempotency_key_mismatch');
    expect(res.body.error.type).toBe('idempotency_error');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(partition(box).payments.size).toBe(1);
  });

  it('refuses the same key with an extra parameter', async () => {
    const box = sandbox();
    await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expectError(await postWithKey(box, '/v1/payments', 'order-1', { ...PAYMENT, description: 'x' }), 400, 'idempotency_key_mismatch');
  });

  it('refuses the same key on another path: 400 idempotency_key_mismatch naming the first request', async () => {
    const box = sandbox();
    await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    const res = await postWithKey(box, '/v1/customers', 'order-1', {});
    expectError(res, 400, 'idempotency_key_mismatch');
    expect(res.body.error.type).toBe('idempotency_error');
    expect(res.body.error.message).toContain('POST /v1/payments');
    expect(partition(box).customers.size).toBe(0);
  });

  it('still replays the original request after a mismatch', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    await postWithKey(box, '/v1/payments', 'order-1', { amount: 1, currency: 'usd' });
    const replay = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
  });
});

describe('Idempotency-Key: length', () => {
  it('accepts a key of 255 characters and replays with it', async () => {
    const box = sandbox();
    const key = 'k'.repeat(255);
    const first = await postWithKey(box, '/v1/payments', key, PAYMENT);
    expect(first.status).toBe(200);
    const replay = await postWithKey(box, '/v1/payments', key, PAYMENT);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key of 256 characters with 400 naming Idempotency-Key, creating nothing', async () => {
    const box = sandbox();
    const res = await postWithKey(box, '/v1/payments', 'k'.repeat(256), PAYMENT);
    expectError(res, 400, 'parameter_invalid', 'Idempotency-Key');
    expect(res.body.error.message).toContain('255');
    expect(partition(box).payments.size).toBe(0);
    expect(partition(box).idempotency.size).toBe(0);
  });
});

describe('Idempotency-Key: scope', () => {
  it('is scoped to the mode: the same key with a live key creates a live object', async () => {
    const box = sandbox();
    const test = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    const live = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT, box.keys.liveSecret);
    expect(live.status).toBe(200);
    expect(live.headers['idempotent-replayed']).toBeUndefined();
    expect(live.body.livemode).toBe(true);
    expect(live.body.id).not.toBe(test.body.id);
    expect(partition(box, true).payments.size).toBe(1);
    // Each mode replays its own.
    expect((await postWithKey(box, '/v1/payments', 'order-1', PAYMENT, box.keys.liveSecret)).body.id).toBe(live.body.id);
    expect((await postWithKey(box, '/v1/payments', 'order-1', PAYMENT)).body.id).toBe(test.body.id);
  });

  it('is scoped to the account: the same key in another workspace creates a new object', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    const other = await box.admin('post', '/_mock/workspaces', { name: 'Other' });
    const otherSecret = other.body.keys.find((k: { kind: string; livemode: boolean }) => k.kind === 'secret' && !k.livemode).key as string;
    const res = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT, otherSecret);
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(res.body.id).not.toBe(first.body.id);
  });
});

describe('Idempotency-Key: nothing is saved for requests that never started executing', () => {
  const retrySucceeds = async (box: Sandbox) => {
    const res = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(partition(box).payments.size).toBe(1);
  };

  it('after a 401 missing_api_key', async () => {
    const box = sandbox();
    const res = await box.http.post('/v1/payments').type('form').send('amount=2000&currency=usd').set('Idempotency-Key', 'order-1');
    expectError(res, 401, 'missing_api_key');
    await retrySucceeds(box);
  });

  it('after a 401 api_key_expired from a rotated key of the same account', async () => {
    const box = sandbox();
    await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' });
    expectError(await postWithKey(box, '/v1/payments', 'order-1', PAYMENT), 401, 'api_key_expired');
    const fresh = [...box.ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode && k.expires_at === null)?.key ?? '';
    const res = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT, fresh);
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('after a 403 insufficient_permissions from a read-only restricted key', async () => {
    const box = sandbox();
    expectError(await postWithKey(box, '/v1/payments', 'order-1', PAYMENT, box.keys.restricted), 403, 'insufficient_permissions');
    await retrySucceeds(box);
  });

  it('after a 400 validation error: the corrected request is not a mismatch', async () => {
    const box = sandbox();
    expectError(await postWithKey(box, '/v1/payments', 'order-1', { amount: 0, currency: 'usd' }), 400, 'amount_too_small', 'amount');
    expectError(await postWithKey(box, '/v1/payments', 'order-1', { amount: 2000, curency: 'usd' }), 400, 'parameter_unknown', 'curency');
    expect(partition(box).idempotency.size).toBe(0);
    await retrySucceeds(box);
  });

  it('after a 400 version_invalid', async () => {
    const box = sandbox();
    expectError(await postWithKey(box, '/v1/payments', 'order-1', PAYMENT).set('Service-Version', '2020-01-01'), 400, 'version_invalid');
    await retrySucceeds(box);
  });

  it('after a 429 rate_limit', async () => {
    const box = sandbox({ scenario: 'rate-limited', scenarioOptions: { limit: 0 } });
    const limited = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expectError(limited, 429, 'rate_limit');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(partition(box).idempotency.size).toBe(0);
    await box.admin('put', '/_mock/scenario', { scenario: 'happy' });
    await retrySucceeds(box);
  });

  it('after a 503 outage', async () => {
    const box = sandbox({ scenario: 'outage' });
    expectError(await postWithKey(box, '/v1/payments', 'order-1', PAYMENT), 503, 'service_unavailable');
    await box.admin('put', '/_mock/scenario', { scenario: 'happy' });
    await retrySucceeds(box);
  });

  it('after a fault injected before execution', async () => {
    const box = sandbox();
    await box.admin('post', '/_mock/faults', { path: '/v1/payments', phase: 'before', error: 'api_error' });
    expectError(await postWithKey(box, '/v1/payments', 'order-1', PAYMENT), 500, 'api_error');
    expect(partition(box).payments.size).toBe(0);
    expect(partition(box).idempotency.size).toBe(0);
    await retrySucceeds(box);
  });
});

describe('Idempotency-Key: errors from execution are saved and replayed', () => {
  it('replays a 400 amount_too_large refund, and the payment is refunded by nobody', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const first = await postWithKey(box, `/v1/payments/${payment.id}/refund`, 'refund-1', { amount: 5000 });
    expectError(first, 400, 'amount_too_large', 'amount');
    const replay = await postWithKey(box, `/v1/payments/${payment.id}/refund`, 'refund-1', { amount: 5000 });
    expect(replay.status).toBe(400);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(partition(box).refunds.size).toBe(0);
  });

  it('replays a 402 decline on confirm without confirming again', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const form = { payment_method: 'pm_card_chargeDeclined' };
    const first = await postWithKey(box, `/v1/payments/${payment.id}/confirm`, 'confirm-1', form);
    expectError(first, 402, 'card_declined');
    const replay = await postWithKey(box, `/v1/payments/${payment.id}/confirm`, 'confirm-1', form);
    expect(replay.status).toBe(402);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    const failed = await box.get('/v1/events?type=payment.payment_failed');
    expect(failed.body.data).toHaveLength(1);
    expect(partition(box).paymentMethods.size).toBe(1);
  });

  it('replays a 404 resource_missing from the handler', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments/pay_000000000000000000000000/refund', 'refund-1', {});
    expectError(first, 404, 'resource_missing');
    const replay = await postWithKey(box, '/v1/payments/pay_000000000000000000000000/refund', 'refund-1', {});
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
  });
});

describe('Idempotency-Key: the 24-hour window on the mock clock', () => {
  it('replays at 24h minus one second', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    box.ctx.clock.advance(DAY - 1);
    const replay = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(partition(box).payments.size).toBe(1);
  });

  it('starts a new request at exactly 24h, even with other parameters', async () => {
    const box = sandbox();
    const first = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    box.ctx.clock.advance(DAY - 1);
    await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    box.ctx.clock.advance(1);
    const fresh = await postWithKey(box, '/v1/payments', 'order-1', { amount: 3000, currency: 'usd' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.amount).toBe(3000);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.body.id).not.toBe(first.body.id);
    expect(partition(box).payments.size).toBe(2);
    // The new request owns the key from now on.
    const other = await postWithKey(box, '/v1/payments', 'order-1', { amount: 1, currency: 'usd' });
    expectError(other, 400, 'idempotency_key_mismatch');
  });

  it('drops records older than 24h from memory when the clock moves', async () => {
    const box = sandbox();
    for (let i = 0; i < 5; i++) await postWithKey(box, '/v1/payments', `order-${i}`, PAYMENT);
    expect(partition(box).idempotency.size).toBe(5);
    box.ctx.clock.advance(DAY - 1);
    expect(partition(box).idempotency.size).toBe(5);
    box.ctx.clock.advance(1);
    expect(partition(box).idempotency.size).toBe(0);
  });

  it('drops only the expired records, through the admin API too', async () => {
    const box = sandbox();
    await postWithKey(box, '/v1/payments', 'old', PAYMENT);
    await box.admin('post', '/_mock/clock/advance', { by: '23h' });
    await postWithKey(box, '/v1/payments', 'new', PAYMENT);
    await box.admin('post', '/_mock/clock/advance', { by: '1h' });
    expect([...partition(box).idempotency.keys()]).toEqual(['new']);
    expect((await postWithKey(box, '/v1/payments', 'new', PAYMENT)).headers['idempotent-replayed']).toBe('true');
  });

  it('stops replaying at 24h when time passes on its own (real clock), and the sweep frees the record, not the request path', async () => {
    const start = Date.now();
    const now = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      const box = sandbox({ clock: 'real' });
      const first = await postWithKey(box, '/v1/payments', 'old', PAYMENT);
      expect(partition(box).idempotency.size).toBe(1);
      // Machine time moves 24h with no clock call at all: a request does not free anything…
      now.mockReturnValue(start + DAY * 1000);
      await box.get('/v1/payments/pay_000000000000000000000000');
      expect(partition(box).idempotency.size).toBe(1);
      // …yet the stale record answers nothing: the same key runs afresh.
      const again = await postWithKey(box, '/v1/payments', 'old', PAYMENT);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.body.id).not.toBe(first.body.id);
      // The sweep on the scheduler frees what expired.
      box.ctx.expire();
      expect([...partition(box).idempotency.values()].every((record) => record.created === Math.floor((start + DAY * 1000) / 1000))).toBe(true);
    } finally {
      now.mockRestore();
    }
  });
});

describe('Idempotency-Key: concurrency', () => {
  afterEach(() => jest.useRealTimers());

  it('50 concurrent duplicates create exactly one payment and one set of events, all 200 with the same id', async () => {
    const box = sandbox();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postWithKey(box, '/v1/payments', 'order-1', PAYMENT)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(new Set(responses.map((r) => r.text)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(partition(box).payments.size).toBe(1);
    const events = await box.get('/v1/events?limit=100');
    expect(events.body.data.map((e: { type: string }) => e.type).sort()).toEqual(['payment.created', 'payment.succeeded']);
  });

  it('answers 409 idempotency_key_in_use to a duplicate that arrives while the first is delayed (slow scenario)', async () => {
    const box = sandbox({ scenario: 'slow', scenarioOptions: { latency_ms: 200 } });
    // The first to arrive waits in its delay until released; the other, answered at once, is the duplicate.
    const release = holdLatency();
    const both = [postWithKey(box, '/v1/payments', 'order-1', PAYMENT), postWithKey(box, '/v1/payments', 'order-1', PAYMENT)].map((test) =>
      test.then((res) => res),
    );
    expect((await Promise.race(both)).status).toBe(409);
    release();
    const [a, b] = await Promise.all(both);
    const statuses = [a!.status, b!.status].sort();
    expect(statuses).toEqual([200, 409]);
    const conflict = a!.status === 409 ? a! : b!;
    const done = a!.status === 200 ? a! : b!;
    expectError(conflict, 409, 'idempotency_key_in_use');
    expect(conflict.body.error.type).toBe('idempotency_error');
    expect(partition(box).payments.size).toBe(1);

    // Once the first has finished, the retry gets its result.
    const retry = await postWithKey(box, '/v1/payments', 'order-1', PAYMENT);
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.text).toBe(done.text);
  });

  it('reports a mismatch, not 409, for other parameters while the first is in flight', async () => {
    const box = sandbox({ scenario: 'slow', scenarioOptions: { latency_ms: 200 } });
    // The first to arrive waits in its delay until released, so the other surely arrives while it is in flight.
    const release = holdLatency();
    const both = [postWithKey(box, '/v1/payments', 'order-1', PAYMENT), postWithKey(box, '/v1/payments', 'order-1', { amount: 1, currency: 'usd' })].map(
      (test) => test.then((res) => res),
    );
    expect((await Promise.race(both)).body.error.code).toBe('idempotency_key_mismatch');
    release();
    const codes = (await Promise.all(both)).map((r) => (r.status === 200 ? 'ok' : r.body.error.code)).sort();
    expect(codes).toEqual(['idempotency_key_mismatch', 'ok']);
  });
});
