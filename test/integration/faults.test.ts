import { startMock } from '../../src/start-mock';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, FROZEN_AT, Sandbox, sandbox } from '../helpers/sandbox';

const PAYMENT = { amount: 2000, currency: 'usd' };

const partition = (box: Sandbox) => {
  const workspace = [...box.ctx.store.workspaces.values()][0];
  if (!workspace) throw new Error('no workspace');
  return workspace.test;
};
const addFault = (box: Sandbox, fault: Record<string, unknown>) => box.admin('post', '/_mock/faults', fault);

describe('POST /_mock/faults', () => {
  it('answers the queued fault, with defaults filled in', async () => {
    const box = sandbox();
    const res = await addFault(box, { path: '/v1/payments*' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), method: null, path: '/v1/payments*', times: 1, phase: 'before', error: 'api_error' });
  });

  it('phase before: the next matching request gets 500 api_error and nothing is created; the one after succeeds', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments*', times: 1, phase: 'before', error: 'api_error' });
    const failed = await box.post('/v1/payments', PAYMENT);
    expectError(failed, 500, 'api_error');
    expect(failed.body.error.type).toBe('api_error');
    expect(failed.headers['request-id']).toMatch(/^req_/);
    expect(partition(box).payments.size).toBe(0);
    expect(partition(box).events.size).toBe(0);

    const next = await box.post('/v1/payments', PAYMENT);
    expect(next.status).toBe(200);
    expectSchema(next.body, 'Payment');
    expect(partition(box).payments.size).toBe(1);
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
  });

  it('phase after: the object exists; a retry with the same Idempotency-Key returns it (200, Idempotent-Replayed)', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments', phase: 'after', error: 'api_error' });
    const failed = await box.post('/v1/payments', PAYMENT).set('Idempotency-Key', 'order-1');
    expectError(failed, 500, 'api_error');
    expect(failed.body.error.message).toContain('Idempotency-Key');
    expect(partition(box).payments.size).toBe(1);
    const [stored] = [...partition(box).payments.values()];

    const retry = await box.post('/v1/payments', PAYMENT).set('Idempotency-Key', 'order-1');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expectSchema(retry.body, 'Payment');
    expect(retry.body.id).toBe(stored?.id);
    expect(partition(box).payments.size).toBe(1);
  });

  it('phase after without an Idempotency-Key: a blind retry makes a duplicate', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments', phase: 'after' });
    expect((await box.post('/v1/payments', PAYMENT)).status).toBe(500);
    expect((await box.post('/v1/payments', PAYMENT)).status).toBe(200);
    expect(partition(box).payments.size).toBe(2);
  });

  it('"the next refund fails once": a fault on the refund path leaves payments alone', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    await addFault(box, { method: 'POST', path: `/v1/payments/${payment.id}/refund`, error: 'api_error' });
    expect((await box.post('/v1/payments', PAYMENT)).status).toBe(200);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`), 500, 'api_error');
    expect(partition(box).refunds.size).toBe(0);
    const refund = await box.post(`/v1/payments/${payment.id}/refund`);
    expect(refund.status).toBe(200);
    expectSchema(refund.body, 'Refund');
  });

  it('times: fails that many matching requests, counting down in GET /_mock/faults', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/account', times: 2 });
    expectError(await box.get('/v1/account'), 500, 'api_error');
    expect((await box.admin('get', '/_mock/faults')).body.data[0]).toMatchObject({ path: '/v1/account', times: 1 });
    expectError(await box.get('/v1/account'), 500, 'api_error');
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
    expect((await box.get('/v1/account')).status).toBe(200);
  });

  it('error: any catalog code, with its status and type', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments', error: 'card_declined' });
    await addFault(box, { path: '/v1/customers', error: 'rate_limit' });
    await addFault(box, { path: '/v1/account', error: 'service_unavailable' });
    const declined = await box.post('/v1/payments', PAYMENT);
    expectError(declined, 402, 'card_declined');
    expect(declined.body.error.type).toBe('card_error');
    expect(partition(box).payments.size).toBe(0);
    expect((await box.post('/v1/customers')).body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit' });
    expectError(await box.get('/v1/account'), 503, 'service_unavailable');
  });

  it.each(['before', 'after'])('an injected 429 rate_limit (phase %s) carries Retry-After, like a real one', async (phase) => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments', phase, error: 'rate_limit' });
    const res = await box.post('/v1/payments', PAYMENT);
    expectError(res, 429, 'rate_limit');
    expect(res.headers['retry-after']).toBe('1');
  });

  it('other injected errors carry no Retry-After', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments', error: 'api_error' });
    expect((await box.post('/v1/payments', PAYMENT)).headers['retry-after']).toBeUndefined();
  });

  it('method: only requests of that method match', async () => {
    const box = sandbox();
    await addFault(box, { method: 'get', path: '/v1/payments*' });
    const created = await box.post('/v1/payments', PAYMENT);
    expect(created.status).toBe(200);
    expect((await box.admin('get', '/_mock/faults')).body.data).toHaveLength(1);
    expectError(await box.get(`/v1/payments/${created.body.id}`), 500, 'api_error');
    expect((await box.get(`/v1/payments/${created.body.id}`)).status).toBe(200);
  });

  it('path: an exact path matches only itself; a trailing * matches a prefix', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    await addFault(box, { path: '/v1/payments' });
    expect((await box.get(`/v1/payments/${payment.id}`)).status).toBe(200);
    expect((await box.post('/v1/payments', PAYMENT)).status).toBe(500);
    await addFault(box, { path: '/v1/pay*' });
    expect((await box.get(`/v1/payments/${payment.id}`)).status).toBe(500);
  });

  it('ignores the query string when matching', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/events' });
    expectError(await box.get('/v1/events?limit=3'), 500, 'api_error');
  });

  it('is not used up by requests refused before execution (auth, validation)', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/payments' });
    expectError(await box.http.post('/v1/payments').type('form').send('amount=2000&currency=usd'), 401, 'missing_api_key');
    expectError(await box.post('/v1/payments', { amount: 0, currency: 'usd' }), 400, 'amount_too_small');
    expect((await box.admin('get', '/_mock/faults')).body.data).toHaveLength(1);
    expectError(await box.post('/v1/payments', PAYMENT), 500, 'api_error');
  });

  it('is not used up by an idempotent replay', async () => {
    const box = sandbox();
    const first = await box.post('/v1/payments', PAYMENT).set('Idempotency-Key', 'order-1');
    await addFault(box, { path: '/v1/payments' });
    const replay = await box.post('/v1/payments', PAYMENT).set('Idempotency-Key', 'order-1');
    expect(replay.status).toBe(200);
    expect(replay.body.id).toBe(first.body.id);
    expect((await box.admin('get', '/_mock/faults')).body.data).toHaveLength(1);
  });

  it('never touches /_mock', async () => {
    const box = sandbox();
    await box.admin('post', '/_mock/faults', { path: '/v1*', times: 5 });
    expect((await box.admin('get', '/_mock/health')).status).toBe(200);
    expect((await box.admin('get', '/_mock/faults')).body.data[0].times).toBe(5);
  });

  it.each([
    [{}, 'parameter_invalid', 'path'],
    [{ path: '/_mock/health' }, 'parameter_invalid', 'path'],
    [{ path: 42 }, 'parameter_invalid', 'path'],
    [{ path: '/v1/payments', times: 0 }, 'parameter_invalid_integer', 'times'],
    [{ path: '/v1/payments', times: 1.5 }, 'parameter_invalid_integer', 'times'],
    [{ path: '/v1/payments', times: '2' }, 'parameter_invalid_integer', 'times'],
    [{ path: '/v1/payments', phase: 'during' }, 'parameter_invalid', 'phase'],
    [{ path: '/v1/payments', error: 'boom' }, 'parameter_invalid', 'error'],
    [{ path: '/v1/payments', method: 'FETCH' }, 'parameter_invalid', 'method'],
    [{ path: '/v1/payments', method: 7 }, 'parameter_invalid', 'method'],
    [{ path: '/v1/payments', status: 500 }, 'parameter_unknown', 'status'],
  ])('refuses %j with 400 %s naming %s, queueing nothing', async (body, code, param) => {
    const box = sandbox();
    expectError(await addFault(box, body), 400, code, param);
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
  });

  it('refuses a body that is not JSON with a JSON error', async () => {
    const box = sandbox();
    const res = await box.http.post('/_mock/faults').set('Content-Type', 'application/json').send('{path:');
    expectError(res, 400, 'body_invalid');
  });
});

describe('GET and DELETE /_mock/faults', () => {
  it('lists the queued faults in order and clears them', async () => {
    const box = sandbox();
    const a = await addFault(box, { path: '/v1/payments*', times: 2, phase: 'after', error: 'reset' });
    const b = await addFault(box, { method: 'GET', path: '/v1/events' });
    const list = await box.admin('get', '/_mock/faults');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ object: 'list', data: [a.body, b.body] });
    expect(b.body.method).toBe('GET');

    const cleared = await box.admin('delete', '/_mock/faults');
    expect(cleared.status).toBe(200);
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
    expect((await box.get('/v1/events')).status).toBe(200);
  });

  it('is emptied by POST /_mock/reset', async () => {
    const box = sandbox();
    await addFault(box, { path: '/v1/events' });
    await box.admin('post', '/_mock/reset', {});
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
  });
});

describe('error "reset": a dropped connection (over a real socket)', () => {
  async function withServer(run: (mock: Awaited<ReturnType<typeof startMock>>, secret: string) => Promise<void>) {
    const mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 1 });
    try {
      await run(mock, mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key ?? '');
    } finally {
      await mock.close();
    }
  }
  const post = (url: string, secret: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, Connection: 'close', ...headers },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
  const addFaultOver = (url: string, fault: Record<string, unknown>) =>
    fetch(`${url}/_mock/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });

  it('phase before: fetch rejects and nothing is created; the retry succeeds', async () => {
    await withServer(async (mock, secret) => {
      expect((await addFaultOver(mock.url, { path: '/v1/payments', error: 'reset' })).status).toBe(200);
      await expect(post(mock.url, secret, { 'Idempotency-Key': 'order-1' })).rejects.toThrow('fetch failed');
      const test = [...mock.context.store.workspaces.values()][0]?.test;
      expect(test?.payments.size).toBe(0);
      expect(test?.idempotency.size).toBe(0);
      const retry = await post(mock.url, secret, { 'Idempotency-Key': 'order-1' });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBeNull();
      expect(test?.payments.size).toBe(1);
    });
  });

  it('phase after: fetch rejects but the payment exists, and the retry with the same key returns it', async () => {
    await withServer(async (mock, secret) => {
      await addFaultOver(mock.url, { path: '/v1/payments', phase: 'after', error: 'reset' });
      await expect(post(mock.url, secret, { 'Idempotency-Key': 'order-1' })).rejects.toThrow('fetch failed');
      const test = [...mock.context.store.workspaces.values()][0]?.test;
      expect(test?.payments.size).toBe(1);
      const [stored] = [...(test?.payments.values() ?? [])];
      const retry = await post(mock.url, secret, { 'Idempotency-Key': 'order-1' });
      expect(retry.status).toBe(200);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(((await retry.json()) as { id: string }).id).toBe(stored?.id);
      expect(test?.payments.size).toBe(1);
    });
  });

  it('drops the connection on keep-alive too, and the server keeps serving', async () => {
    await withServer(async (mock, secret) => {
      await addFaultOver(mock.url, { path: '/v1/account', error: 'reset' });
      const get = () => fetch(`${mock.url}/v1/account`, { headers: { Authorization: `Bearer ${secret}` } });
      await expect(get()).rejects.toThrow('fetch failed');
      expect((await get()).status).toBe(200);
    });
  });
});
