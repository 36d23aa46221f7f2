import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:http2';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { CliProcess, killAll, spawnCli } from '../helpers/cli-process';
import { connectAgent } from '../helpers/mcp-agent';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'payments-mock.js');

/** An answer as a client saw it: status, headers and body bytes as text. */
interface Seen {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('HTTPS and HTTP/2 beside HTTP, over one state (the built CLI, real clients, loopback only)', () => {
  let dir: string;
  let cli: CliProcess;
  let httpUrl: string;
  let httpsUrl: string;
  let port: number;
  let key: string;
  let caPath: string;
  const ca = () => readFileSync(caPath, 'utf8');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-https-'));
    // shop.test is a name the sandbox answers on (--allowed-hosts), so its certificate holds it too.
    cli = spawnCli(['--port', '0', '--tls-port', '0', '--fixtures', 'none', '--seed', '7', '--scenario', 'manual', '--allowed-hosts', 'shop.test'], {
      PAYMENTS_MOCK_CA_DIR: join(dir, 'ca'),
    });
    const ready = JSON.parse(await cli.waitForLine((line) => line.startsWith('{"msg":"ready"'), 'the ready line', 30_000)) as {
      url: string;
      tls_url: string;
      ca: { path: string; sha256: string };
      workspaces: Array<{ test_keys: Array<{ kind: string; key: string }> }>;
    };
    // The first line stays the one a parent reads; the HTTPS address is in the ready line, the second.
    expect(cli.lines[0]).toBe(`payments-mock listening on ${ready.url}`);
    expect(cli.lines[1]?.startsWith('{"msg":"ready"')).toBe(true);
    expect(ready.tls_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    httpUrl = ready.url;
    httpsUrl = ready.tls_url;
    port = Number(new URL(httpsUrl).port);
    caPath = ready.ca.path;
    key = ready.workspaces[0]?.test_keys.find((k) => k.kind === 'secret')?.key as string;
  }, 40_000);

  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a client that trusts only the local CA (NODE_EXTRA_CA_CERTS) creates, confirms and refunds at a name of the machine, over HTTP/1.1 (https), HTTP/2 (http2) and fetch', async () => {
    // A phone-shaped client in its own process: the CA is its only extra trust; shop.test is mapped to 127.0.0.1 in the client.
    const script = `
      const https = require('node:https'), http2 = require('node:http2');
      const lookup = (host, options, cb) => options && options.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4);
      const auth = 'Basic ' + Buffer.from(process.env.KEY + ':').toString('base64');
      const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: auth };
      function h1(path, body) {
        return new Promise((resolve, reject) => {
          const req = https.request({ host: process.env.MACHINE, port: process.env.PORT, path, method: 'POST', headers: form, lookup }, (res) => {
            let text = ''; res.on('data', (c) => (text += c)); res.on('end', () => resolve({ status: res.statusCode, version: res.httpVersion, body: JSON.parse(text) }));
          });
          req.on('error', reject); req.end(body);
        });
      }
      function h2(session, path, body) {
        return new Promise((resolve, reject) => {
          const stream = session.request({ ':method': 'POST', ':path': path, ...form });
          let text = ''; let status = 0;
          stream.on('response', (headers) => (status = headers[':status'])); stream.on('data', (c) => (text += c));
          stream.on('end', () => resolve({ status, version: '2', body: JSON.parse(text) })); stream.on('error', reject); stream.end(body);
        });
      }
      (async () => {
        const out = [];
        let p = await h1('/v1/payments', 'amount=2000&currency=usd');
        out.push(p, await h1('/v1/payments/' + p.body.id + '/confirm', 'payment_method=pm_card_visa'), await h1('/v1/payments/' + p.body.id + '/refund', ''));
        const session = http2.connect('https://shop.test:' + process.env.PORT, { lookup });
        p = await h2(session, '/v1/payments', 'amount=3000&currency=eur');
        out.push(p, await h2(session, '/v1/payments/' + p.body.id + '/confirm', 'payment_method=pm_card_visa'), await h2(session, '/v1/payments/' + p.body.id + '/refund', ''));
        session.close();
        const fetched = await fetch('https://127.0.0.1:' + process.env.PORT + '/v1/payments/' + p.body.id, { headers: { authorization: auth } });
        out.push({ status: fetched.status, version: 'fetch', body: await fetched.json() });
        console.log(JSON.stringify(out.map((r) => [r.status, r.version, r.body.object, r.body.status])));
      })().catch((e) => { console.error(e.code || e.message); process.exit(1); });`;
    // HTTP/1.1 goes to this machine's own name (on every leaf), HTTP/2 to shop.test (an --allowed-hosts name).
    const env = { ...process.env, NODE_EXTRA_CA_CERTS: caPath, KEY: key, PORT: String(port), MACHINE: hostname().toLowerCase() };
    const { stdout } = await run(process.execPath, ['-e', script], { env, timeout: 20_000 });
    expect(JSON.parse(stdout)).toEqual([
      [200, '1.1', 'payment', 'requires_confirmation'],
      [200, '1.1', 'payment', 'succeeded'],
      [200, '1.1', 'refund', 'succeeded'],
      [200, '2', 'payment', 'requires_confirmation'],
      [200, '2', 'payment', 'succeeded'],
      [200, '2', 'refund', 'succeeded'],
      [200, 'fetch', 'payment', 'succeeded'],
    ]);
    // Without the CA, the same client refuses the certificate: the trust really comes from the CA.
    const refused = await run(process.execPath, ['-e', script], { env: { ...env, NODE_EXTRA_CA_CERTS: '' }, timeout: 20_000 }).catch(
      (error: { stderr: string }) => error,
    );
    expect((refused as { stderr: string }).stderr).toMatch(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
  }, 40_000);

