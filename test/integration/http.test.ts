import { createServer, request } from 'node:http';
import { AddressInfo } from 'node:net';
import { V1_ROUTES } from '../../src/routes';
import { ERROR_CATALOG } from '../../src/errors/catalog';
import { VERSIONS } from '../../src/domain/versions';
import { RESOURCE_SCHEMAS } from '../../src/schemas/resources';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, Sandbox, sandbox } from '../helpers/sandbox';

/** A POST through a real socket with exactly the given headers (supertest adds a Content-Type of its own). */
async function rawPost(box: Sandbox, path: string, headers: Record<string, string>, body: string) {
  const server = createServer(box.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; body: string; sentContentType: unknown }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sentContentType: req.getHeader('content-type') }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

type Res = Awaited<ReturnType<Sandbox['get']>>;
type Call = (box: Sandbox) => Promise<Res> | Res;

const REQUEST_ID = /^req_[0-9A-Za-z]{24}$/;
const auth = (box: Sandbox) => ({ Authorization: `Bearer ${box.keys.secret}` });

/** /v1 requests that end in every kind of answer this layer produces: status and code. */
const V1_ANSWERS: Array<[string, number, string | null, Call]> = [
  ['a created payment', 200, null, (box) => box.post('/v1/payments', { amount: 2000, currency: 'usd' })],
  ['a list', 200, null, (box) => box.get('/v1/events')],
  ['no key', 401, 'missing_api_key', (box) => box.http.get('/v1/account')],
  ['an unknown key', 401, 'invalid_api_key', (box) => box.get('/v1/account', 'sk_test_nope')],
  ['a publishable key outside its uses', 403, 'secret_key_required', (box) => box.get('/v1/events', box.keys.publishable)],
  ['a read-only restricted key writing', 403, 'insufficient_permissions', (box) => box.post('/v1/customers', {}, box.keys.restricted)],
  ['a missing object', 404, 'resource_missing', (box) => box.get('/v1/payments/pay_nope')],
  ['an unknown /v1 URL', 404, 'url_invalid', (box) => box.get('/v1/nope')],
  ['a wrong method', 405, 'method_not_allowed', (box) => box.http.delete('/v1/payments').set(auth(box))],
  ['a missing parameter', 400, 'parameter_missing', (box) => box.post('/v1/payments', { currency: 'usd' })],
  ['an unknown parameter', 400, 'parameter_unknown', (box) => box.get('/v1/events?limt=3')],
  ['a non-integer', 400, 'parameter_invalid_integer', (box) => box.get('/v1/events?limit=ten')],
  ['an empty string', 400, 'parameter_invalid_empty', (box) => box.post('/v1/payments', { amount: '', currency: 'usd' })],
  ['an invalid value', 400, 'parameter_invalid', (box) => box.post('/v1/payments', { amount: 100, currency: 'zzz' })],
  ['a bad version', 400, 'version_invalid', (box) => box.http.get('/v1/account').set(auth(box)).set('Service-Version', 'yesterday')],
  ['malformed JSON', 400, 'body_invalid', (box) => box.http.post('/v1/customers').set(auth(box)).set('Content-Type', 'application/json').send('{"name":')],
  [
    'a text/plain body',
    415,
    'content_type_unsupported',
    (box) => box.http.post('/v1/customers').set(auth(box)).set('Content-Type', 'text/plain').send('name=Ada'),
  ],
  [
    'a body over 1 MiB',
    413,
    'request_too_large',
    (box) =>
      box.http
        .post('/v1/customers')
        .set(auth(box))
        .type('form')
        .send(`name=${'a'.repeat(1024 * 1024 + 1)}`),
  ],
  ['an outage', 503, 'service_unavailable', (box) => box.http.get('/v1/account').set(auth(box)).set('Mock-Scenario', 'outage')],
];

describe('headers of every /v1 response', () => {
  it.each(V1_ANSWERS)('%s (%i %s) carries Request-Id req_<24 base62> and Service-Version', async (_name, status, code, call) => {
    const box = sandbox();
    const res = await call(box);
    if (code) expectError(res, status, code);
    else expect(res.status).toBe(status);
    expect(res.headers['request-id']).toMatch(REQUEST_ID);
    expect(res.headers['service-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(VERSIONS).toContain(res.headers['service-version']);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('gives every request its own Request-Id', async () => {
    const box = sandbox();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await box.get('/v1/account')).headers['request-id'] as string);
    ids.add((await box.get('/v1/nope')).headers['request-id'] as string);
    expect(ids.size).toBe(6);
  });

  it('answers Service-Version with the version applied: the pinned one, else the workspace default', async () => {
    const box = sandbox();
    const [oldest] = VERSIONS;
    const pinned = await box.http
      .get('/v1/account')
      .set(auth(box))
      .set('Service-Version', oldest as string);
    expect(pinned.status).toBe(200);
    expect(pinned.headers['service-version']).toBe(oldest);
    const unpinned = await box.get('/v1/account');
    expect(unpinned.headers['service-version']).toBe(unpinned.body.default_version);
  });
});

