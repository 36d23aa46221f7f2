// Run by `node --test` in a project on MSW 3 that installed payments-mock from its tarball
// (test/adapters/runner-majors.test.ts): the sandbox answers the production base URL under setupServer, and its
// webhook deliveries reach an MSW handler standing for the application's receiver, where standardwebhooks checks them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createPaymentsHandlers } from 'payments-mock/msw';
import { Webhook } from 'standardwebhooks';

const payments = createPaymentsHandlers({ seed: 3, clock: 'frozen@2026-01-01T00:00:00Z', scenario: 'manual' });
const received = [];
const server = setupServer(
  ...payments.handlers,
  http.post('https://shop.test/webhooks', async ({ request }) => {
    received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
    return HttpResponse.json({ received: true });
  }),
);
const key = payments.mock.keys.find((entry) => entry.kind === 'secret' && !entry.livemode).key;

async function api(method, path, params) {
  const response = await fetch(`https://api.payments.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}` },
    ...(params ? { body: new URLSearchParams(params) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

before(() => server.listen({ onUnhandledRequest: 'error' }));
after(() => {
  server.close();
  payments.mock.close();
});

test('creates, confirms, declines and lists payments at the production base URL', async () => {
  const created = await api('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
  assert.equal(created.status, 200);
  const confirmed = await api('POST', `/v1/payments/${created.body.id}/confirm`, { payment_method: 'pm_card_visa' });
  assert.equal(confirmed.body.status, 'succeeded');
  const other = await api('POST', '/v1/payments', { amount: '500', currency: 'usd' });
  const declined = await api('POST', `/v1/payments/${other.body.id}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
  assert.equal(declined.status, 402);
  assert.equal(declined.body.error.doc_url, 'https://api.payments.test/docs/errors#card_declined');
  const list = await api('GET', '/v1/payments');
  assert.deepEqual(list.body.data.map((payment) => payment.id).sort(), [created.body.id, other.body.id].sort());
});

test('delivers webhooks through fetch, where MSW hands them to the receiver and standardwebhooks verifies them', async () => {
  const endpoint = await api('POST', '/v1/webhook_endpoints', { url: 'https://shop.test/webhooks', 'enabled_events[]': 'customer.created' });
  assert.equal(endpoint.status, 200);
  const customer = await api('POST', '/v1/customers', { email: 'b@example.com' });
  await payments.mock.webhooks.flush();
  assert.equal(received.length, 1);
  const event = new Webhook(endpoint.body.secret).verify(received[0].body, received[0].headers);
  assert.equal(event.type, 'customer.created');
  assert.equal(event.data.object.id, customer.body.id);
});
