'use strict';
// The bare node:http reference: checks a Bearer key, parses a form body with URLSearchParams, stores and
// answers a payment-shaped JSON, and answers GET by id. No framework, no validation beyond the essentials:
// the speed limit our design is compared with.
//   node bench/baseline-server.js --port 0   (key: $BENCH_KEY, default sk_test_bench)
const http = require('node:http');

const AUTH = `Bearer ${process.env.BENCH_KEY || 'sk_test_bench'}`;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const payments = new Map();

function newId(prefix) {
  let id = `${prefix}_`;
  for (let i = 0; i < 24; i++) id += ALPHABET[Math.floor(Math.random() * 62)];
  return id;
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

function fail(res, status, code, message) {
  send(res, status, { error: { type: 'invalid_request_error', code, message } });
}

function createPayment(form) {
  const amount = Number(form.get('amount'));
  const currency = form.get('currency');
  if (!Number.isInteger(amount) || amount < 1 || !currency) return undefined;
  const metadata = {};
  for (const [name, value] of form) {
    if (name.startsWith('metadata[') && name.endsWith(']')) metadata[name.slice(9, -1)] = value;
  }
  const id = newId('pay');
  const payment = {
    id, object: 'payment', amount, amount_received: amount, amount_refunded: 0, currency: currency.toLowerCase(),
    status: 'succeeded', client_secret: `${id}_secret_${newId('s').slice(2)}`, customer: null, description: null,
    metadata, fee: Math.round(amount * 0.029) + 30, payment_method: null, last_payment_error: null,
    created: Math.floor(Date.now() / 1000), livemode: false,
  };
  payments.set(id, payment);
  return payment;
}

const server = http.createServer((req, res) => {
  if (req.headers.authorization !== AUTH) return fail(res, 401, 'api_key_invalid', 'Invalid API key provided.');
  if (req.method === 'POST' && req.url === '/v1/payments') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const payment = createPayment(new URLSearchParams(Buffer.concat(chunks).toString()));
      if (payment) send(res, 200, payment);
      else fail(res, 400, 'parameter_invalid', 'amount and currency are required.');
    });
    return undefined;
  }
  if (req.method === 'GET' && req.url.startsWith('/v1/payments/')) {
    const payment = payments.get(req.url.slice('/v1/payments/'.length));
    return payment ? send(res, 200, payment) : fail(res, 404, 'resource_missing', 'No such payment.');
  }
  return fail(res, 404, 'resource_missing', 'Unrecognized request URL.');
});

const portArg = process.argv.indexOf('--port');
server.keepAliveTimeout = 60_000;
server.listen(portArg === -1 ? 4011 : Number(process.argv[portArg + 1]), '127.0.0.1', () => {
  console.log(`baseline listening on http://127.0.0.1:${server.address().port}`);
});
// A clean exit on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit());
