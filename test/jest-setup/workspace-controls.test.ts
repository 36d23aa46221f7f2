import { useWorkspace } from '../../src/adapters/jest';

// The Jest helper's per-workspace time and scenario, as the README's Jest section uses them.
const ws = useWorkspace({ name: 'controls' });
const JAN_1 = Date.parse('2026-01-01T00:00:00Z') / 1000;

describe("a test file's own clock, scenario and reset", () => {
  it('moves time for this workspace only', async () => {
    expect(await ws.clock.state()).toMatchObject({ now: JAN_1, follows_server: true, workspace: ws.id });
    const payment = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
    await ws.clock.advance('25h');
    expect(await ws.clock.now()).toBe(JAN_1 + 25 * 3600);
    expect(((await (await fetch(`${ws.url}/_mock/clock`)).json()) as { now: number }).now).toBe(JAN_1);
    expect((await ws.request('POST', '/v1/customers', { name: 'Later' })).body.created).toBe(JAN_1 + 25 * 3600);
    expect((await ws.request('GET', `/v1/payments/${payment.body.id}`)).body.created).toBe(JAN_1);
    expect(await ws.clock.set('frozen', '2026-02-01T00:00:00Z')).toMatchObject({ iso: '2026-02-01T00:00:00.000Z', follows_server: false });
  });

  it('switches the scenario for this workspace, and back to the server with null', async () => {
    expect(await ws.setScenario('decline')).toMatchObject({ scenario: 'decline', follows_server: false });
    const declined = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
    expect((await ws.request('GET', `/v1/payments/${declined.body.id}`)).body.status).toBe('requires_payment_method');
    expect(await ws.setScenario(null)).toMatchObject({ scenario: 'happy', follows_server: true });
  });

  it('resets its data and keeps its keys and clock', async () => {
    await ws.reset();
    expect((await ws.request('GET', '/v1/payments')).body.data).toEqual([]);
    expect((await ws.request('GET', '/v1/account')).status).toBe(200);
    expect(await ws.clock.state()).toMatchObject({ iso: '2026-02-01T00:00:00.000Z' });
  });

  it("rejects bad input with the mock's own message", async () => {
    await expect(ws.clock.advance('soon')).rejects.toThrow(/answered 400: Invalid by: Invalid duration "soon"/);
    await expect(ws.setScenario('chaos')).rejects.toThrow(/answered 400: Unknown scenario "chaos"/);
  });
});
