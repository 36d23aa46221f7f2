// src/main.js: in development, start the worker before the app's first request. The app's code is what runs in
// production: it calls the API at its base URL, and the worker answers inside the page.
import { payments, worker } from './mocks.js';

await worker.start({ onUnhandledRequest: 'bypass' });

const key = payments.mock.keys.find((entry) => entry.kind === 'secret' && !entry.livemode).key;
const headers = { Authorization: `Bearer ${key}` };
const created = await fetch('https://api.payments.test/v1/payments', {
  method: 'POST',
  headers,
  body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
}).then((response) => response.json());
const listed = await fetch('https://api.payments.test/v1/payments', { headers }).then((response) => response.json());

document.querySelector('#status').textContent = `${created.id} ${created.status}; ${listed.data.length} payment(s)`;
