import { startMock, MockServer } from '../../src/start-mock';

const JAN_1 = Date.parse('2026-01-01T00:00:00Z') / 1000;

describe('mock.createWorkspace(): a workspace with its own clock, scenario and reset, in process', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 3 });
  });
  afterAll(() => mock.close());

  const call = (key: string, method: string, path: string, form?: Record<string, string>) =>
    fetch(`${mock.url}${path}`, { method, headers: { Authorization: `Bearer ${key}` }, ...(form ? { body: new URLSearchParams(form) } : {}) }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as any }),
    );

  it('moves, declines and resets one workspace, leaving the server and the others as they were', async () => {
    const ws = await mock.createWorkspace({ name: 'worker 1' });
    expect(ws).toMatchObject({ id: expect.stringMatching(/^ws_/), account: expect.stringMatching(/^acct_/), name: 'worker 1' });
    expect(ws.keys.secret).toMatch(/^sk_test_/);
    expect(ws.entries).toHaveLength(6);

    expect(await ws.clock.advance('25h')).toMatchObject({ now: JAN_1 + 25 * 3600, follows_server: false });
    expect(mock.clock.now()).toBe(JAN_1);
    await ws.setScenario('decline');
    const payment = await call(ws.keys.secret, 'POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    expect(payment.body.created).toBe(JAN_1 + 25 * 3600);
    expect((await call(ws.keys.secret, 'GET', `/v1/payments/${payment.body.id}`)).body.status).toBe('requires_payment_method');

    const server = mock.keys.find((k) => k.kind === 'secret' && !k.livemode && k.workspace !== ws.id)!.key;
    const other = await call(server, 'POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    expect(other.body.created).toBe(JAN_1);
    expect((await call(server, 'GET', `/v1/payments/${other.body.id}`)).body.status).toBe('succeeded');

    await ws.reset();
    expect((await call(ws.keys.secret, 'GET', '/v1/payments')).body.data).toEqual([]);
    expect(ws.clock.state()).toMatchObject({ now: JAN_1 + 25 * 3600 });
    expect(await ws.clock.set('frozen', JAN_1 + 60)).toMatchObject({ now: JAN_1 + 60 });

    const secret = ws.keys.secret;
    await ws.delete();
    expect((await call(secret, 'GET', '/v1/account')).body.error.code).toBe('invalid_api_key');
    await expect(ws.clock.advance('1h')).rejects.toThrow(/No such workspace/);
  });

  it('gives a handle on an existing workspace, and refuses an unknown one', async () => {
    const first = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.workspace;
    expect(mock.workspace(first).clock.state()).toMatchObject({ follows_server: true, now: JAN_1 });
    expect(() => mock.workspace('ws_nope')).toThrow(/No such workspace: 'ws_nope'/);
    await expect(mock.workspace(first).clock.advance('two days')).rejects.toThrow(/Invalid duration "two days"/);
    expect(mock.workspace(first).clock.state().follows_server).toBe(true);
  });
});