  it('curl --cacert speaks HTTP/1.1 and HTTP/2 (ALPN) at shop.test', async () => {
    for (const [flag, version] of [
      ['--http1.1', '1.1'],
      ['--http2', '2'],
    ] as const) {
      const { stdout } = await run(
        'curl',
        [
          '-sS',
          flag,
          '--cacert',
          caPath,
          '--resolve',
          `shop.test:${port}:127.0.0.1`,
          '-u',
          `${key}:`,
          `https://shop.test:${port}/v1/payments`,
          '-d',
          'amount=500',
          '-d',
          'currency=usd',
          '-o',
          '/dev/null',
          '-w',
          '%{http_version} %{http_code}',
        ],
        { timeout: 10_000 },
      );
      expect(stdout).toBe(`${version} 200`);
    }
  }, 20_000);

  it('answers byte for byte the same over HTTP, HTTPS/1.1 and HTTP/2, without connection headers on HTTP/2', async () => {
    const created = JSON.parse((await viaHttp(`${httpUrl}/v1/payments`, 'POST', 'amount=1234&currency=usd')).body) as { id: string };
    const paths = [`/v1/payments/${created.id}`, '/v1/payments?limit=3', '/v1/customers/cus_nope'];
    for (const path of paths) {
      const plain = await viaHttp(`${httpUrl}${path}`);
      const tls1 = await viaHttps1(`${httpsUrl}${path}`);
      const tls2 = await viaHttp2(`${httpsUrl}${path}`);
      const sameScheme = (text: string) => text.replaceAll(httpsUrl, httpUrl);
      expect(sameScheme(tls1.body)).toBe(plain.body);
      expect(tls2.body).toBe(tls1.body);
      expect([tls1.status, tls2.status]).toEqual([plain.status, plain.status]);
      expect(tls2.headers['content-type']).toBe(plain.headers['content-type']);
      for (const name of ['connection', 'keep-alive', 'transfer-encoding']) expect(tls2.headers[name]).toBeUndefined();
    }
    // The journal keeps an HTTP/2 request's headers as HTTP/1.1 sends them: Host from :authority, no pseudo-headers.
    const last = JSON.parse((await viaHttp(`${httpUrl}/_mock/requests?limit=1`)).body) as { data: Array<{ id: string }> };
    const entry = JSON.parse((await viaHttp(`${httpUrl}/_mock/requests/${last.data[0]?.id}`)).body) as { request_headers: Record<string, string> };
    expect(entry.request_headers.host).toBe(new URL(httpsUrl).host);
    expect(Object.keys(entry.request_headers).filter((name) => name.startsWith(':'))).toEqual([]);
    // Links in answers name the address the client used: https on the TLS port.
    const missing = JSON.parse((await viaHttp2(`${httpsUrl}/v1/customers/cus_nope`)).body) as { error: { doc_url: string } };
    expect(missing.error.doc_url.startsWith(`${httpsUrl}/docs/errors#`)).toBe(true);
  });

