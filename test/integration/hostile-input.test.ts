import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, Sandbox, sandbox } from '../helpers/sandbox';

/**
 * Hostile input (issue 2): every case gets a clean 4xx JSON error or round-trips as plain data, no prototype is
 * ever touched, and the server answers a normal request afterwards.
 */

const MiB = 1024 * 1024;
const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

const prototypes = { Object: Object.prototype, Array: Array.prototype, Function: Function.prototype, String: String.prototype };
const pristine = Object.fromEntries(Object.entries(prototypes).map(([name, proto]) => [name, Object.getOwnPropertyNames(proto).sort()]));

afterEach(() => {
  // No hostile request may have left anything on a shared prototype.
  for (const [name, proto] of Object.entries(prototypes)) expect([name, Object.getOwnPropertyNames(proto).sort()]).toEqual([name, pristine[name]]);
  const probe = {} as Record<string, unknown>;
  for (const name of ['x', 'y', 'z', 'polluted', 'payments']) expect(probe[name]).toBeUndefined();
  expect(Object.getPrototypeOf(probe)).toBe(Object.prototype);
});

/** POST a raw text body with a content type (supertest would re-encode objects and Buffers). */
function postRaw(box: Sandbox, path: string, body: string, type: string = JSON_TYPE) {
  return box.http.post(path).set('Authorization', `Bearer ${box.keys.secret}`).set('Content-Type', type).send(body);
}

/** The sandbox still creates and reads a payment normally. */
async function expectStillServing(box: Sandbox): Promise<void> {
  const created = await box.post('/v1/payments', { amount: 1234, currency: 'usd' });
  expect(created.status).toBe(200);
  expectSchema(created.body, 'Payment');
  const read = await box.get(`/v1/payments/${created.body.id}`);
  expect(read.status).toBe(200);
  expect(read.body.amount).toBe(1234);
}

