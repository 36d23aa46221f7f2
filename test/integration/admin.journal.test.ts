import { expectError } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';

const masked = (key: string) => `${/^(sk|pk|rk)_(test|live)_/.exec(key)![0]}…${key.slice(-4)}`;

async function journal(box: Sandbox, query = '') {
  const res = await box.admin('get', `/_mock/requests${query}`);
  expect(res.status).toBe(200);
  expect(res.body.object).toBe('list');
  return res.body.data as Array<Record<string, unknown>>;
}

const FIELDS = [
  'created',
  'duration_ms',
  'id',
  'idempotency_key',
  'key',
  'key_permissions',
  'method',
  'near_miss',
  'path',
  'replayed',
  'request_body',
  'request_headers',
  'response_body',
  'response_headers',
  'status',
  'truncated',
  'workspace',
];

describe('GET /_mock/requests', () => {
  it('lists /v1 requests newest first, each with every field of the contract', async () => {
    const box = sandbox();
    const created = await box.post('/v1/payments', { amount: 2000, currency: 'usd', 'metadata[order]': '42' });
    await box.get(`/v1/payments/${created.body.id}`);
    const data = await journal(box);
    expect(data.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET /v1/payments/${created.body.id}`, 'POST /v1/payments']);
    for (const entry of data) expect(Object.keys(entry).sort()).toEqual(FIELDS);
    expect(data[1]).toMatchObject({
      id: created.headers['request-id'],
      status: 200,
      key: masked(box.keys.secret),
      idempotency_key: null,
      replayed: false,
      request_body: { amount: 2000, currency: 'usd', metadata: { order: '42' } },
      response_body: created.body,
      created: FROZEN_UNIX,
    });
    expect(typeof data[1]!.duration_ms).toBe('number');
  });

  it('keeps only /v1 requests: admin calls, /openapi.json and /docs are not journaled', async () => {
    const box = sandbox();
    await box.admin('get', '/_mock/keys');
    await box.http.get('/openapi.json');
    await box.http.get('/docs/errors');
    expect(await journal(box)).toEqual([]);
  });

  it('records failed requests too, with what the client sent', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amout: 2000, currency: 'usd' });
    const [entry] = await journal(box);
    expect(entry).toMatchObject({ status: 400, request_body: { amout: '2000', currency: 'usd' }, response_body: res.body });
  });

  it('filters by method, path prefix, status and limit', async () => {
    const box = sandbox();
    const payment = (await box.post('/v1/payments', { amount: 100, currency: 'usd' })).body;
    await box.post('/v1/customers', { name: 'Ada' });
    await box.get(`/v1/payments/${payment.id}`);
    await box.get('/v1/payments/pay_nope');
    await box.get('/v1/customers');

    expect((await journal(box, '?method=post')).map((e) => e.path)).toEqual(['/v1/customers', '/v1/payments']);
    expect((await journal(box, '?path=/v1/payments')).map((e) => e.path)).toEqual(['/v1/payments/pay_nope', `/v1/payments/${payment.id}`, '/v1/payments']);
    expect((await journal(box, '?path=/v1/customers&method=GET')).map((e) => e.path)).toEqual(['/v1/customers']);
    expect((await journal(box, '?status=404')).map((e) => e.path)).toEqual(['/v1/payments/pay_nope']);
    expect((await journal(box, '?limit=2')).map((e) => e.path)).toEqual(['/v1/customers', '/v1/payments/pay_nope']);
    expect(await journal(box, '?status=500')).toEqual([]);
  });

  it.each([
    ['?limit=0', 'parameter_invalid_integer', 'limit'],
    ['?limit=abc', 'parameter_invalid_integer', 'limit'],
    ['?status=ok', 'parameter_invalid_integer', 'status'],
    ['?sort=asc', 'parameter_unknown', 'sort'],
  ])('refuses %s with a JSON error', async (query, code, param) => {
    expectError(await sandbox().admin('get', `/_mock/requests${query}`), 400, code, param);
  });

  it('shows keys as prefix … last 4, never whole, whatever kind and mode', async () => {
    const box = sandbox();
    const keys = [box.keys.secret, box.keys.publishable, box.keys.restricted, box.keys.liveSecret, box.keys.liveRestricted];
    for (const key of keys) await box.get('/v1/account', key);
    await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' });
    await box.get('/v1/account', box.keys.secret);
    const data = await journal(box);
    expect(data[0]).toMatchObject({ status: 401, key: masked(box.keys.secret) });
    expect(data.slice(1).map((e) => e.key)).toEqual(keys.reverse().map(masked));
    const text = JSON.stringify(data);
    for (const key of keys) expect(text).not.toContain(key);
  });

  it('masks the key a client sent even when it is unknown, short or sent with Basic auth', async () => {
    const box = sandbox();
    const unknown = 'sk_test_0000000000000000000000000000wxyz';
    await box.get('/v1/account', unknown);
    await box.http.get('/v1/account').set('Authorization', 'Bearer abc');
    await box.http.get('/v1/account').set('Authorization', `Basic ${Buffer.from(`${box.keys.secret}:`).toString('base64')}`);
    const [basic, short, long] = await journal(box);
    expect(long!.key).toBe('sk_test_…wxyz');
    expect(short!.key).toBe('…');
    expect(basic!.key).toBe(masked(box.keys.secret));
    const text = JSON.stringify(await journal(box));
    expect(text).not.toContain(unknown);
    expect(text).not.toContain(box.keys.secret);
  });

  it('masks card numbers and CVCs in request bodies, form or JSON, even in bodies that fail validation', async () => {
    const box = sandbox();
    const card = { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030, 'card[cvc]': '314' };
    const ok = await box.post('/v1/payment_methods', card, box.keys.publishable);
    expect(ok.status).toBe(200);
    await box.postJson('/v1/payment_methods', { card: { number: '4000000000000002', exp_month: 1, exp_year: 2031, cvc: '2718' } }, box.keys.publishable);
    await box.post('/v1/payment_methods', { ...card, 'card[numbr]': '5555555555554444', 'card[number]': '4000 0566 5566 5556' }, box.keys.publishable);
    const [typo, json, form] = await journal(box);
    expect(form!.request_body).toEqual({ card: { number: '••••4242', exp_month: 12, exp_year: 2030, cvc: '•••' } });
    expect(json!.request_body).toEqual({ card: { number: '••••0002', exp_month: 1, exp_year: 2031, cvc: '•••' } });
    expect(typo!.status).toBe(400);
    const text = JSON.stringify(await journal(box));
    for (const secret of ['4242424242424242', '4000000000000002', '5555555555554444', '4000 0566 5566 5556', '314', '2718']) expect(text).not.toContain(secret);
  });

  it('a body cut at 16 KiB through a key or a card number shows neither part of it', async () => {
    const box = sandbox();
    const start = '{"amount":100,"currency":"usd","description":"';
    for (const secret of ['sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc', '4242 4242 4242 4242']) {
      // The secret starts 10 bytes before the cut: the journal keeps its first 10 characters.
      const body = `${start}${'x'.repeat(16 * 1024 - 10 - start.length - 1)} ${secret} ${'y'.repeat(1000)}"}`;
      await box.http.post('/v1/payments').set('Authorization', `Bearer ${box.keys.secret}`).type('json').send(body);
      const [entry] = await journal(box);
      expect(entry!.truncated).toBe(true);
      expect((entry!.request_body as string).endsWith('x …')).toBe(true);
    }
  });

  it('masks a card number that an error answer quotes, and leaves phone numbers alone', async () => {
    const box = sandbox();
    await box.post('/v1/payment_methods', { 'card[number]': '4242 4242 4242 4242', 'card[exp_month]': 12, 'card[exp_year]': 2030 }, box.keys.publishable);
    await box.post('/v1/customers', { phone: '+4915112345678' });
    const [customer, card] = await journal(box);
    expect(card!.status).toBe(400);
    expect(JSON.stringify(card)).not.toContain('4242 4242 4242 4242');
    expect(customer!.request_body).toEqual({ phone: '+4915112345678' });
  });

  it('flags idempotent replays', async () => {
    const box = sandbox();
    const send = () => box.post('/v1/payments', { amount: 100, currency: 'usd' }).set('Idempotency-Key', 'order-1');
    const first = await send();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [replay, original] = await journal(box);
    expect(original).toMatchObject({ idempotency_key: 'order-1', replayed: false, response_body: first.body });
    expect(replay).toMatchObject({ idempotency_key: 'order-1', replayed: true, response_body: first.body });
  });

  it('is bounded: with journalSize 5 only the 5 newest requests remain', async () => {
    const box = sandbox({ journalSize: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await box.post('/v1/customers', { name: `c${i}` })).headers['request-id'] as string);
    const data = await journal(box, '?limit=100');
    expect(data.map((e) => e.id)).toEqual(ids.slice(3).reverse());
  });
});

