#!/usr/bin/env node
'use strict';
// A tiny shop that takes payments through payments-mock: `node examples/checkout/server.js`, with the mock
// running (`npx payments-mock`). Its server creates the payment with a secret key; its page mounts the card
// element and confirms the payment with payments.js, loaded from the mock. Only node:http, no dependency.
//
//   PAYMENTS_MOCK_URL   where the mock runs (default http://127.0.0.1:4010)
//   PORT, HOST          where the shop listens (default 4242 on 127.0.0.1; PORT=0 picks a free port)
//   PAYMENTS_MOCK_SECRET_KEY, PAYMENTS_MOCK_PUBLISHABLE_KEY   the keys; by default the first test workspace's,
//                       read from GET /_mock/keys (with PAYMENTS_MOCK_ADMIN_TOKEN if the mock has --admin-token)
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const MOCK = (process.env.PAYMENTS_MOCK_URL || 'http://127.0.0.1:4010').replace(/\/+$/, '');
const PORT = Number(process.env.PORT ?? 4242);
const HOST = process.env.HOST || '127.0.0.1';
const PRICE = { amount: 2000, currency: 'usd', description: 'One payments-mock mug' };

const page = (name) => readFileSync(join(__dirname, name), 'utf8');
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The test keys of one workspace: from the environment, or from the mock's key list. */
async function loadKeys() {
  if (process.env.PAYMENTS_MOCK_SECRET_KEY && process.env.PAYMENTS_MOCK_PUBLISHABLE_KEY) {
    return { secret: process.env.PAYMENTS_MOCK_SECRET_KEY, publishable: process.env.PAYMENTS_MOCK_PUBLISHABLE_KEY };
  }
  const token = process.env.PAYMENTS_MOCK_ADMIN_TOKEN;
  const res = await fetch(`${MOCK}/_mock/keys`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${MOCK}/_mock/keys answered ${res.status}: ${await res.text()}`);
  const { data } = await res.json();
  const usable = (kind, workspace) =>
    data.find((key) => key.kind === kind && !key.livemode && key.expires_at === null && (workspace === undefined || key.workspace === workspace));
  const secret = usable('secret');
  const publishable = secret && usable('publishable', secret.workspace);
  if (!publishable) throw new Error(`The mock at ${MOCK} has no workspace with a test secret and publishable key.`);
  return { secret: secret.key, publishable: publishable.key };
}

/** The payment for the cart, made on the server with the secret key: the page only ever sees its client secret. */
async function createPayment(secret) {
  const res = await fetch(`${MOCK}/v1/payments`, {
    method: 'POST',
    // The mock confirms new payments itself unless told not to: here the customer confirms in the browser.
    headers: { Authorization: `Bearer ${secret}`, 'Mock-Scenario': 'manual' },
    body: new URLSearchParams({ amount: String(PRICE.amount), currency: PRICE.currency, description: PRICE.description }),
  });
  const body = await res.json();
  return res.ok ? { status: 200, body: { clientSecret: body.client_secret } } : { status: 502, body };
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers }).end(body);
}

async function main() {
  const keys = await loadKeys();
  // What a shop's policy must allow for payments.js: its script, its frames and its API, all on the mock's origin.
  const csp = `default-src 'self'; script-src 'self' ${MOCK}; frame-src ${MOCK}; connect-src 'self' ${MOCK}; img-src 'self' data:`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://shop').pathname;
    if (req.method === 'GET' && path === '/') {
      const html = page('index.html').replaceAll('%PAYMENTS_MOCK_URL%', escapeHtml(MOCK)).replaceAll('%PUBLISHABLE_KEY%', escapeHtml(keys.publishable));
      return send(res, 200, 'text/html; charset=utf-8', html, { 'Content-Security-Policy': csp });
    }
    if (req.method === 'GET' && path === '/shop.js') return send(res, 200, 'text/javascript; charset=utf-8', page('shop.js'));
    if (req.method === 'GET' && path === '/shop.css') return send(res, 200, 'text/css; charset=utf-8', page('shop.css'));
    if (req.method === 'POST' && path === '/create-payment') {
      createPayment(keys.secret).then(
        ({ status, body }) => send(res, status, 'application/json', JSON.stringify(body)),
        (error) => send(res, 502, 'application/json', JSON.stringify({ error: { type: 'api_connection_error', message: String(error.message) } })),
      );
      return;
    }
    send(res, 404, 'text/plain; charset=utf-8', 'Not found');
  });
  server.listen(PORT, HOST, () => {
    const { port } = server.address();
    console.log(`checkout listening on http://${HOST}:${port} (payments-mock at ${MOCK})`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(`checkout: ${error.message}`);
  process.exit(1);
});