/** Serves the sandbox's app on a real socket (port 0) for raw bytes that supertest cannot send as they are. */
async function listen(box: Sandbox) {
  const server = createServer(box.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    send: async (path: string, body: Uint8Array | string | ReadableStream<Uint8Array>, type: string, method = 'POST') => {
      const init = { method, headers: { Authorization: `Bearer ${box.keys.secret}`, 'Content-Type': type }, body, duplex: 'half' };
      const res = await fetch(`${url}${path}`, init as RequestInit);
      const text = await res.text();
      return { status: res.status, headers: res.headers, text, json: JSON.parse(text) as { error: Record<string, unknown> } & Record<string, unknown> };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const ownEntries = (object: object) =>
  Object.getOwnPropertyNames(object)
    .sort()
    .map((key) => [key, (object as Record<string, unknown>)[key]]);

describe('prototype keys as data', () => {
  const KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
  const expected = KEYS.map((key) => [key, `v-${key}`]).sort(([a], [b]) => String(a).localeCompare(String(b)));
  const sorted = (entries: unknown[][]) => entries.sort(([a], [b]) => String(a).localeCompare(String(b)));

  it.each([
    [
      'form',
      (box: Sandbox) => box.post('/v1/payments', { amount: 2000, currency: 'usd', ...Object.fromEntries(KEYS.map((key) => [`metadata[${key}]`, `v-${key}`])) }),
    ],
    [
      'JSON',
      (box: Sandbox) => postRaw(box, '/v1/payments', `{"amount":2000,"currency":"usd","metadata":{${KEYS.map((key) => `"${key}":"v-${key}"`).join(',')}}}`),
    ],
  ])('round-trips __proto__, constructor, prototype… as metadata keys sent as %s: plain data on create, retrieve and in events', async (_how, create) => {
    const box = sandbox();
    const res = await create(box);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(sorted(ownEntries(res.body.metadata))).toEqual(expected);
    expect(res.text).toContain('"__proto__":"v-__proto__"');

    const read = await box.get(`/v1/payments/${res.body.id}`);
    expect(sorted(ownEntries(read.body.metadata))).toEqual(expected);

    const events = await box.get('/v1/events?type=payment.created');
    expect(sorted(ownEntries(events.body.data[0].data.object.metadata))).toEqual(expected);

    // The stored object itself holds them as plain own data, and its prototype is not the given value.
    const stored = box.ctx.store.workspaces
      .values()
      .next()
      .value?.test.payments.get(res.body.id as string)?.metadata as object;
    expect(Object.getOwnPropertyNames(stored).sort()).toEqual(KEYS.slice().sort());
    expect(Object.getOwnPropertyDescriptor(stored, '__proto__')?.value).toBe('v-__proto__');
    expect([null, Object.prototype]).toContain(Object.getPrototypeOf(stored));
    await expectStillServing(box);
  });

  it('refuses an object under metadata[__proto__] (JSON) as a non-string value, touching nothing', async () => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', '{"amount":2000,"currency":"usd","metadata":{"__proto__":{"polluted":"yes","x":"1"}}}');
    expectError(res, 400, 'parameter_invalid', 'metadata[__proto__]');
    await expectStillServing(box);
  });

  it('refuses a nested metadata[__proto__][polluted] form parameter, touching nothing', async () => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', 'amount=2000&currency=usd&metadata[__proto__][polluted]=yes', FORM);
    expectError(res, 400, 'parameter_invalid', 'metadata[__proto__]');
    await expectStillServing(box);
  });

  it.each([
    ['JSON __proto__', '{"amount":2000,"currency":"usd","__proto__":{"polluted":"yes"}}', JSON_TYPE, '__proto__'],
    ['JSON constructor', '{"amount":2000,"currency":"usd","constructor":{"prototype":{"polluted":"yes"}}}', JSON_TYPE, 'constructor'],
    ['JSON prototype', '{"amount":2000,"currency":"usd","prototype":{"polluted":"yes"}}', JSON_TYPE, 'prototype'],
    ['form __proto__', 'amount=2000&currency=usd&__proto__[polluted]=yes', FORM, '__proto__'],
    ['form constructor', 'amount=2000&currency=usd&constructor[prototype][polluted]=yes', FORM, 'constructor'],
    ['form __proto__ scalar', 'amount=2000&currency=usd&__proto__=yes', FORM, '__proto__'],
  ])('refuses %s as a top-level parameter: 400 parameter_unknown', async (_name, body, type, param) => {
    const box = sandbox();
    expectError(await postRaw(box, '/v1/payments', body, type), 400, 'parameter_unknown', param);
    expect((await box.get('/v1/events')).body.data).toEqual([]);
    await expectStillServing(box);
  });

  it.each(['__proto__[polluted]=yes', 'constructor[prototype][polluted]=yes', '__proto__=x'])('refuses ?%s on a GET: 400 parameter_unknown', async (query) => {
    const box = sandbox();
    const res = await box.get(`/v1/events?${query}`);
    expectError(res, 400, 'parameter_unknown', query.split(/[[=]/)[0]);
    await expectStillServing(box);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'answers ids named %s with 404 resource_missing on every lookup',
    async (id) => {
      const box = sandbox();
      await createPayment(box);
      for (const path of [`/v1/payments/${id}`, `/v1/payments/${id}/refunds`, `/v1/customers/${id}`, `/v1/refunds/${id}`, `/v1/events/${id}`]) {
        expectError(await box.get(path), 404, 'resource_missing');
      }
      expectError(await box.post(`/v1/payments/${id}/refund`), 404, 'resource_missing');
      expectError(await box.post(`/v1/payments/${id}/confirm`), 404, 'resource_missing');
      expectError(await box.get(`/v1/events?starting_after=${id}`), 400, 'resource_missing', 'starting_after');
      expectError(await box.post('/v1/payments', { amount: 2000, currency: 'usd', customer: id }), 400, 'resource_missing', 'customer');
      await expectStillServing(box);
    },
  );

  it('treats an Idempotency-Key named __proto__ as an ordinary key: saved, then replayed', async () => {
    const box = sandbox();
    const send = () =>
      box.http.post('/v1/customers').set('Authorization', `Bearer ${box.keys.secret}`).set('Idempotency-Key', '__proto__').type('form').send('name=Ada');
    const first = await send();
    const again = await send();
    expect(first.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await box.get('/v1/customers')).body.data).toHaveLength(1);
  });

  it.each([
    ['Mock-Scenario', 'constructor', 'parameter_invalid'],
    ['Mock-Scenario', '__proto__', 'parameter_invalid'],
    ['Service-Version', '__proto__', 'version_invalid'],
    ['Service-Version', 'constructor', 'version_invalid'],
  ])('refuses %s: %s with 400 %s', async (header, value, code) => {
    const box = sandbox();
    const res = await box.http.get('/v1/account').set('Authorization', `Bearer ${box.keys.secret}`).set(header, value);
    expectError(res, 400, code);
    await expectStillServing(box);
  });

  it('refuses __proto__ as a permission name of a restricted key (admin JSON)', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const res = await box.http
      .post('/_mock/keys')
      .set('Content-Type', JSON_TYPE)
      .send(`{"workspace":"${workspace}","kind":"restricted","permissions":{"__proto__":{"payments":"write"}}}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_invalid');
  });

  it('keeps __proto__ metadata as data through a state export and import', async () => {
    const box = sandbox();
    const created = await postRaw(box, '/v1/payments', '{"amount":2000,"currency":"usd","metadata":{"__proto__":"kept","constructor":"too"}}');
    expect(created.status).toBe(200);
    const state = await box.http.get('/_mock/state');
    expect(state.status).toBe(200);
    const imported = await box.http.put('/_mock/state').set('Content-Type', JSON_TYPE).send(state.text);
    expect(imported.status).toBe(200);
    const read = await box.get(`/v1/payments/${created.body.id}`);
    expect(ownEntries(read.body.metadata)).toEqual([
      ['__proto__', 'kept'],
      ['constructor', 'too'],
    ]);
    await expectStillServing(box);
  });
});

describe('runaway nesting', () => {
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
  const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['10,000-deep JSON object under metadata', `{"amount":2000,"currency":"usd","metadata":${deepObject(10_000)}}`, JSON_TYPE],
    ['10,000-deep JSON array under metadata', `{"amount":2000,"currency":"usd","metadata":${deepArray(10_000)}}`, JSON_TYPE],
    ['10,000-deep JSON object at the top', deepObject(10_000), JSON_TYPE],
    ['500,000-deep JSON arrays (just under 1 MiB)', `{"metadata":${deepArray(500_000)}}`, JSON_TYPE],
    ['10,000-deep form metadata[a][a]…', `amount=2000&currency=usd&metadata${'[a]'.repeat(10_000)}=x`, FORM],
    ['10,000-deep form a[b][c]… at the top', `a${'[b]'.repeat(10_000)}=x`, FORM],
    ['10,000-deep form arrays a[][]…', `a${'[]'.repeat(10_000)}=x`, FORM],
  ])('answers %s with a 4xx JSON error', async (_name, body, type) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', body, type);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectError(res, res.status, res.body.error.code);
    expect(res.text.length).toBeLessThan(2000);
    await expectStillServing(box);
  });

  it('answers 1,000-deep nesting in a query string with 400 parameter_invalid (a query is not a body)', async () => {
    const box = sandbox();
    const res = await box.get(`/v1/events?created${'[a]'.repeat(1000)}=1`);
    expectError(res, 400, 'parameter_invalid');
    await expectStillServing(box);
  });
});

describe('bodies over 1 MiB', () => {
  it.each([
    ['JSON', JSON_TYPE, () => JSON.stringify({ amount: 2000, currency: 'usd', description: 'a'.repeat(2 * MiB) })],
    ['form', FORM, () => `amount=2000&currency=usd&description=${'a'.repeat(2 * MiB)}`],
    ['text/plain (size is checked before the type)', 'text/plain', () => 'a'.repeat(2 * MiB)],
  ])('answers a 2 MiB %s body with 413 request_too_large as JSON', async (_name, type, body) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', body(), type);
    expectError(res, 413, 'request_too_large');
    expect(res.headers['request-id']).toMatch(/^req_[0-9A-Za-z]{24}$/);
    await expectStillServing(box);
  });

  it('accepts a body of just under 1 MiB (then judges its parameters)', async () => {
    const box = sandbox();
    const body = `amount=2000&currency=usd&description=${'a'.repeat(MiB - 100)}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MiB);
    expectError(await postRaw(box, '/v1/payments', body, FORM), 400, 'parameter_invalid', 'description');
  });

  it('answers 2 MiB over a real socket with 413 JSON, with or without a Content-Length, and keeps serving', async () => {
    const box = sandbox();
    const server = await listen(box);
    try {
      const declared = await server.send('/v1/payments', Buffer.alloc(2 * MiB, 'a'), JSON_TYPE);
      expect(declared.status).toBe(413);
      expect(declared.headers.get('content-type')).toMatch(/^application\/json/);
      expect(declared.json.error).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
      expect(declared.headers.get('request-id')).toMatch(/^req_/);

      // Chunked, no Content-Length: the limit is enforced while reading.
      const chunks = 32;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(97));
          controller.close();
        },
      });
      const streamed = await server.send('/v1/payments', stream, JSON_TYPE);
      expect(streamed.status).toBe(413);
      expect(streamed.json.error.code).toBe('request_too_large');

      const after = await server.send('/v1/customers', 'name=Ada', FORM);
      expect(after.status).toBe(200);
      expect(after.json.object).toBe('customer');
    } finally {
      await server.close();
    }
  });
});

