'use strict';
// One of two files that run at the same time on one mock. This one does everything that used to break its
// neighbours: it declines cards, moves time 31 days on and resets its data. All of it stays in its workspace.
const { useWorkspace } = require('../../dist/adapters/jest');
const { announce, waitFor } = require('./rendezvous');

const ws = useWorkspace({ name: 'parallel: declining' });
const JAN_1 = Date.parse('2026-01-01T00:00:00Z') / 1000;

it('declines cards, advances 31 days and resets, in its own workspace only', async () => {
  const before = await ws.request('POST', '/v1/payments', { amount: 1000, currency: 'usd' });
  expect((await ws.request('GET', `/v1/payments/${before.body.id}`)).body.status).toBe('succeeded');

  await ws.setScenario('decline');
  const declined = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
  expect((await ws.request('GET', `/v1/payments/${declined.body.id}`)).body).toMatchObject({
    status: 'requires_payment_method',
    last_payment_error: { code: 'card_declined' },
  });

  const clock = await ws.clock.advance('31d');
  expect(clock).toMatchObject({ now: JAN_1 + 31 * 86400, follows_server: false });
  // Its own 30-day window: the events of both payments are gone.
  expect((await ws.request('GET', '/v1/events')).body.data).toEqual([]);

  // The neighbour has made its data by now; reset while it is there.
  await waitFor('steady ready');
  await ws.reset();
  expect((await ws.request('GET', '/v1/payments')).body.data).toEqual([]);
  expect(await ws.scenario()).toMatchObject({ scenario: 'decline', follows_server: false });
  expect(await ws.clock.state()).toMatchObject({ now: JAN_1 + 31 * 86400 });
  const after = await ws.request('POST', '/v1/payments', { amount: 3000, currency: 'usd' });
  expect(after.body.created).toBe(JAN_1 + 31 * 86400);
  expect((await ws.request('GET', `/v1/payments/${after.body.id}`)).body.status).toBe('requires_payment_method');
  await announce('declining reset');

  // Stay (declining, 31 days ahead) until the neighbour has checked itself.
  await waitFor('steady checked');
});
