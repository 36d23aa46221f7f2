'use strict';
// CPU time per request of the server process, payments-mock against the bare reference, over HTTP and over TLS
// (issue 44, "HTTPS at speed"). On a machine shared with other work, throughput swings with everyone else's load;
// the CPU a server spends on a fixed number of requests barely does, so this is what a change to the per-request
// path is judged by. Each server answers AMOUNT keep-alive creates, then AMOUNT retrieves (autocannon, 50
// connections), after a warm-up; the figure is the server's CPU (every thread, /proc/<pid>/task/*/schedstat) over
// the measured requests. The servers take turns, ROUNDS times; each figure is the median round.
//   npm run build && node bench/tls-cpu.js [--rounds=5] [--amount=20000] [--only=https|http]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const lib = require('./lib');
const { certificateFiles } = require('./https');

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const ROUNDS = Number(arg('rounds', 5));
const AMOUNT = Number(arg('amount', 20_000));
const ONLY = arg('only', '');
const KEY = 'sk_test_bench';
const FORM = 'amount=2000&currency=usd&metadata[order]=42';
const MOCK = [path.join(__dirname, '..', 'bin', 'payments-mock.js'), ['--log', 'off', '--fixtures', 'none', '--seed', '1']];
const BARE = [path.join(__dirname, 'baseline-server.js'), []];

/** µs of server CPU per request for `amount` requests of `spec`, after a 1 s warm-up. */
async function cpuPerRequest(pid, spec) {
  await lib.load({ ...spec, connections: 50, duration: 1, warmup: 0 });
  const result = await lib.loadWithCpu(pid, { ...spec, connections: 50, amount: AMOUNT, warmup: 0 });
  if (result.errors || result.non2xx) throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.cpuUs;
}

/** One request over HTTP or HTTPS (the throwaway certificate accepted): the parsed JSON of a 200. */
function fetchJson(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const client = require(url.startsWith('https') ? 'node:https' : 'node:http').request(url, { method, headers, rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 200)}`))));
    });
    client.on('error', reject);
    client.end(body);
  });
}

/** The server's secret test key: the mock's own (GET /_mock/keys), the bare server's BENCH_KEY. */
async function keyOf(name, url) {
  if (name === 'bare') return KEY;
  return (await fetchJson(`${url}/_mock/keys`)).data.find((k) => k.kind === 'secret' && !k.livemode).key;
}

async function measure(name, scheme, files) {
  const [script, baseArgs] = name === 'mock' ? MOCK : BARE;
  const tlsArgs = scheme === 'https' && name === 'mock' ? ['--tls', '--tls-cert', files.cert, '--tls-key', files.key] : [];
  const env = { BENCH_KEY: KEY, ...(scheme === 'https' && name === 'bare' ? { BENCH_TLS_CERT: files.cert, BENCH_TLS_KEY: files.key } : {}) };
  const { child, url } = await lib.startServer(script, [...baseArgs, ...tlsArgs, '--port', '0'], { env });
  try {
    const authorization = `Bearer ${await keyOf(name, url)}`;
    const headers = { authorization, 'content-type': 'application/x-www-form-urlencoded' };
    const create = await cpuPerRequest(child.pid, { url, path: '/v1/payments', method: 'POST', headers, body: FORM });
    const { id } = await fetchJson(`${url}/v1/payments`, { method: 'POST', headers, body: FORM });
    const retrieve = await cpuPerRequest(child.pid, { url, path: `/v1/payments/${id}`, headers: { authorization } });
    return { create, retrieve };
  } finally {
    await lib.stop(child);
  }
}

async function main() {
  lib.pinCores();
  const files = certificateFiles();
  const { dir } = files;
  const schemes = ONLY ? [ONLY] : ['http', 'https'];
  const samples = {};
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const scheme of schemes) {
        for (const name of ['mock', 'bare']) {
          const figures = await measure(name, scheme, files);
          for (const [kind, us] of Object.entries(figures)) (samples[`${scheme} ${kind} ${name}`] ??= []).push(us);
          process.stderr.write(`round ${round + 1} ${scheme} ${name}: create ${figures.create.toFixed(1)} µs, retrieve ${figures.retrieve.toFixed(1)} µs\n`);
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(`server CPU µs per request, median of ${ROUNDS} rounds of ${AMOUNT} (${os.cpus()[0]?.model}, Node ${process.version})`);
  for (const scheme of schemes) {
    for (const kind of ['create', 'retrieve']) {
      const mock = lib.median(samples[`${scheme} ${kind} mock`]);
      const bare = lib.median(samples[`${scheme} ${kind} bare`]);
      // Throughput on a saturated core is the inverse of CPU per request: bare/mock is the throughput ratio.
      console.log(`${scheme.padEnd(5)} ${kind.padEnd(8)} mock ${mock.toFixed(1)} µs  bare ${bare.toFixed(1)} µs  bare/mock ${(bare / mock).toFixed(2)}×`);
    }
  }
}

main()
  .catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  })
  .finally(() => lib.killAll());