describe('NUL bytes', () => {
  it.each([
    ['a JSON description', '{"amount":2000,"currency":"usd","description":"a\\u0000b"}', JSON_TYPE, '/v1/payments', 'description'],
    ['a form description', 'amount=2000&currency=usd&description=a%00b', FORM, '/v1/payments', 'description'],
    ['a metadata value', 'amount=2000&currency=usd&metadata[k]=%00', FORM, '/v1/payments', 'metadata[k]'],
    ['a metadata key', '{"amount":2000,"currency":"usd","metadata":{"a\\u0000b":"v"}}', JSON_TYPE, '/v1/payments', 'metadata'],
    ['a customer name', 'name=Ada%00Lovelace', FORM, '/v1/customers', 'name'],
    ['a currency', '{"amount":2000,"currency":"us\\u0000"}', JSON_TYPE, '/v1/payments', 'currency'],
  ])('refuses a NUL in %s: 400 parameter_invalid', async (_name, body, type, path, param) => {
    const box = sandbox();
    expectError(await postRaw(box, path, body, type), 400, 'parameter_invalid', param);
    await expectStillServing(box);
  });

  it('refuses a NUL in a parameter name', async () => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/customers', 'na%00me=Ada', FORM);
    expect(res.status).toBe(400);
    expectError(res, 400, res.body.error.code);
    await expectStillServing(box);
  });

  it('refuses a NUL in a query cursor', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/events?starting_after=evt_%00'), 400, 'parameter_invalid', 'starting_after');
  });
});

