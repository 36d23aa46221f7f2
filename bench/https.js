'use strict';
// The HTTPS rows of `npm run bench` (issue 44, "HTTPS at speed"): keep-alive creates and retrieves over TLS
// (HTTP/1.1, as autocannon speaks it) against the bare node:https server with the same certificate, and the time of
// a full TLS handshake (a new connection to `secureConnect`, median of HANDSHAKES) on each.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const tls = require('node:tls');
const lib = require('./lib');

const HANDSHAKES = 50;

/** A leaf of a throwaway local CA, as the mock issues it, in PEM files both servers are given. */
function certificateFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pm-bench-tls-'));
  const { localLeaf } = require('../dist/tls/local-ca');
  const leaf = localLeaf(['localhost', '127.0.0.1', '::1'], path.join(dir, 'ca'));
  fs.writeFileSync(path.join(dir, 'cert.pem'), leaf.chain);
  fs.writeFileSync(path.join(dir, 'key.pem'), leaf.key, { mode: 0o600 });
  return { dir, cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem'), ca: fs.readFileSync(path.join(dir, 'ca', 'ca.pem')) };
}

/** Median milliseconds from connect() to a verified TLS session, one new connection at a time. */
async function handshakeMs(url, ca) {
  const { hostname, port } = new URL(url);
  const samples = [];
  for (let i = 0; i < HANDSHAKES; i++) {
    const started = process.hrtime.bigint();
    await new Promise((resolve, reject) => {
      const socket = tls.connect({ host: hostname, port: Number(port), ca, servername: 'localhost', ALPNProtocols: ['http/1.1'] }, () => {
        samples.push(Number(process.hrtime.bigint() - started) / 1e6);
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
  }
  return lib.median(samples);
}

/**
 * Measures both servers: `servers.mock` and `servers.bare` are { script, args, env, key } as in run.js; `load` the
 * autocannon settings. Returns { mock: { create, retrieve, handshakeMs }, bare: { … } }.
 */
async function measureHttps(servers, load, formHeaders, form) {
  const files = certificateFiles();
  const out = {};
  try {
    for (const name of ['mock', 'bare']) {
      const spec = servers[name];
      const tlsArgs = name === 'mock' ? ['--tls', '--tls-cert', files.cert, '--tls-key', files.key] : [];
      const env = name === 'bare' ? { ...spec.env, BENCH_TLS_CERT: files.cert, BENCH_TLS_KEY: files.key } : spec.env;
      const { child, url } = await lib.startServer(spec.script, [...spec.args, ...tlsArgs, '--port', '0'], { env });
      try {
        const headers = formHeaders(spec.key);
        const create = await lib.load({ url, path: '/v1/payments', method: 'POST', headers, body: form, ...load });
        const id = await firstPaymentId(url, spec.key, files.ca);
        const retrieve = await lib.load({ url, path: `/v1/payments/${id}`, headers: { authorization: `Bearer ${spec.key}` }, ...load });
        out[name] = { create: strip(create), retrieve: strip(retrieve), handshakeMs: await handshakeMs(url, files.ca) };
        process.stderr.write(
          `https ${name}: creates ${create.rps.toFixed(0)} req/s, retrieves ${retrieve.rps.toFixed(0)} req/s, handshake ${out[name].handshakeMs.toFixed(2)} ms\n`,
        );
      } finally {
        await lib.stop(child);
      }
    }
  } finally {
    fs.rmSync(files.dir, { recursive: true, force: true });
  }
  return out;
}

/** The figures without autocannon's per-request latencies (kept out of the results file). */
function strip(result) {
  const { latencies, ...rest } = result;
  void latencies;
  return rest;
}

/** A payment to retrieve: one created over HTTPS, trusting the bench CA. */
function firstPaymentId(url, key, ca) {
  return new Promise((resolve, reject) => {
    const req = require('node:https').request(
      `${url}/v1/payments`,
      { method: 'POST', ca, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(JSON.parse(text).id) : reject(new Error(`create over https: ${res.statusCode} ${text.slice(0, 200)}`)),
        );
      },
    );
    req.on('error', reject);
    req.end('amount=2000&currency=usd');
  });
}

module.exports = { measureHttps };
