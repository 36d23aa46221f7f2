import { get } from 'node:http';
import { createServer } from 'node:net';
import { MockServer, startMock } from '../../src/start-mock';

/** startMock on a real port (0 = any free one) driven with global fetch, as a test suite embedding it would. */

const OPTIONS = { port: 0, fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' };
const FROZEN_UNIX = Date.parse('2026-01-01T00:00:00Z') / 1000;
const MiB = 1024 * 1024;

const running = new Set<MockServer>();
async function start(options: { seed?: number } = {}): Promise<MockServer> {
  const mock = await startMock({ ...OPTIONS, ...options });
  running.add(mock);
  return mock;
}
afterEach(async () => {
  await Promise.all([...running].map((mock) => mock.close()));
  running.clear();
});

const secretOf = (mock: MockServer) => mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;

async function call(
  mock: MockServer,
  method: string,
  path: string,
  options: { key?: string; form?: Record<string, string>; body?: string; type?: string } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.key ?? secretOf(mock)}` };
  let body = options.body;
  if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  }
  if (options.type) headers['Content-Type'] = options.type;
  const res = await fetch(`${mock.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Record<string, any> };
}

describe('startMock over real HTTP', () => {
  it('listens on a free port and reports its URL and keys', async () => {
    const mock = await start();
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(mock.port).toBeGreaterThan(0);
    expect(secretOf(mock)).toMatch(/^sk_test_/);
    const health = await fetch(`${mock.url}/_mock/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
  });

  it('creates a payment and retrieves it succeeded, with Request-Id and Service-Version headers', async () => {
    const mock = await start();
    const created = await call(mock, 'POST', '/v1/payments', { form: { amount: '2000', currency: 'usd', 'metadata[order]': '42' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      object: 'payment',
      amount: 2000,
      currency: 'usd',
      status: 'requires_confirmation',
      created: FROZEN_UNIX,
      livemode: false,
      metadata: { order: '42' },
    });
    expect(created.body.client_secret).toMatch(new RegExp(`^${created.body.id}_secret_`));
    expect(created.headers.get('request-id')).toMatch(/^req_[0-9A-Za-z]{24}$/);
    expect(created.headers.get('service-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const retrieved = await call(mock, 'GET', `/v1/payments/${created.body.id}`);
    expect(retrieved.status).toBe(200);
    expect(retrieved.body).toMatchObject({ id: created.body.id, status: 'succeeded', amount_received: 2000 });
  });

  it('accepts JSON bodies and Basic auth as curl -u sends them', async () => {
    const mock = await start();
    const res = await fetch(`${mock.url}/v1/customers`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${secretOf(mock)}:`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ object: 'customer', email: 'ada@example.com' });
  });

  it('builds absolute doc_urls from the address it listens on', async () => {
    const mock = await start();
    const res = await call(mock, 'GET', '/v1/account', { key: 'sk_test_nope' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'invalid_api_key', doc_url: `${mock.url}/docs/errors#invalid_api_key` });
    const page = await fetch(`${mock.url}/docs/errors`);
    expect(await page.text()).toContain('id="invalid_api_key"');
  });

  it('answers a 2 MiB body with 413 request_too_large as JSON, and keeps serving', async () => {
    const mock = await start();
    const big = JSON.stringify({ amount: 2000, currency: 'usd', description: 'a'.repeat(2 * MiB) });
    const res = await call(mock, 'POST', '/v1/payments', { body: big, type: 'application/json' });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large', doc_url: `${mock.url}/docs/errors#request_too_large` });
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    expect(res.text).not.toMatch(/<html|at .*\.ts:\d+/i);

    const after = await call(mock, 'POST', '/v1/payments', { form: { amount: '2000', currency: 'usd' } });
    expect(after.status).toBe(200);
    const events = await call(mock, 'GET', '/v1/events');
    expect(events.body.data.filter((e: { type: string }) => e.type === 'payment.created')).toHaveLength(1);
  });

  it('answers unknown URLs with a JSON 404, never HTML', async () => {
    const mock = await start();
    for (const path of ['/v1/nope', '/nope', '/']) {
      const res = await call(mock, 'GET', path);
      expect([path, res.status, res.body.error.code]).toEqual([path, 404, 'url_invalid']);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('answers a CORS preflight without a key', async () => {
    const mock = await start();
    const res = await fetch(`${mock.url}/v1/payments`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
  });
});

/** GET /openapi.json with a Host header of our choosing (fetch may not set Host); its servers[0].url. */
function servedUrl(mock: MockServer, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port: mock.port, path: '/openapi.json', headers: { Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve((JSON.parse(text) as { servers: Array<{ url: string }> }).servers[0]!.url));
    }).on('error', reject);
  });
}

describe('GET /openapi.json names the server it was fetched from', () => {
  it.each([
    ['localhost with the port', (port: number) => `localhost:${port}`, (port: number) => `http://localhost:${port}`],
    ['127.0.0.1 with the port', (port: number) => `127.0.0.1:${port}`, (port: number) => `http://127.0.0.1:${port}`],
    ['[::1] with the port', (port: number) => `[::1]:${port}`, (port: number) => `http://[::1]:${port}`],
    ['LOCALHOST in capitals', (port: number) => `LOCALHOST:${port}`, (port: number) => `http://localhost:${port}`],
  ])('follows a Host the admin check accepts: %s', async (_case, host, expected) => {
    const mock = await start();
    expect(await servedUrl(mock, host(mock.port))).toBe(expected(mock.port));
  });

  it.each([
    ['another name (DNS rebinding)', 'evil.example:4010'],
    ['a name with a path in it', 'localhost:1/x'],
    ['a port out of range', 'localhost:99999'],
  ])('keeps the listening address for a Host it does not accept: %s', async (_case, host) => {
    const mock = await start();
    expect(await servedUrl(mock, host)).toBe(mock.url);
  });
});