describe('very long strings and too many keys', () => {
  const many = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`metadata[k${i}]`, 'v']));

  it.each([
    ['a 100,000-character description', { description: 'd'.repeat(100_000) }, 'description', /1000/],
    ['a 1,001-character description', { description: 'd'.repeat(1001) }, 'description', /1000/],
    ['a 501-character metadata value', { 'metadata[k]': 'v'.repeat(501) }, 'metadata[k]', /500/],
    ['a 41-character metadata key', { [`metadata[${'k'.repeat(41)}]`]: 'v' }, 'metadata', /40/],
    ['51 metadata keys', many(51), 'metadata', /50/],
    ['20,000 metadata keys', many(20_000), 'metadata', /50/],
  ])('refuses %s: 400 parameter_invalid naming the parameter and the limit', async (_name, form, param, limit) => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd', ...form });
    expectError(res, 400, 'parameter_invalid', param);
    expect(res.body.error.message).toMatch(limit);
    expect(res.body.error.message).not.toContain('undefined');
    await expectStillServing(box);
  });

  it('accepts the limits themselves: 1,000-character description, 50 keys of 40 characters with 500-character values', async () => {
    const box = sandbox();
    const metadata = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`metadata[${String(i).padStart(40, 'k')}]`, 'v'.repeat(500)]));
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd', description: 'd'.repeat(1000), ...metadata });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.metadata)).toHaveLength(50);
  });

  it.each([
    ['a 257-character customer name', '/v1/customers', { name: 'n'.repeat(257) }, 'name'],
    ['a 513-character email', '/v1/customers', { email: `${'e'.repeat(508)}@x.io` }, 'email'],
    ['a 256-character customer id', '/v1/payments', { amount: 2000, currency: 'usd', customer: `cus_${'c'.repeat(252)}` }, 'customer'],
    ['a 100,000-character phone', '/v1/customers', { phone: `+${'1'.repeat(100_000)}` }, 'phone'],
  ])('refuses %s: 400 parameter_invalid', async (_name, path, form, param) => {
    const box = sandbox();
    expectError(await box.post(path, form), 400, 'parameter_invalid', param);
  });

  it('refuses a 256-character Idempotency-Key: 400 parameter_invalid', async () => {
    const box = sandbox();
    const res = await box.http.post('/v1/customers').set('Authorization', `Bearer ${box.keys.secret}`).set('Idempotency-Key', 'k'.repeat(256));
    expectError(res, 400, 'parameter_invalid', 'Idempotency-Key');
    expect((await box.get('/v1/customers')).body.data).toEqual([]);
  });

  it('refuses a 100,000-character unknown parameter name with parameter_unknown', async () => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/customers', `${'x'.repeat(100_000)}=1`, FORM);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('parameter_unknown');
    await expectStillServing(box);
  });

  it('refuses 50,000 unknown parameters with parameter_unknown', async () => {
    const box = sandbox();
    const body = Array.from({ length: 50_000 }, (_, i) => `p${i}=1`).join('&');
    expectError(await postRaw(box, '/v1/customers', body, FORM), 400, 'parameter_unknown', 'p0');
    await expectStillServing(box);
  });
});

