'use strict';
// A second reference row: the same two endpoints as baseline-server.js in a minimal Express 5 app with the
// stock parser (express.urlencoded). What "an ordinary Express mock" costs.
//   node bench/express-server.js --port 0   (key: $BENCH_KEY, default sk_test_bench)
const express = require('express');

const AUTH = `Bearer ${process.env.BENCH_KEY || 'sk_test_bench'}`;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const payments = new Map();

function newId(prefix) {
  let id = `${prefix}_`;
  for (let i = 0; i < 24; i++) id += ALPHABET[Math.floor(Math.random() * 62)];
  return id;
}

const app = express();
app.use((req, res, next) => {
  if (req.headers.authorization === AUTH) return next();
  return res.status(401).json({ error: { type: 'invalid_request_error', code: 'api_key_invalid' } });
});
app.use(express.urlencoded({ extended: true }));

app.post('/v1/payments', (req, res) => {
  const amount = Number(req.body?.amount);
  const currency = req.body?.currency;
  if (!Number.isInteger(amount) || amount < 1 || typeof currency !== 'string') {
    return res.status(400).json({ error: { type: 'invalid_request_error', code: 'parameter_invalid' } });
  }
  const id = newId('pay');
  const payment = {
    id, object: 'payment', amount, amount_received: amount, amount_refunded: 0, currency: currency.toLowerCase(),
    status: 'succeeded', client_secret: `${id}_secret_${newId('s').slice(2)}`, customer: null, description: null,
    metadata: req.body.metadata ?? {}, fee: Math.round(amount * 0.029) + 30, payment_method: null,
    last_payment_error: null, created: Math.floor(Date.now() / 1000), livemode: false,
  };
  payments.set(id, payment);
  return res.json(payment);
});

app.get('/v1/payments/:id', (req, res) => {
  const payment = payments.get(req.params.id);
  if (payment) return res.json(payment);
  return res.status(404).json({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
});

const portArg = process.argv.indexOf('--port');
const server = app.listen(portArg === -1 ? 4012 : Number(process.argv[portArg + 1]), '127.0.0.1', () => {
  console.log(`express listening on http://127.0.0.1:${server.address().port}`);
});
server.keepAliveTimeout = 60_000;
// A clean exit on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit());
