import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_VERSION } from '../../src/package-version';

// payments-mock/testcontainers with the real `testcontainers` package, through podman's Docker-compatible API:
// scripts/container/ci.sh starts `podman system service` on a socket of its own, runs this file on Node >= 22
// with DOCKER_HOST, TESTCONTAINERS_RYUK_DISABLED and TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 (every request from
// here goes to 127.0.0.1), and uses the image it built, tagged as the docs build it.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) throw new Error(`testcontainers 12 needs Node 22 or newer (this is ${process.version}): run this through scripts/container/ci.sh.`);
if (!process.env.DOCKER_HOST) throw new Error('DOCKER_HOST is not set: run this through scripts/container/ci.sh, which starts podman system service.');

// Required after the checks above: on Node 20 testcontainers' own dependencies fail to load.
const { PaymentsMockContainer, DEFAULT_IMAGE } = require('../../src/adapters/testcontainers') as typeof import('../../src/adapters/testcontainers');
const testcontainers = require('testcontainers') as typeof import('testcontainers');
type Started = Awaited<ReturnType<InstanceType<typeof PaymentsMockContainer>['start']>>;

const SECRET = 'sk_test_shop_ContainerShop0000000001';

/** A webhook receiver on this machine, on 127.0.0.1 only: what a backend under test runs. */
async function startReceiver(): Promise<{ server: Server; port: number; received: Array<{ body: string; signature: string }> }> {
  const received: Array<{ body: string; signature: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ body, signature: String(req.headers['service-signature'] ?? '') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, checked as a receiver would. */
/** Creates a payment through the container's /v1 and reads it back: what the payment is once the mock decided. */
async function createThenRetrieve(mock: { url: string; secretKey: string }, amount: string): Promise<{ id: string; status: string }> {
  const headers = { Authorization: `Bearer ${mock.secretKey}` };
  const created = (await (
    await fetch(`${mock.url}/v1/payments`, { method: 'POST', headers, body: new URLSearchParams({ amount, currency: 'usd' }) })
  ).json()) as {
    id: string;
  };
  return (await (await fetch(`${mock.url}/v1/payments/${created.id}`, { headers })).json()) as { id: string; status: string };
}

function validSignature(header: string, body: string, secret: string): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=') as [string, string]));
  return (
    createHmac('sha256', secret)
      .update(`${parts.get('t')}.${body}`)
      .digest('hex') === parts.get('v1')
  );
}

describe('payments-mock/testcontainers against the image, through podman', () => {
  let dir = '';
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let mock: Started;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-testcontainers-'));
    const fixtures = join(dir, 'shop.json');
    writeFileSync(fixtures, JSON.stringify({ workspaces: [{ id: 'shop', name: 'Container Shop', keys: [{ key: SECRET }] }] }));
    receiver = await startReceiver();
    mock = await new PaymentsMockContainer()
      .withFixtures(fixtures)
      .withClock('frozen@2026-01-01T00:00:00Z')
      .withSeed(42)
      .withAdminToken('container-admin-token')
      .withWebhookToHost(receiver.port, '/webhooks')
      .start();
  }, 120_000);
  afterAll(async () => {
    await mock?.stop();
    receiver?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts the image the docs build by default, payments-mock:<package version>, on a mapped port of 127.0.0.1', async () => {
    expect(DEFAULT_IMAGE).toBe(`payments-mock:${PACKAGE_VERSION}`);
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.getMappedPort(4010)).toBe(Number(new URL(mock.url).port));
    expect(await (await fetch(`${mock.url}/_mock/health`)).json()).toMatchObject({ status: 'ok', version: PACKAGE_VERSION });
  });

  it('serves the fixtures file it was given, and gives its keys', async () => {
    expect(mock.secretKey).toBe(SECRET);
    expect((await mock.keys()).map((key) => key.workspace)).toEqual(['shop']);
  });

  it('requires the admin token on the admin API, which its controls send', async () => {
    expect((await fetch(`${mock.url}/_mock/clock`)).status).toBe(401);
    expect(mock.adminToken).toBe('container-admin-token');
    expect(await mock.clock.state()).toMatchObject({ mode: 'frozen', iso: '2026-01-01T00:00:00.000Z' });
  });

  it('creates a payment, and delivers its signed webhooks to a receiver on the host (host port exposure)', async () => {
    const created = await fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mock.secretKey}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    expect(created.status).toBe(200);
    const counts = await mock.webhooks.flush();
    expect(counts).toMatchObject({ succeeded: 2, failed: 0, pending: 0, timed_out: false });
    const [endpoint] = await mock.webhooks.endpoints();
    expect(endpoint?.url).toBe(`http://host.testcontainers.internal:${receiver.port}/webhooks`);
    expect(receiver.received.map(({ body }) => (JSON.parse(body) as { type: string }).type).sort()).toEqual(['payment.created', 'payment.succeeded']);
    for (const { body, signature } of receiver.received) expect(validSignature(signature, body, endpoint?.secret as string)).toBe(true);
    expect((await mock.webhooks.deliveries()).every((delivery) => delivery.status === 'succeeded')).toBe(true);
  });

  it('moves the clock, sets the scenario and reads the journal over the admin API', async () => {
    expect((await mock.clock.advance('25h')).iso).toBe('2026-01-02T01:00:00.000Z');
    await mock.setScenario('decline');
    expect((await createThenRetrieve(mock, '500')).status).toBe('requires_payment_method');
    await mock.setScenario('happy');
    const journal = await mock.journal({ method: 'POST', path: '/v1/payments' });
    expect(journal.map((entry) => entry.status)).toEqual([200, 200]);
    expect((await mock.sessionAsFlow({ workspace: 'shop' })).steps.length).toBeGreaterThanOrEqual(2);
  });

  it('gives isolated workspaces: the runner helpers’ client, with their own clock and scenario', async () => {
    const ws = await mock.createWorkspace({ name: 'container worker' });
    expect((await ws.request('GET', '/v1/payments')).body.data).toEqual([]);
    expect((await ws.request('POST', '/v1/payments', { amount: 1500, currency: 'eur' })).status).toBe(200);
    expect((await ws.clock.advance('1h')).follows_server).toBe(false);
    expect((await mock.clock.state()).iso).toBe('2026-01-02T01:00:00.000Z');
    const { events } = await ws.trigger('customer.created');
    expect(events.map((event) => event.type)).toContain('customer.created');
    await ws.delete();
  });

  it('resets to its fixtures, and refuses a bad call with the mock’s own message', async () => {
    await mock.reset();
    expect(await mock.journal()).toEqual([]);
    await expect(mock.clock.advance('soon')).rejects.toThrow(/payments-mock: POST \/_mock\/clock\/advance answered 400: .*soon/);
  });
});