describe('numbers', () => {
  it.each([
    ['12.5', 'parameter_invalid_integer'],
    ['0.1', 'parameter_invalid_integer'],
    ['-5', 'amount_too_small'],
    ['0', 'amount_too_small'],
    ['-1e308', 'amount_too_small'],
    ['1e308', 'amount_too_large'],
    ['1e400', 'parameter_invalid_integer'],
    ['9007199254740993', 'amount_too_large'],
    ['100000000', 'amount_too_large'],
    ['"2000"', 'parameter_invalid_integer'],
    ['"12"', 'parameter_invalid_integer'],
    ['"1e3"', 'parameter_invalid_integer'],
    ['true', 'parameter_invalid_integer'],
    ['null', 'parameter_invalid_integer'],
    ['[2000]', 'parameter_invalid_integer'],
    ['{"value":2000}', 'parameter_invalid_integer'],
  ])('refuses JSON amount %s with %s', async (amount, code) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', `{"amount":${amount},"currency":"usd"}`);
    expectError(res, 400, code, 'amount');
    expect(res.body.error.message).not.toContain('undefined');
    await expectStillServing(box);
  });

  it.each([
    ['12.5', 'parameter_invalid_integer'],
    ['1e3', 'parameter_invalid_integer'],
    ['0x10', 'parameter_invalid_integer'],
    ['+100', 'parameter_invalid_integer'],
    [' 100', 'parameter_invalid_integer'],
    ['Infinity', 'parameter_invalid_integer'],
    ['NaN', 'parameter_invalid_integer'],
    ['99999999999999999999', 'parameter_invalid_integer'],
    ['9007199254740993', 'amount_too_large'],
    ['-5', 'amount_too_small'],
  ])('refuses form amount=%s with %s', async (amount, code) => {
    const box = sandbox();
    expectError(await box.post('/v1/payments', { amount, currency: 'usd' }), 400, code, 'amount');
  });

  it('accepts JSON numbers that are whole: 2000, 2000.0 and 2e3', async () => {
    const box = sandbox();
    for (const amount of ['2000', '2000.0', '2e3']) {
      const res = await postRaw(box, '/v1/payments', `{"amount":${amount},"currency":"usd"}`);
      expect([amount, res.status, res.body.amount]).toEqual([amount, 200, 2000]);
    }
  });

  it.each([
    ['-1', 'amount_too_small'],
    ['1.5', 'parameter_invalid_integer'],
    ['1e308', 'amount_too_large'],
    ['"100"', 'parameter_invalid_integer'],
  ])('refuses a JSON refund amount of %s with %s, refunding nothing', async (amount, code) => {
    const box = sandbox();
    const payment = await createPayment(box);
    expectError(await postRaw(box, `/v1/payments/${payment.id}/refund`, `{"amount":${amount}}`), 400, code, 'amount');
    expect((await box.get(`/v1/payments/${payment.id}`)).body.amount_refunded).toBe(0);
  });

  it.each(['0', '101', '-1', '1.5', '1e2', '99999999999999999999', '9007199254740993', 'ten'])(
    'refuses ?limit=%s with parameter_invalid_integer',
    async (limit) => {
      const box = sandbox();
      expectError(await box.get(`/v1/events?limit=${limit}`), 400, 'parameter_invalid_integer', 'limit');
    },
  );

  it.each(['-1', '1.5', '99999999999999999999'])('refuses ?created[gt]=%s with parameter_invalid_integer', async (value) => {
    const box = sandbox();
    expectError(await box.get(`/v1/events?created[gt]=${value}`), 400, 'parameter_invalid_integer', 'created[gt]');
  });
});