describe('two instances in one process', () => {
  it('share no keys: a key of one is 401 on the other', async () => {
    const a = await start({ seed: 1 });
    const b = await start({ seed: 2 });
    expect(a.port).not.toBe(b.port);
    expect(secretOf(a)).not.toBe(secretOf(b));
    expect((await call(b, 'GET', '/v1/account', { key: secretOf(a) })).body.error.code).toBe('invalid_api_key');
    expect((await call(a, 'GET', '/v1/account', { key: secretOf(b) })).status).toBe(401);

    // Same seed: the generated keys coincide, but a key made at run time on one is unknown to the other.
    const twin = await start({ seed: 1 });
    const made = await fetch(`${a.url}/_mock/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ workspace: a.keys[0]?.workspace, kind: 'secret' }),
    });
    const extra = ((await made.json()) as { key: string }).key;
    expect((await call(a, 'GET', '/v1/account', { key: extra })).status).toBe(200);
    const onTwin = await call(twin, 'GET', '/v1/account', { key: extra });
    expect([onTwin.status, onTwin.body.error.code]).toEqual([401, 'invalid_api_key']);
  });

  it('share no objects, even with the same seed and the same keys', async () => {
    const a = await start({ seed: 1 });
    const b = await start({ seed: 1 });
    expect(secretOf(a)).toBe(secretOf(b));
    const payment = await call(a, 'POST', '/v1/payments', { form: { amount: '2000', currency: 'usd' } });
    const customer = await call(a, 'POST', '/v1/customers', { form: { name: 'Ada' } });
    expect((await call(a, 'GET', `/v1/payments/${payment.body.id}`)).status).toBe(200);
    expect((await call(b, 'GET', `/v1/payments/${payment.body.id}`)).body.error.code).toBe('resource_missing');
    expect((await call(b, 'GET', `/v1/customers/${customer.body.id}`)).status).toBe(404);
    expect((await call(b, 'GET', '/v1/customers')).body.data).toEqual([]);
    expect((await call(b, 'GET', '/v1/events')).body.data).toEqual([]);
  });

  it('keep their own clocks and scenarios', async () => {
    const a = await start();
    const b = await start();
    a.clock.advance('1d');
    a.setScenario('manual');
    const onA = await call(a, 'POST', '/v1/payments', { form: { amount: '2000', currency: 'usd' } });
    const onB = await call(b, 'POST', '/v1/payments', { form: { amount: '2000', currency: 'usd' } });
    expect(onA.body.created).toBe(FROZEN_UNIX + 86400);
    expect(onB.body.created).toBe(FROZEN_UNIX);
    expect((await call(a, 'GET', `/v1/payments/${onA.body.id}`)).body.status).toBe('requires_confirmation');
    expect((await call(b, 'GET', `/v1/payments/${onB.body.id}`)).body.status).toBe('succeeded');
  });
});

describe('mock.inject', () => {
  it('runs a request through the full pipeline without a socket, on the same store', async () => {
    const mock = await start();
    const key = secretOf(mock);
    const injected = await mock.inject({ method: 'POST', url: '/v1/customers', headers: { Authorization: `Bearer ${key}` }, body: { name: 'Ada' } });
    expect(injected.status).toBe(200);
    expect(injected.headers['Request-Id']).toMatch(/^req_[0-9A-Za-z]{24}$/);
    const customer = JSON.parse(injected.body) as { id: string; name: string };
    expect(customer).toMatchObject({ object: 'customer', name: 'Ada' });
    const overHttp = await call(mock, 'GET', `/v1/customers/${customer.id}`);
    expect(overHttp.body).toMatchObject({ id: customer.id, name: 'Ada' });
  });

  it('answers errors as the JSON error object, with form bodies as strings', async () => {
    const mock = await start();
    const noKey = await mock.inject({ url: '/v1/account' });
    expect(noKey.status).toBe(401);
    expect(JSON.parse(noKey.body).error.code).toBe('missing_api_key');
    const form = await mock.inject({
      method: 'post',
      url: '/v1/payments',
      headers: { authorization: `Bearer ${secretOf(mock)}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=12.5&currency=usd',
    });
    expect(form.status).toBe(400);
    expect(JSON.parse(form.body).error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
  });
});

describe('close()', () => {
  it('releases the port: the old URL refuses connections and the port can be listened on again', async () => {
    const mock = await startMock(OPTIONS);
    const { port, url } = mock;
    expect((await call(mock, 'GET', '/v1/account')).status).toBe(200); // leaves a keep-alive connection open
    await mock.close();
    await expect(fetch(`${url}/_mock/health`)).rejects.toThrow();
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it('resolves promptly even with idle keep-alive connections', async () => {
    const mock = await startMock(OPTIONS);
    await Promise.all([1, 2, 3].map(() => call(mock, 'GET', '/_mock/health')));
    await expect(mock.close()).resolves.toBeUndefined();
  });
});
