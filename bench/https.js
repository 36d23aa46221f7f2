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

/** One load, with the server's CPU µs per request over it (what contention from other work moves least). */
async function loadWithCpu(pid, spec) {
  return strip(await lib.loadWithCpu(pid, spec));
}

/**
 * Measures both servers: `servers.mock` and `servers.bare` are { script, args, env, key } as in run.js; `load` the
 * autocannon settings. As the HTTP rows are: `rounds` rounds, the order of the servers reversed each round so drift
 * hits both alike, and each figure the median round (a single pair, the mock always first, swung with whatever else
 * ran on the machine in that minute: 0.48× one run, 0.72× the next). Returns { mock: { create, retrieve,
 * handshakeMs }, bare: { … } }, each load with `cpuUs` (server CPU per request) and its `runs`.
 */
async function measureHttps(servers, load, formHeaders, form, rounds = 1) {
  const files = certificateFiles();
  const runs = { mock: { create: [], retrieve: [] }, bare: { create: [], retrieve: [] } };
  const handshakes = {};
  try {
    for (let round = 0; round < rounds; round++) {
      for (const name of round % 2 ? ['bare', 'mock'] : ['mock', 'bare']) {
        const spec = servers[name];
        const tlsArgs = name === 'mock' ? ['--tls', '--tls-cert', files.cert, '--tls-key', files.key] : [];
        const env = name === 'bare' ? { ...spec.env, BENCH_TLS_CERT: files.cert, BENCH_TLS_KEY: files.key } : spec.env;
        const { child, url } = await lib.startServer(spec.script, [...spec.args, ...tlsArgs, '--port', '0'], { env });
        try {
          const headers = formHeaders(spec.key);
          const create = await loadWithCpu(child.pid, { url, path: '/v1/payments', method: 'POST', headers, body: form, ...load });
          const id = await firstPaymentId(url, spec.key, files.ca);
          const retrieve = await loadWithCpu(child.pid, { url, path: `/v1/payments/${id}`, headers: { authorization: `Bearer ${spec.key}` }, ...load });
          runs[name].create.push(create);
          runs[name].retrieve.push(retrieve);
          handshakes[name] ??= await handshakeMs(url, files.ca);
          process.stderr.write(
            `https ${name}: creates ${create.rps.toFixed(0)} req/s (${create.cpuUs.toFixed(1)} µs CPU each), retrieves ${retrieve.rps.toFixed(0)} req/s (${retrieve.cpuUs.toFixed(1)} µs), handshake ${handshakes[name].toFixed(2)} ms\n`,
          );
        } finally {
          await lib.stop(child);
        }
      }
    }
  } finally {
    fs.rmSync(files.dir, { recursive: true, force: true });
  }
  const out = {};
  for (const name of ['mock', 'bare']) {
    out[name] = { create: medianRun(runs[name].create), retrieve: medianRun(runs[name].retrieve), handshakeMs: handshakes[name] };
  }
  return out;
}

/** The run of median throughput, with the median CPU per request of all runs and every run kept. */
function medianRun(list) {
  const median = [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
  return { ...median, cpuUs: lib.median(list.map((run) => run.cpuUs)), runs: list };
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

module.exports = { measureHttps, certificateFiles };
