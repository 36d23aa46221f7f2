import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, Agent as HttpsAgent } from 'node:https';
import { connect } from 'node:http2';
import { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { startMock } from '../../src/start-mock';
import { issueLeaf, makeCertificateAuthority } from '../../src/tls/issue-certificates';
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
      const got = new Promise<void>((resolve) =>
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: request')) resolve();
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 50)).then(() => viaHttp(`${httpUrl}/v1/payments`, 'POST', 'amount=42&currency=usd'));
      await got;
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

describe('webhooks to an https: receiver whose certificate comes from another private CA', () => {
  it('are delivered, signed, with --webhook-ca; without it they fail as tls_error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-webhook-ca-'));
    const companyCa = makeCertificateAuthority('a company root');
    const leaf = issueLeaf(companyCa, ['localhost', '127.0.0.1']);
    writeFileSync(join(dir, 'company-root.pem'), companyCa.cert);
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const receiver = createHttpsServer({ cert: leaf.cert, key: leaf.key }, (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const trusted = await startMock({ port: 0, fixtures: 'none', webhooks: [url], webhookCa: join(dir, 'company-root.pem') });
    const untrusted = await startMock({ port: 0, fixtures: 'none', webhooks: [url] });
    try {
      for (const mock of [trusted, untrusted]) {
        const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
        await fetch(`${mock.url}/v1/customers`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}` },
          body: new URLSearchParams({ email: 'a@example.com' }),
        });
      }
      const deliveries = async (mock: typeof trusted) => {
        for (let i = 0; i < 200; i += 1) {
          const list = (await (await fetch(`${mock.url}/_mock/webhooks/deliveries`)).json()) as {
            data: Array<{ attempts: Array<{ response_status: number | null; error: string | null }> }>;
          };
          if (list.data[0]?.attempts.length) return list.data[0].attempts[0];
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('no attempt');
      };
      expect(await deliveries(trusted)).toMatchObject({ response_status: 200, error: null });
      expect(await deliveries(untrusted)).toMatchObject({ response_status: null, error: 'tls_error' });
      expect(received).toHaveLength(1);
      const delivered = received[0] as { headers: Record<string, string>; body: string };
      const [t, v1] = /t=(\d+),v1=([0-9a-f]+)/.exec(delivered.headers['service-signature'] as string)?.slice(1) ?? [];
      const secret = secretOf(trusted);
      expect(createHmac('sha256', secret).update(`${t}.${delivered.body}`).digest('hex')).toBe(v1);
    } finally {
      await trusted.close();
      await untrusted.close();
      receiver.closeAllConnections();
      receiver.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

/** The secret the banner prints for the --webhook endpoint. */
function secretOf(mock: Awaited<ReturnType<typeof startMock>>): string {
  const { cliEndpointSecret } = require('../../src/webhooks/cli-endpoints') as typeof import('../../src/webhooks/cli-endpoints');
  const endpoint = mock.context.cliEndpoints[0] as { url: string };
  return cliEndpointSecret(mock.context.store, endpoint.url) as string;
}

describe('the README quick start over HTTPS, and what a start without TLS loads', () => {
  afterEach(() => killAll());

  it('runs the quick start line with --tls as written (on a free port): an https: URL that a client trusting the CA reaches', async () => {
    const line = /^npx payments-mock (--tls)\s+# serves (https:\/\/127\.0\.0\.1:4010)/m.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(line?.slice(1)).toEqual(['--tls', 'https://127.0.0.1:4010']);
    const dir = mkdtempSync(join(tmpdir(), 'pm-readme-tls-'));
    try {
      const cli = spawnCli([line?.[1] as string, '--port', '0'], { PAYMENTS_MOCK_CA_DIR: join(dir, 'ca') });
      const url = (await cli.waitForLine((l) => l.startsWith('payments-mock listening on '), 'the listening line', 30_000)).slice(
        'payments-mock listening on '.length,
      );
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const { stdout } = await run('curl', ['-sS', '--cacert', join(dir, 'ca', 'ca.pem'), `${url}/_mock/health`, '-w', ' %{http_code}'], { timeout: 10_000 });
      expect(stdout.endsWith(' 200')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('a start without TLS loads neither the certificate code nor node:http2 / node:https; a start with it does', async () => {
    const probe = (tls: boolean) => `
      const { startMock } = require(${JSON.stringify(join(ROOT, 'dist', 'index.js'))});
      startMock({ port: 0, fixtures: 'none'${tls ? `, tls: { caDir: ${JSON.stringify(join(tmpdir(), `pm-load-probe-${process.pid}`))} }` : ''} }).then(async (mock) => {
        // http2 and https: Node itself loads neither for a plain start, on any line (tls, which some Nodes may load
        // for their own fetch, is not asked about).
        const natives = process.moduleLoadList.filter((name) => /^NativeModule (http2|https)$/.test(name));
        const forge = Object.keys(require.cache).some((file) => file.includes('node-forge'));
        const ours = Object.keys(require.cache).some((file) => file.includes('/dist/tls/'));
        console.log(JSON.stringify({ natives, forge, ours }));
        await mock.close();
      });`;
    const without = JSON.parse((await run(process.execPath, ['-e', probe(false)], { timeout: 20_000 })).stdout) as {
      natives: string[];
      forge: boolean;
      ours: boolean;
    };
    expect(without).toEqual({ natives: [], forge: false, ours: false });
    const withTls = JSON.parse((await run(process.execPath, ['-e', probe(true)], { timeout: 20_000 })).stdout) as {
      natives: string[];
      forge: boolean;
      ours: boolean;
    };
    rmSync(join(tmpdir(), `pm-load-probe-${process.pid}`), { recursive: true, force: true });
    expect(withTls.natives).toEqual(expect.arrayContaining(['NativeModule http2', 'NativeModule https']));
    expect(withTls).toMatchObject({ forge: true, ours: true });
  }, 40_000);
});
