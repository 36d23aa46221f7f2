// The page of test/adapters/msw-browser.test.ts, bundled by esbuild for the browser: the sandbox runs in this page
// under MSW's setupWorker; fetch goes to the production-style base URL, which no server answers.
import { setupWorker } from 'msw/browser';
import { createPaymentsHandlers } from 'payments-mock/msw';

window.run = async () => {
  // What a page cannot do, each refused with a message that says what to do instead.
  const refused = {};
  for (const [name, options] of Object.entries({
    state: { state: 'state.json' },
    fixtureFile: { fixtures: 'fixtures/shop.json' },
    nodeTransport: { webhookTransport: 'node' },
    localWebhook: { webhooks: ['http://localhost:3000/webhooks'] },
  })) {
    try {
      createPaymentsHandlers(options);
      refused[name] = 'accepted';
    } catch (error) {
      refused[name] = error.message;
    }
  }
  const payments = createPaymentsHandlers({ seed: 1, scenario: 'manual' });
  const worker = setupWorker(...payments.handlers);
  await worker.start({ quiet: true, serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass' });
  const key = payments.mock.keys.find((entry) => entry.kind === 'secret' && !entry.livemode).key;
  const api = async (method, path, params) => {
    const response = await fetch(`https://api.payments.test${path}`, {
      method,
      headers: { Authorization: `Bearer ${key}` },
      ...(params ? { body: new URLSearchParams(params) } : {}),
    });
    return { status: response.status, body: await response.json() };
  };
  const created = await api('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
  const confirmed = await api('POST', `/v1/payments/${created.body.id}/confirm`, { payment_method: 'pm_card_visa' });
  const list = await api('GET', '/v1/payments');
  const declined = await api('POST', `/v1/payments/${(await api('POST', '/v1/payments', { amount: '500', currency: 'usd' })).body.id}/confirm`, {
    payment_method: 'pm_card_chargeDeclined',
  });
  const exported = await fetch('https://api.payments.test/_mock/state');
  const state = { status: exported.status, payments: (await exported.json()).workspaces[0].test.payments.length };
  worker.stop();
  payments.mock.close();
  return { refused, created, confirmed, list, declined, state };
};
