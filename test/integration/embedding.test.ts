import bodyParser from 'body-parser';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createApp } from '../../src/create-app';
import { startMock } from '../../src/start-mock';
import { expectError, expectSchema } from '../helpers/schemas';
import { FROZEN_AT } from '../helpers/sandbox';

type HostSetup = (host: express.Express) => void;

/** The body-parser setups Express apps use, each as a host app installs it before mounting the mock. */
const PARSER_STYLES: Array<[string, HostSetup]> = [
  ['no body parser', () => undefined],
  ['express.json() + express.urlencoded({ extended: true })', (host) => host.use(express.json(), express.urlencoded({ extended: true }))],
  ['express.urlencoded({ extended: false }) + express.json()', (host) => host.use(express.urlencoded({ extended: false }), express.json())],
  ['body-parser json + urlencoded', (host) => host.use(bodyParser.json(), bodyParser.urlencoded({ extended: true }))],
  ['body-parser text + raw for every type', (host) => host.use(bodyParser.text({ type: 'application/json' }), bodyParser.raw({ type: () => true }))],
];

const MOUNTS = ['/', '/payments-mock', '/api/mock'];

function hostApp(setup: HostSetup, mount: string) {
  const host = express();
  setup(host);
  host.get('/host-route', (_req, res) => void res.json({ host: true }));
  const mock = createApp({ fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 1 });
  host.use(mount, mock);
  return host;
}

async function secretKey(http: ReturnType<typeof request>, prefix: string): Promise<string> {
  const keys = (await http.get(`${prefix}/_mock/keys`).expect(200)).body.data as Array<{ key: string; kind: string; livemode: boolean }>;
  return keys.find((key) => key.kind === 'secret' && !key.livemode)!.key;
}

describe.each(PARSER_STYLES)('createApp() mounted in an Express host app with %s', (_name, setup) => {
  describe.each(MOUNTS)('at %s', (mount) => {
    const prefix = mount === '/' ? '' : mount;

    it('answers a form create with bracket-nested metadata as standalone does', async () => {
      const http = request(hostApp(setup, mount));
      const key = await secretKey(http, prefix);
      const res = await http.post(`${prefix}/v1/payments`).auth(key, '').type('form').send('amount=2000&currency=USD&metadata[order]=42');
      expect(res.status).toBe(200);
      expectSchema(res.body, 'Payment');
      expect(res.body).toMatchObject({ amount: 2000, currency: 'usd', metadata: { order: '42' } });
      expect(res.headers['request-id']).toMatch(/^req_/);
    });

    it('answers a JSON create, and keeps JSON integers strict', async () => {
      const http = request(hostApp(setup, mount));
      const key = await secretKey(http, prefix);
      const ok = await http
        .post(`${prefix}/v1/customers`)
        .auth(key, '')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: 'a@example.com', phone: '+4915112345678' }));
      expect(ok.status).toBe(200);
      expectSchema(ok.body, 'Customer');
      const strict = await http
        .post(`${prefix}/v1/payments`)
        .auth(key, '')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ amount: '2000', currency: 'usd' }));
      expectError(strict, 400, 'parameter_invalid_integer', 'amount');
    });

    it('refuses an unknown parameter naming it, like standalone', async () => {
      const http = request(hostApp(setup, mount));
      const key = await secretKey(http, prefix);
      const res = await http.post(`${prefix}/v1/payments`).auth(key, '').type('form').send('amount=2000&currency=usd&amout=1');
      expectError(res, 400, 'parameter_unknown', 'amout');
    });

    it('points doc_url and the OpenAPI server URL at the mount path', async () => {
      const http = request(hostApp(setup, mount));
      const res = await http.get(`${prefix}/v1/payments/pay_missing`);
      expectError(res, 401, 'missing_api_key');
      expect(new URL(res.body.error.doc_url).pathname).toBe(`${prefix}/docs/errors`);
      expect((await http.get(`${prefix}/docs/errors`)).status).toBe(200);
      const doc = (await http.get(`${prefix}/openapi.json`).expect(200)).body;
      expect(new URL(doc.servers[0].url).pathname.replace(/\/$/, '')).toBe(prefix);
    });

    it("leaves the host's own routes to the host", async () => {
      const http = request(hostApp(setup, mount));
      if (mount !== '/') expect((await http.get('/host-route')).body).toEqual({ host: true });
      else expect((await http.get('/host-route')).status).toBe(200);
    });
  });
});

describe('createApp() as a plain Node request listener', () => {
  it('serves through http.createServer()', async () => {
    const server = createServer(createApp({ fixtures: 'none', seed: 1 }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/_mock/health`);
      expect(await res.json()).toMatchObject({ status: 'ok' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the 1 MiB body limit in-process', () => {
  const big = `amount=2000&currency=usd&description=${'x'.repeat(1024 * 1024)}`;

  it.each([
    ['no host parser', () => undefined],
    ['a host parser allowing 5 MiB', (host: express.Express) => host.use(express.urlencoded({ extended: true, limit: '5mb' }))],
  ] as Array<[string, HostSetup]>)('answers 413 request_too_large with %s', async (_name, setup) => {
    const http = request(hostApp(setup, '/mock'));
    const res = await http.post('/mock/v1/payments').type('form').send(big);
    expectError(res, 413, 'request_too_large');
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('answers 413 request_too_large from mock.inject()', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', seed: 1 });
    try {
      const res = await mock.inject({ method: 'POST', url: '/v1/payments', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: big });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error.code).toBe('request_too_large');
    } finally {
      await mock.close();
    }
  });
});

describe('a hostile body a host parser took in', () => {
  // express.json() parses any depth (a 100 KiB body nests 16,000 levels); re-encoding it recursed and threw, and
  // Express answered its HTML error page with a stack trace.
  const deep = (levels: number) => `${'{"metadata":'.repeat(levels)}"x"${'}'.repeat(levels)}`;

  it.each([['express.json()', (host: express.Express) => host.use(express.json({ limit: '1mb' })), 'application/json', deep(50_000)]] as Array<
    [string, HostSetup, string, string]
  >)('nested 50,000 levels deep through %s is the JSON error the mock gives standalone', async (_name, setup, type, body) => {
    const http = request(hostApp(setup, '/mock'));
    const key = await secretKey(http, '/mock');
    const res = await http.post('/mock/v1/payments').set('Authorization', `Bearer ${key}`).type(type).send(body);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/nested more than 8 levels deep/);
  });
});
