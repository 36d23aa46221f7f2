'use strict';
// The bare node:http reference: checks a Bearer key, parses a form body with URLSearchParams, stores and
// answers a payment-shaped JSON, and answers GET by id. No framework, no validation beyond the essentials:
// the speed limit our design is compared with.
//   node bench/baseline-server.js --port 0   (key: $BENCH_KEY, default sk_test_bench)
const http = require('node:http');
const fs = require('node:fs');
const { AUTH, createPayment, getPayment, portFromArgs } = require('./reference-payments');

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
}

function fail(res, status, code, message) {
  send(res, status, { error: { type: 'invalid_request_error', code, message } });
}

function formPayment(form) {
  const metadata = {};
  for (const [name, value] of form) {
    if (name.startsWith('metadata[') && name.endsWith(']')) metadata[name.slice(9, -1)] = value;
  }
  return createPayment({ amount: form.get('amount'), currency: form.get('currency'), metadata });
}

// With BENCH_TLS_CERT and BENCH_TLS_KEY (PEM files): the same server over node:https, for the HTTPS rows.
const tls = process.env.BENCH_TLS_CERT ? { cert: fs.readFileSync(process.env.BENCH_TLS_CERT), key: fs.readFileSync(process.env.BENCH_TLS_KEY) } : undefined;
const server = (tls ? require('node:https').createServer.bind(null, tls) : http.createServer)((req, res) => {
  if (req.headers.authorization !== AUTH) return fail(res, 401, 'api_key_invalid', 'Invalid API key provided.');
  if (req.method === 'POST' && req.url === '/v1/payments') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const payment = formPayment(new URLSearchParams(Buffer.concat(chunks).toString()));
      if (payment) send(res, 200, payment);
      else fail(res, 400, 'parameter_invalid', 'amount and currency are required.');
    });
    return undefined;
  }
  if (req.method === 'GET' && req.url.startsWith('/v1/payments/')) {
    const payment = getPayment(req.url.slice('/v1/payments/'.length));
    return payment ? send(res, 200, payment) : fail(res, 404, 'resource_missing', 'No such payment.');
  }
  return fail(res, 404, 'resource_missing', 'Unrecognized request URL.');
});

server.keepAliveTimeout = 60_000;
server.listen(portFromArgs(4011), '127.0.0.1', () => {
  console.log(`baseline listening on ${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}`);
});
// A clean exit on SIGTERM, so `node --cpu-prof` writes its profile.
process.on('SIGTERM', () => process.exit());
