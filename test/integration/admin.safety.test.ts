import { guardAdmin } from '../../src/http/admin-guard';
import { MockRequest } from '../../src/request-response';
import { expectError } from '../helpers/schemas';
import { createPayment, sandbox } from '../helpers/sandbox';

// The admin surface is for the machine's own user: another web page must neither read it (no CORS), reach it
// through a rebound DNS name (Host check), nor change it with a cross-site write (Origin check).
describe('admin surface safety', () => {
  it.each(['/_mock/keys', '/_mock/state', '/_mock/requests', '/_mock/dashboard', '/_mock/health'])(
    'sends no Access-Control-Allow-Origin on GET %s, even to a page on another origin',
    async (path) => {
      const box = sandbox();
      const res = await box.http.get(path).set('Origin', 'http://evil.example');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('answers no preflight for /_mock: a cross-origin page cannot send it JSON or headers', async () => {
    const box = sandbox();
    const res = await box.http.options('/_mock/reset').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expectError(res, 403, 'origin_not_allowed');
  });

  it('keeps CORS on /v1', async () => {
    const box = sandbox();
    const res = await box.get('/v1/account').set('Origin', 'http://evil.example');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it.each(['evil.example', 'evil.example:4010', 'localhost.evil.example', '127.0.0.1.nip.io:4010', '10.0.0.5:4010'])(
    'answers 403 host_not_allowed to Host %s (DNS rebinding)',
    async (host) => {
      const box = sandbox();
      const res = await box.http.get('/_mock/keys').set('Host', host);
      expectError(res, 403, 'host_not_allowed');
      expect(res.text).not.toContain(box.keys.secret);
      expect(res.body.error.message).toMatch(/localhost, 127\.0\.0\.1 or \[::1\]/);
    },
  );

  it('refuses a foreign Host on the dashboard page and the stream too', async () => {
    const box = sandbox();
    expectError(await box.http.get('/_mock/dashboard').set('Host', 'evil.example'), 403, 'host_not_allowed');
    expectError(await box.http.get('/_mock/stream').set('Host', 'evil.example'), 403, 'host_not_allowed');
  });

  it.each(['localhost:4010', '127.0.0.1:51234', '[::1]:4010', 'LOCALHOST', '127.0.0.1'])('accepts Host %s (loopback, any port)', async (host) => {
    const box = sandbox();
    const res = await box.http.get('/_mock/keys').set('Host', host);
    expect(res.status).toBe(200);
  });

  it('leaves /v1 reachable under any Host (an API behind a tunnel or a container name)', async () => {
    const box = sandbox();
    const res = await box.get('/v1/account').set('Host', 'mock.internal:4010');
    expect(res.status).toBe(200);
  });

  it.each([
    ['POST', '/_mock/reset', undefined],
    ['POST', '/_mock/clock/advance', { by: '1d' }],
    ['PUT', '/_mock/scenario', { scenario: 'outage' }],
    ['DELETE', '/_mock/requests', undefined],
    ['PUT', '/_mock/state', {}],
  ])('refuses %s %s from a page on another origin with 403 origin_not_allowed, changing nothing', async (method, path, body) => {
    const box = sandbox();
    const payment = await createPayment(box);
    const before = { clock: box.ctx.clock.now(), scenario: box.ctx.scenario.scenario, journal: box.ctx.journal.list().length };
    const call = box.http[method.toLowerCase() as 'post' | 'put' | 'delete'](path).set('Origin', 'http://evil.example').set('Content-Type', 'text/plain');
    const res = await (body === undefined ? call : call.send(JSON.stringify(body)));
    expectError(res, 403, 'origin_not_allowed');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect({ clock: box.ctx.clock.now(), scenario: box.ctx.scenario.scenario, journal: box.ctx.journal.list().length }).toEqual(before);
    expect((await box.get(`/v1/payments/${payment.id}`)).status).toBe(200);
  });

  it.each(['null', 'http://localhost:3000', 'http://127.0.0.1:9999'])('refuses a write with Origin %s (not the mock itself)', async (origin) => {
    const box = sandbox();
    const res = await box.http
      .post('/_mock/clock/advance')
      .set('Host', '127.0.0.1:4010')
      .set('Origin', origin)
      .set('Content-Type', 'application/json')
      .send('{"by":"1h"}');
    expectError(res, 403, 'origin_not_allowed');
  });

  it("accepts a write from the mock's own origin (the dashboard) and from clients that send no Origin", async () => {
    const box = sandbox();
    const own = await box.http
      .post('/_mock/clock/advance')
      .set('Host', '127.0.0.1:4010')
      .set('Origin', 'http://127.0.0.1:4010')
      .set('Content-Type', 'application/json')
      .send('{"by":"1h"}');
    expect(own.status).toBe(200);
    const curl = await box.http.post('/_mock/clock/advance').set('Content-Type', 'application/json').send('{"by":"1h"}');
    expect(curl.status).toBe(200);
  });
});

describe('guardAdmin with a listening address', () => {
  const request = (host: string, extra: Record<string, string> = {}): MockRequest => ({
    method: 'GET',
    url: '/_mock/keys',
    headers: { host, ...extra },
    body: Buffer.alloc(0),
  });
  const verdict = (baseUrl: string, req: MockRequest) => {
    try {
      guardAdmin(baseUrl, req);
      return 'ok';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it.each([
    ['http://192.168.1.20:4010', '192.168.1.20:4010', 'ok'],
    ['http://192.168.1.20:4010', '192.168.1.21:4010', 'host_not_allowed'],
    ['http://0.0.0.0:4010', '192.168.1.20:4010', 'ok'],
    ['http://0.0.0.0:4010', 'evil.example:4010', 'host_not_allowed'],
    ['http://[::]:4010', '[fe80::1]:4010', 'ok'],
    ['http://[::1]:4010', '[::1]:4010', 'ok'],
  ])('listening on %s, Host %s: %s', (baseUrl, host, expected) => {
    expect(verdict(baseUrl, request(host))).toBe(expected);
  });

  it("takes the listening origin as the mock's own for writes", () => {
    const post = { ...request('192.168.1.20:4010', { origin: 'http://192.168.1.20:4010' }), method: 'POST' };
    expect(verdict('http://192.168.1.20:4010', post)).toBe('ok');
    expect(verdict('http://192.168.1.20:4010', { ...post, headers: { ...post.headers, origin: 'http://evil.example' } })).toBe('origin_not_allowed');
  });

  it('lets in-process calls through (no Host header: mock.inject)', () => {
    expect(verdict('http://127.0.0.1:4010', { method: 'POST', url: '/_mock/reset', headers: {}, body: Buffer.alloc(0) })).toBe('ok');
  });
});
