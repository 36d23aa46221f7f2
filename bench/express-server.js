'use strict';
// A second reference row: the same two endpoints as baseline-server.js in a minimal Express 5 app with the
// stock parser (express.urlencoded). What "an ordinary Express mock" costs.
//   node bench/express-server.js --port 0   (key: $BENCH_KEY, default sk_test_bench)
const express = require('express');
const { AUTH, createPayment, getPayment, portFromArgs } = require('./reference-payments');

const app = express();
app.use((req, res, next) => {
  if (req.headers.authorization === AUTH) return next();
  return res.status(401).json({ error: { type: 'invalid_request_error', code: 'api_key_invalid' } });
});
app.use(express.urlencoded({ extended: true }));

app.post('/v1/payments', (req, res) => {
  const payment = createPayment(req.body ?? {});
  if (payment) return res.json(payment);
  return res.status(400).json({ error: { type: 'invalid_request_error', code: 'parameter_invalid' } });
});

app.get('/v1/payments/:id', (req, res) => {
  const payment = getPayment(req.params.id);
  if (payment) return res.json(payment);
  return res.status(404).json({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
});

const server = app.listen(portFromArgs(4012), '127.0.0.1', () => {
  console.log(`express listening on http://127.0.0.1:${server.address().port}`);
});
server.keepAliveTimeout = 60_000;
// A clean exit on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit());