describe('CORS', () => {
  it.each(['/v1/payments', '/v1/payments/pay_x/refund', '/v1/events'])(
    'answers a preflight OPTIONS %s without a key: 204 with the allowed headers',
    async (path) => {
      const box = sandbox();
      const res = await box.http.options(path).set('Origin', 'http://localhost:3000').set('Access-Control-Request-Method', 'POST');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const allowed = String(res.headers['access-control-allow-headers'])
        .split(',')
        .map((h) => h.trim().toLowerCase());
      for (const header of ['Authorization', 'Content-Type', 'Idempotency-Key', 'Service-Version', 'Mock-Scenario'])
        expect(allowed).toContain(header.toLowerCase());
      const methods = String(res.headers['access-control-allow-methods'])
        .split(',')
        .map((m) => m.trim());
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST']));
    },
  );

  const exposed = (res: Res) =>
    String(res.headers['access-control-expose-headers'])
      .split(',')
      .map((h) => h.trim().toLowerCase());

  it.each([
    ...V1_ANSWERS.map(([name, , , call]): [string, Call] => [name, call]),
    ['an unknown URL outside /v1', (box: Sandbox) => box.http.get('/nope')],
    ['GET /openapi.json', (box: Sandbox) => box.http.get('/openapi.json')],
  ])('%s exposes Request-Id, Service-Version and Idempotent-Replayed to browsers', async (_name, call) => {
    const box = sandbox();
    const res = await call(box);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(exposed(res)).toEqual(expect.arrayContaining(['request-id', 'service-version', 'idempotent-replayed']));
  });
});

describe('unknown URLs and wrong methods', () => {
  it.each([
    ['GET', '/v1/nope'],
    ['POST', '/v1/nope'],
    ['GET', '/v1'],
    ['GET', '/v1/'],
    ['GET', '/v1/payments/pay_x/nope'],
    ['GET', '/v2/payments'],
    ['GET', '/'],
    ['POST', '/payments'],
    ['GET', '/docs/nope'],
  ])('answers %s %s with 404 url_invalid as JSON, never HTML', async (method, path) => {
    const box = sandbox();
    const res = await box.http[method === 'GET' ? 'get' : 'post'](path).set(auth(box));
    expectError(res, 404, 'url_invalid');
    expect(res.text).not.toMatch(/<html|<!doctype/i);
    expect(res.body.error.message).toContain(path);
  });

  it.each([
    ['PUT', '/v1/payments', 'GET, POST'],
    ['PUT', '/v1/payments/pay_x', 'GET'],
    ['GET', '/v1/payments/pay_x/refund', 'POST'],
    ['GET', '/v1/payments/pay_x/confirm', 'POST'],
    ['POST', '/v1/events', 'GET'],
    ['POST', '/v1/account', 'GET'],
    ['PATCH', '/v1/customers', 'GET, POST'],
    ['DELETE', '/v1/customers/cus_x', 'GET'],
  ])('answers %s %s with 405 method_not_allowed and Allow: %s', async (method, path, allow) => {
    const box = sandbox();
    const res = await box.http[method.toLowerCase() as 'get'](path).set(auth(box));
    expectError(res, 405, 'method_not_allowed');
    expect(
      String(res.headers.allow)
        .split(',')
        .map((m) => m.trim())
        .sort(),
    ).toEqual(allow.split(', ').sort());
    expect(res.headers['request-id']).toMatch(REQUEST_ID);
  });
});

describe('request bodies', () => {
  it.each([
    ['text/plain', 'amount=2000&currency=usd'],
    ['application/xml', '<payment><amount>2000</amount></payment>'],
    ['text/html', '<p>hi</p>'],
    ['application/octet-stream', 'amount=2000&currency=usd'],
    ['multipart/form-data; boundary=X', '--X\r\nContent-Disposition: form-data; name="amount"\r\n\r\n2000\r\n--X--\r\n'],
  ])('answers a %s body with 415 content_type_unsupported', async (type, body) => {
    const box = sandbox();
    const res = await box.http.post('/v1/payments').set(auth(box)).set('Content-Type', type).send(body);
    expectError(res, 415, 'content_type_unsupported');
    expect(res.body.error.message).toContain(type.split(';')[0]);
  });

  it('answers a real multipart upload with 415', async () => {
    const box = sandbox();
    const res = await box.http.post('/v1/payments').set(auth(box)).field('amount', '2000').field('currency', 'usd');
    expectError(res, 415, 'content_type_unsupported');
  });

  it('answers a body with no Content-Type with 415', async () => {
    const box = sandbox();
    const res = await rawPost(box, '/v1/customers', { Authorization: `Bearer ${box.keys.secret}` }, 'name=Ada');
    expect(res.sentContentType).toBeUndefined();
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).error.code).toBe('content_type_unsupported');
  });

  it('accepts a POST with no body at all where no parameter is required (POST /v1/customers)', async () => {
    const box = sandbox();
    const res = await box.http.post('/v1/customers').set(auth(box));
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body).toMatchObject({ email: null, name: null, phone: null });
  });

  it('answers a POST with no body where parameters are required with parameter_missing, not 415', async () => {
    const box = sandbox();
    expectError(await box.http.post('/v1/payments').set(auth(box)), 400, 'parameter_missing', 'amount');
  });

  it('accepts the same parameters as form or JSON, and JSON with a charset', async () => {
    const box = sandbox();
    const form = await box.post('/v1/customers', { email: 'ada@example.com' });
    const json = await box.http.post('/v1/customers').set(auth(box)).set('Content-Type', 'application/json; charset=utf-8').send('{"email":"ada@example.com"}');
    expect(form.status).toBe(200);
    expect(json.status).toBe(200);
    expect(json.body.email).toBe(form.body.email);
  });
});

