import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { remoteControls, RemoteControls } from '../../src/adapters/remote-controls';
import { MockServer, startMock } from '../../src/start-mock';

// The controls payments-mock/testcontainers hands out, against a real mock over HTTP (no container needed): each
// does what startMock's control of the same name does, with the admin token, and a refusal carries the mock's message.
describe('remoteControls: startMock’s controls over the admin API', () => {
  let mock: MockServer;
  let remote: RemoteControls;
  let receiver: Server;
  let delivered = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume().on('end', () => {
        delivered += 1;
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const webhook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    mock = await startMock({ port: 0, seed: 7, clock: 'frozen@2026-01-01T00:00:00Z', adminToken: 'remote-token', webhooks: [webhook] });
    remote = remoteControls(`${mock.url}/`, 'remote-token');
  });
  afterAll(async () => {
    await mock.close();
    receiver.close();
  });

  const secret = () => mock.keys.find((key) => key.workspace === 'acme' && key.kind === 'secret' && !key.livemode)!.key;
  const pay = (amount: number) =>
    fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret()}` },
      body: new URLSearchParams({ amount: String(amount), currency: 'usd' }),
    });

  it('lists the same keys and moves the same clock as the in-process controls', async () => {
    expect(remote.url).toBe(mock.url);
    expect((await remote.keys()).map((key) => key.key)).toEqual(mock.keys.map((key) => key.key));
    expect(await remote.clock.advance('25h')).toEqual(mock.clock.state());
    expect(await remote.clock.now()).toBe(mock.clock.now());
    expect((await remote.clock.set('frozen', '2026-03-01T00:00:00Z')).iso).toBe('2026-03-01T00:00:00.000Z');
    expect(mock.clock.state().iso).toBe('2026-03-01T00:00:00.000Z');
  });

  it('sets the scenario the server applies', async () => {
    await remote.setScenario('decline');
    expect(mock.context.scenario.scenario).toBe('decline');
    await remote.setScenario('happy');
  });

  it('flushes the webhooks, lists deliveries and endpoints, and reads the journal and the session as a flow', async () => {
    expect((await pay(1200)).status).toBe(200);
    const counts = await remote.webhooks.flush({ timeoutMs: 5000 });
    expect(counts).toMatchObject({ succeeded: 2, pending: 0, timed_out: false });
    expect(delivered).toBe(2);
    expect((await remote.webhooks.deliveries({ status: 'succeeded' })).length).toBe(2);
    const [endpoint] = await remote.webhooks.endpoints();
    expect(endpoint?.secret).toMatch(/^whsec_/);
    const [latest] = await remote.webhooks.deliveries({ limit: 1 });
    expect((await remote.webhooks.retry(latest!.id)).attempts).toHaveLength(2);
    const again = await remote.webhooks.redeliver(latest!.event, endpoint!.id);
    expect(again).toMatchObject({ event: latest!.event, status: 'succeeded' });
    expect(again.id).not.toBe(latest!.id);
    const [entry] = await remote.journal({ method: 'POST', path: '/v1/payments', limit: 1 });
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/payments', status: 200 });
    expect((await remote.sessionAsFlow({ workspace: 'acme' })).workspace).toBe('acme');
  });

  it('triggers, runs flows, and hands out the runner helpers’ workspace client', async () => {
    const { events } = await remote.trigger('customer.created');
    expect(events.map((event) => event.type)).toEqual(['customer.created']);
    // `${env:NAME}` comes from this process's environment, as with mock.runFlow.
    process.env.PM_REMOTE_FLOW_EMAIL = 'remote@example.com';
    const run = await remote.runFlow({ steps: [{ method: 'POST', path: '/v1/customers', params: { email: '${env:PM_REMOTE_FLOW_EMAIL}' } }] });
    delete process.env.PM_REMOTE_FLOW_EMAIL;
    expect(run.object).toBe('flow_run');
    const [created] = await remote.journal({ method: 'POST', path: '/v1/customers', limit: 1 });
    expect(created?.request_body).toMatchObject({ email: 'remote@example.com' });
    const ws = await remote.createWorkspace({ name: 'remote worker' });
    expect(mock.context.store.workspaces.get(ws.id)?.name).toBe('remote worker');
    expect((await ws.request('POST', '/v1/payments', { amount: 300, currency: 'eur' })).status).toBe(200);
    await ws.delete();
  });

  it('resets the server to its fixtures', async () => {
    await remote.reset();
    expect(await remote.journal()).toEqual([]);
  });

  it('rejects a refused call with the mock’s own message, and without the token with its 401', async () => {
    await expect(remote.clock.advance('soon')).rejects.toThrow(/^payments-mock: POST \/_mock\/clock\/advance answered 400: .*soon/);
    await expect(remoteControls(mock.url).keys()).rejects.toThrow(/answered 401/);
  });
});