// The host port exposure's SSH container lives for the session; with Ryuk disabled nothing else removes it.
afterAll(async () => {
  const client = await testcontainers.getContainerRuntimeClient();
  const { sessionId } = await testcontainers.getReaper(client);
  for (const info of await client.container.list()) {
    if (info.Labels[testcontainers.LABEL_TESTCONTAINERS_SESSION_ID] !== sessionId) continue;
    await client.container.getById(info.Id).remove({ force: true, v: true });
  }
});

describe('payments-mock/testcontainers with an image name and a scenario of its own', () => {
  it('starts the named image with fixtures none and the manual scenario', async () => {
    const mock = await new PaymentsMockContainer('localhost/payments-mock:ci').withFixtures('none').withScenario('manual').start();
    try {
      const created = await createThenRetrieve(mock, '2000');
      expect(created.status).toBe('requires_confirmation');
      expect((await mock.keys()).every((key) => key.workspace !== 'acme')).toBe(true);
      // Given time to save (Testcontainers' default timeout 0 kills at once), the store survives a restart on the
      // container's /data volume, and the controls follow the port the engine maps now.
      await mock.restart({ timeout: 10_000 });
      expect(new URL(mock.url).port).toBe(String(mock.getMappedPort(4010)));
      expect((await fetch(`${mock.url}/v1/payments/${created.id}`, { headers: { Authorization: `Bearer ${mock.secretKey}` } })).status).toBe(200);
      expect((await mock.clock.state()).mode).toBe('real');
    } finally {
      await mock.stop();
    }
  }, 120_000);
});