describe('unknown query parameters', () => {
  it.each([
    ['GET /v1/events?limt=3', 'limt'],
    ['GET /v1/customers?foo=1', 'foo'],
    ['GET /v1/account?expand=key', 'expand'],
    ['GET /v1/payments/{id}?amount=1', 'amount'],
  ])('%s → 400 parameter_unknown naming %s', async (call, param) => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.get(call.slice(4).replace('{id}', payment.id));
    expectError(res, 400, 'parameter_unknown', param);
    expect(res.body.error.message).toContain(param);
  });

  it('suggests the likely name for a typo in a query parameter', async () => {
    const box = sandbox();
    const res = await box.get('/v1/events?limt=3');
    expect(res.body.error.message).toContain('Did you mean limit?');
  });

  it.each([
    ['/v1/customers?foo=1', 'foo'],
    ['/v1/customers?email=ada%40example.com', 'email'],
    ['/v1/payments?amount=2000', 'amount'],
  ])('refuses a query string on POST %s: 400 parameter_unknown naming %s, and creates nothing', async (path, param) => {
    const box = sandbox();
    const res = await box.http.post(path).set(auth(box)).type('form').send('amount=2000&currency=usd');
    expectError(res, 400, 'parameter_unknown', param);
    expect((await box.get('/v1/events')).body.data).toEqual([]);
  });
});

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document, served without a key', async () => {
    const box = sandbox();
    const res = await box.http.get('/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('has an operation for every route in V1_ROUTES, with its operationId', async () => {
    const box = sandbox();
    const doc = (await box.http.get('/openapi.json')).body as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    for (const route of V1_ROUTES) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect([route.method, path, operation?.operationId]).toEqual([route.method, path, route.operationId]);
      expect(operation?.responses).toHaveProperty('200');
    }
    const v1Operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1'))
      .flatMap(([, ops]) => Object.keys(ops));
    expect(v1Operations).toHaveLength(V1_ROUTES.length);
  });

  it('documents exactly the component schemas the server validates against (RESOURCE_SCHEMAS)', async () => {
    const box = sandbox();
    const doc = (await box.http.get('/openapi.json')).body;
    expect(doc.components.schemas).toMatchObject(JSON.parse(JSON.stringify(RESOURCE_SCHEMAS)));
  });

  it.each(['/openapi.json', '/docs/errors'])('answers POST %s with 405 method_not_allowed and Allow: GET', async (path) => {
    const box = sandbox();
    const res = await box.http.post(path);
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET');
  });
});

describe('GET /docs/errors', () => {
  it('is an HTML page with an anchor for every code of ERROR_CATALOG', async () => {
    const box = sandbox();
    const res = await box.http.get('/docs/errors');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const code of Object.keys(ERROR_CATALOG)) expect(res.text).toContain(`id="${code}"`);
  });

  it.each(V1_ANSWERS.filter(([, , code]) => code !== null))(
    'the doc_url of %s (%i %s) points at its anchor on the page this server serves',
    async (_name, status, code, call) => {
      const box = sandbox();
      const res = await call(box);
      expectError(res, status, code as string);
      const url = new URL(res.body.error.doc_url as string);
      expect(url.pathname).toBe('/docs/errors');
      expect(url.hash).toBe(`#${code}`);
      const page = await box.http.get(url.pathname);
      expect(page.text).toContain(`id="${code}"`);
    },
  );

  it('every error status and type on the page matches the catalog', async () => {
    const box = sandbox();
    const page = (await box.http.get('/docs/errors')).text;
    for (const [code, spec] of Object.entries(ERROR_CATALOG)) {
      expect(page).toMatch(new RegExp(`id="${code}"><td><code>${code}</code></td><td>${spec.status}</td><td>${spec.type}</td>`));
    }
  });
});