describe('arrays and objects in the wrong places', () => {
  it.each([
    ['metadata as a JSON array', '{"amount":2000,"currency":"usd","metadata":["a","b"]}', JSON_TYPE, 'metadata'],
    ['metadata as a JSON string', '{"amount":2000,"currency":"usd","metadata":"a=b"}', JSON_TYPE, 'metadata'],
    ['metadata as a form array', 'amount=2000&currency=usd&metadata[]=a', FORM, 'metadata'],
    ['metadata as a form string', 'amount=2000&currency=usd&metadata=a', FORM, 'metadata'],
    ['a metadata value as an object', '{"amount":2000,"currency":"usd","metadata":{"k":{"v":"1"}}}', JSON_TYPE, 'metadata[k]'],
    ['a metadata value as a number', '{"amount":2000,"currency":"usd","metadata":{"k":1}}', JSON_TYPE, 'metadata[k]'],
    ['currency as an object', '{"amount":2000,"currency":{"code":"usd"}}', JSON_TYPE, 'currency'],
    ['currency as an array', '{"amount":2000,"currency":["usd"]}', JSON_TYPE, 'currency'],
    ['description as an object', '{"amount":2000,"currency":"usd","description":{"a":1}}', JSON_TYPE, 'description'],
    ['description as a form object', 'amount=2000&currency=usd&description[a]=1', FORM, 'description'],
    ['description as a form array', 'amount=2000&currency=usd&description[]=1', FORM, 'description'],
    ['customer as an object', '{"amount":2000,"currency":"usd","customer":{"id":"cus_x"}}', JSON_TYPE, 'customer'],
    ['description as a number', '{"amount":2000,"currency":"usd","description":5}', JSON_TYPE, 'description'],
  ])('refuses %s: 400 parameter_invalid', async (_name, body, type, param) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payments', body, type);
    expectError(res, 400, 'parameter_invalid', param);
    expect(res.body.error.message).not.toContain('undefined');
    await expectStillServing(box);
  });

  it.each([
    ['card as an array', '{"card":["4242424242424242"]}', 'card'],
    ['card[number] as a number', '{"card":{"number":4242424242424242,"exp_month":12,"exp_year":2030}}', 'card[number]'],
  ])('refuses %s on POST /v1/payment_methods', async (_name, body, param) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/payment_methods', body);
    expectError(res, 400, 'parameter_invalid', param);
  });

  it.each(['[1,2]', '[]', '"amount=2000"', '2000', 'null', 'true'])('refuses a top-level JSON %s: 400 body_invalid', async (body) => {
    const box = sandbox();
    expectError(await postRaw(box, '/v1/customers', body), 400, 'body_invalid');
    await expectStillServing(box);
  });

  it.each([
    ['starting_after[a]=1', 'starting_after'],
    ['limit[]=1', 'limit'],
  ])('refuses ?%s on a GET', async (query, param) => {
    const box = sandbox();
    const res = await box.get(`/v1/events?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe(param);
  });
});

describe('malformed bodies', () => {
  it.each(['{', '{"amount":}', "{'amount':2000}", '{"amount":2000,}', 'NaN', ' ', '{"a":"\\x"}', '\u00ef\u00bb\u00bf{}'])(
    'answers malformed JSON %j with 400 body_invalid',
    async (body) => {
      const box = sandbox();
      expectError(await postRaw(box, '/v1/customers', body), 400, 'body_invalid');
      await expectStillServing(box);
    },
  );

  it.each([
    ['a stray %', 'name=100%'],
    ['%zz', 'name=%zz'],
    ['a truncated %4', 'name=%4'],
    ['invalid UTF-8 percent-encoded', 'name=%FF%FE'],
    ['a lone surrogate half percent-encoded', 'name=%ED%A0%80'],
    ['a bad escape in a name', 'na%zzme=Ada'],
  ])('answers a form with %s with 400 body_invalid', async (_name, body) => {
    const box = sandbox();
    expectError(await postRaw(box, '/v1/customers', body, FORM), 400, 'body_invalid');
    await expectStillServing(box);
  });

  it.each([
    ['an unclosed bracket', 'metadata[a=1'],
    ['a parameter given twice', 'name=Ada&name=Grace'],
    ['a scalar and an object of the same name', 'amount=1&currency=usd&metadata=x&metadata[a]=y'],
    ['an array and an object of the same name', 'amount=1&currency=usd&metadata[]=x&metadata[a]=y'],
  ])('answers a form with %s with 400 body_invalid', async (_name, body) => {
    const box = sandbox();
    expectError(await postRaw(box, '/v1/payments', body, FORM), 400, 'body_invalid');
    await expectStillServing(box);
  });

  it('answers bad percent-encoding in a query string with 400 parameter_invalid (a query is not a body)', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/events?type=%zz'), 400, 'parameter_invalid');
  });

  it.each(['latin1', 'iso-8859-1', 'utf-16', 'windows-1252'])('refuses charset=%s with 415 content_type_unsupported', async (charset) => {
    const box = sandbox();
    const res = await postRaw(box, '/v1/customers', 'name=Ada', `${FORM}; charset=${charset}`);
    expectError(res, 415, 'content_type_unsupported');
    expect(res.body.error.message).toContain(charset);
  });

  it.each([FORM, 'APPLICATION/X-WWW-FORM-URLENCODED', ` ${FORM} ;`, 'application/json', 'Application/JSON', 'application/vnd.api+json'])(
    'takes a body sent as %s like any other spelling of its type',
    async (type) => {
      const box = sandbox();
      const body = type.toLowerCase().includes('json') ? '{"name":"Ada"}' : 'name=Ada';
      const res = await postRaw(box, '/v1/customers', body, type);
      expect(res.status).toBe(200);
      expect(res.body.name).toBe('Ada');
    },
  );

  it.each(['utf-8', 'UTF-8', '"utf-8"'])('accepts charset=%s', async (charset) => {
    const box = sandbox();
    expect((await postRaw(box, '/v1/customers', 'name=Ada', `${FORM}; charset=${charset}`)).status).toBe(200);
  });

  it('refuses invalid UTF-8 bytes in JSON and form bodies with 400 body_invalid, and keeps valid multi-byte text', async () => {
    const box = sandbox();
    const server = await listen(box);
    try {
      const bad = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf])];
      for (const bytes of bad) {
        const json = await server.send('/v1/customers', Buffer.concat([Buffer.from('{"name":"'), bytes, Buffer.from('"}')]), JSON_TYPE);
        expect([bytes.toString('hex'), json.status, json.json.error?.code]).toEqual([bytes.toString('hex'), 400, 'body_invalid']);
        const form = await server.send('/v1/customers', Buffer.concat([Buffer.from('name='), bytes]), FORM);
        expect([bytes.toString('hex'), form.status, form.json.error?.code]).toEqual([bytes.toString('hex'), 400, 'body_invalid']);
      }
      const good = await server.send('/v1/customers', Buffer.from('{"name":"Zoë 日本 🎉"}'), JSON_TYPE);
      expect(good.status).toBe(200);
      expect(good.json.name).toBe('Zoë 日本 🎉');
      const goodForm = await server.send('/v1/customers', `name=${encodeURIComponent('Zoë 日本 🎉')}`, FORM);
      expect(goodForm.json.name).toBe('Zoë 日本 🎉');
    } finally {
      await server.close();
    }
  });
});