describe('GET /_mock/requests: headers', () => {
  it('keeps the request headers (Authorization masked like the key) and the answer headers', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { name: 'Ada' }).set('Idempotency-Key', 'k-1').set('X-Trace', 'abc');
    const [entry] = await journal(box);
    const sent = entry?.request_headers as Record<string, string>;
    expect(sent['x-trace']).toBe('abc');
    expect(sent['idempotency-key']).toBe('k-1');
    expect(sent.authorization).toMatch(/^Bearer sk_test_…[0-9A-Za-z]{4}$/);
    expect(JSON.stringify(entry)).not.toContain(box.keys.secret);
    const answered = entry?.response_headers as Record<string, string>;
    expect(answered['request-id']).toBe(res.headers['request-id']);
    expect(answered['service-version']).toBe(res.headers['service-version']);
  });

  it('cuts long header values and keeps at most 64 headers', async () => {
    const box = sandbox();
    let call = box.get('/v1/account').set('X-Long', 'x'.repeat(5000));
    for (let i = 0; i < 80; i++) call = call.set(`X-H${i}`, String(i));
    await call;
    const [entry] = await journal(box);
    const sent = entry?.request_headers as Record<string, string>;
    expect(Object.keys(sent).length).toBeLessThanOrEqual(64);
    expect(sent['x-long']).toHaveLength(1024);
  });
});

describe('DELETE /_mock/requests', () => {
  it('empties the journal', async () => {
    const box = sandbox();
    await box.get('/v1/account');
    const res = await box.admin('delete', '/_mock/requests');
    expect(res.status).toBe(200);
    expect(await journal(box)).toEqual([]);
    await box.get('/v1/account');
    expect(await journal(box)).toHaveLength(1);
  });
});
