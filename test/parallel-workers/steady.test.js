'use strict';
// One of two files that run at the same time on one mock. While the other file declines cards, advances 31 days
// and resets its workspace, this one checks that its own clock, scenario, data and keys never moved.
const { useWorkspace } = require('../../dist/adapters/jest');
const { announce, waitFor, workspaceNamed } = require('./rendezvous');

const ws = useWorkspace({ name: 'parallel: steady' });
const JAN_1 = Date.parse('2026-01-01T00:00:00Z') / 1000;

async function expectUntouched(customer, payment) {
  expect(await ws.clock.state()).toMatchObject({ now: JAN_1, follows_server: true });
  expect(await ws.scenario()).toMatchObject({ scenario: 'happy', follows_server: true });
  expect((await ws.request('GET', `/v1/customers/${customer}`)).status).toBe(200);
  expect((await ws.request('GET', `/v1/payments/${payment}`)).body).toMatchObject({ status: 'succeeded', created: JAN_1 });
  for (const key of [ws.keys.secret, ws.keys.restricted, ws.keys.liveSecret]) expect((await ws.request('GET', '/v1/account', undefined, key)).status).toBe(200);
  const fresh = await ws.request('POST', '/v1/payments', { amount: 500, currency: 'eur' });
  expect(fresh.body.created).toBe(JAN_1);
  expect((await ws.request('GET', `/v1/payments/${fresh.body.id}`)).body.status).toBe('succeeded');
  expect((await ws.request('GET', `/v1/events?type=payment.succeeded`)).body.data.length).toBeGreaterThan(0);
}

it('keeps its clock, scenario, data and keys while the other file declines, advances 31 days and resets', async () => {
  const customer = (await ws.request('POST', '/v1/customers', { name: 'Steady' })).body.id;
  const payment = (await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd', customer })).body.id;
  await expectUntouched(customer, payment);
  await announce('steady ready');

  await waitFor('declining reset');
  // The other file is, right now, declining 31 days ahead on this same server…
  expect(await workspaceNamed('parallel: declining')).toMatchObject({
    clock: { now: JAN_1 + 31 * 86400, follows_server: false },
    scenario: { scenario: 'decline', follows_server: false },
  });
  // …and nothing of it reached this file: not its clock, not its scenario, not its reset.
  await expectUntouched(customer, payment);
  const server = await (await fetch(`${ws.url}/_mock/clock`)).json();
  expect(server.now).toBe(JAN_1);
  await announce('steady checked');
});