  it('the stripe SDK works against the https: URL', async () => {
    const stripe = new Stripe(key, { host: '127.0.0.1', port, protocol: 'https', httpAgent: new HttpsAgent({ ca: ca() }) });
    const customer = await stripe.customers.create({ email: 'jenny@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    await expect(stripe.customers.create({ phone: '12' })).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('the dashboard stream streams over HTTP/2', async () => {
    const session = connect(httpsUrl, { ca: ca() });
    try {
      const stream = session.request({ ':path': '/_mock/stream', accept: 'text/event-stream' });
      let text = '';
      let headers: Record<string, unknown> = {};
      stream.on('response', (h) => (headers = h));
      // The create goes once the stream said hello (it is subscribed then): a fixed wait lost the race on a busy machine.
      const seen = (marker: string) =>
        new Promise<void>((resolve) => {
          const check = () => text.includes(marker) && resolve();
          stream.on('data', check);
          check();
        });
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      await seen('event: hello');
      await viaHttp(`${httpUrl}/v1/payments`, 'POST', 'amount=42&currency=usd');
      await seen('event: request');
      expect(headers[':status']).toBe(200);
      expect(String(headers['content-type'])).toContain('text/event-stream');
      expect(text).toContain('event: hello');
      stream.close();
    } finally {
      session.close();
    }
  }, 15_000);

  it('trigger --url https:// works where the CA is trusted, and says how to trust it where it is not', async () => {
    const args = [BIN, 'trigger', 'customer.created', '--url', httpsUrl, '--json'];
    const ok = await run(process.execPath, args, { env: { ...process.env, NODE_EXTRA_CA_CERTS: caPath }, timeout: 15_000 });
    expect(JSON.parse(ok.stdout)).toMatchObject({ events: [{ type: 'customer.created' }] });
    const refused = await run(process.execPath, args, { env: { ...process.env, NODE_EXTRA_CA_CERTS: '' }, timeout: 15_000 }).catch(
      (error: { stderr: string; code: number }) => error,
    );
    expect((refused as { code: number }).code).toBe(1);
    expect((refused as { stderr: string }).stderr).toMatch(
      /answers over HTTPS, but its certificate is not trusted here \(\w+\): run with NODE_EXTRA_CA_CERTS=/,
    );
  }, 30_000);

  it('the MCP server drives the sandbox at --url https://… where the CA is trusted', async () => {
    const agent = await connectAgent(['--url', httpsUrl], { NODE_EXTRA_CA_CERTS: caPath });
    try {
      expect(await agent.ok('get_clock')).toMatchObject({ mode: 'real' });
    } finally {
      await agent.close();
    }
  }, 30_000);

  it('never shows the CA private key: not in the output, the state export, the journal or the dashboard data', async () => {
    const keyText = readFileSync(join(dir, 'ca', 'ca-key.pem'), 'utf8');
    const keyLine = keyText.split('\n')[3] as string;
    expect(keyLine.length).toBeGreaterThan(40);
    const seen = [
      cli.lines.join('\n'),
      cli.stderr(),
      (await viaHttp(`${httpUrl}/_mock/state`)).body,
      (await viaHttp(`${httpUrl}/_mock/requests`)).body,
      (await viaHttps1(`${httpsUrl}/_mock/dashboard`)).body,
    ];
    for (const text of seen) expect(text).not.toContain(keyLine);
    expect(keyText).toContain('PRIVATE KEY');
  });

  function viaHttp(url: string, method = 'GET', body?: string): Promise<Seen> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, auth: `${key}:`, headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {} }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  function viaHttps1(url: string): Promise<Seen> {
    return new Promise((resolve, reject) => {
      const req = require('node:https').request(url, { auth: `${key}:`, ca: ca(), ALPNProtocols: ['http/1.1'] }, (res: import('node:http').IncomingMessage) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  function viaHttp2(url: string): Promise<Seen> {
    const target = new URL(url);
    const session = connect(target.origin, { ca: ca() });
    return new Promise<Seen>((resolve, reject) => {
      const stream = session.request({ ':path': `${target.pathname}${target.search}`, authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` });
      let headers: Seen['headers'] = {};
      let text = '';
      stream.on('response', (h) => (headers = h as Seen['headers']));
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body: text }));
      stream.on('error', reject);
      stream.end();
    }).finally(() => session.close());
  }
});
