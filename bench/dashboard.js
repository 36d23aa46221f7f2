'use strict';
// node bench/dashboard.js (after npm run build): what one open dashboard costs the request path. POST
// /v1/payments throughput with no stream subscriber, then with one (a client reading GET /_mock/stream as the page
// does), alternating, each on a fresh server; the best of each side is compared. Target: at most 20% slower.
// Then the CPU cost per request in process (less sensitive to other load on the machine).
// Only 127.0.0.1; bounded rounds; children are killed on the way out.
const path = require('node:path');
const lib = require('./lib');

const SCRIPT = path.join(__dirname, '..', 'bin', 'payments-mock.js');
const ARGS = ['--log', 'off', '--fixtures', 'none', '--seed', '1', '--port', '0'];
const ROUNDS = 3;
const LOAD = { connections: 50, duration: 3, warmup: 1 };
const FORM = 'amount=2000&currency=usd&metadata[order]=42';

async function run(withStream) {
  const { child, url } = await lib.startServer(SCRIPT, ARGS);
  try {
    const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
    const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
    const stream = withStream ? await lib.followStream(url) : undefined;
    const result = await lib.load({
      url,
      path: '/v1/payments',
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: FORM,
      ...LOAD,
    });
    const streamed = await stream?.close();
    return { rps: result.rps, p99: result.p99, errors: result.errors + result.non2xx, streamed };
  } finally {
    await lib.stop(child);
  }
}

/**
 * The same question without sockets or a load generator, which on a shared 2-core machine drown the difference:
 * CPU microseconds per POST /v1/payments through handleRequest, with and without a stream attached (the stream's
 * own code, writing to nowhere), best of ROUNDS each.
 */
async function cpuPerRequest(withStream) {
  const { createContext } = require('../dist/app/create-context');
  const { handleRequest } = require('../dist/http/handle-request');
  const { streamResponse } = require('../dist/dashboard/stream');
  const ctx = createContext({ fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
  const key = [...ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode).key;
  let close;
  if (withStream)
    streamResponse(ctx).stream({
      write: () => undefined,
      onClose: (listener) => {
        close = listener;
      },
    });
  const req = {
    method: 'POST',
    url: '/v1/payments',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:4010' },
    body: Buffer.from(FORM),
  };
  const N = 20_000;
  for (let i = 0; i < 2_000; i++) await handleRequest(ctx, req);
  const before = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    await handleRequest(ctx, req);
    // Let the stream's batch timer run now and then, as it would between requests on a server.
    if (i % 100 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const used = process.cpuUsage(before);
  close?.();
  ctx.close();
  return (used.user + used.system) / N;
}

(async () => {
  process.on('exit', lib.killAll);
  const cpu = { without: Infinity, with: Infinity };
  for (let round = 0; round < ROUNDS * 2; round++) {
    for (const side of round % 2 ? ['with', 'without'] : ['without', 'with']) cpu[side] = Math.min(cpu[side], await cpuPerRequest(side === 'with'));
  }
  process.stderr.write(`in process: ${cpu.without.toFixed(1)} µs CPU per request without a stream, ${cpu.with.toFixed(1)} µs with one\n`);
  const best = { without: 0, with: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? ['with', 'without'] : ['without', 'with']) {
      const result = await run(side === 'with');
      best[side] = Math.max(best[side], result.rps);
      process.stderr.write(
        `${side} stream: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(2)} ms, errors ${result.errors}${result.streamed ? `, stream ${result.streamed.requests} request messages, ${(result.streamed.bytes / 1024).toFixed(0)} KiB` : ''}\n`,
      );
    }
  }
  const drop = 1 - best.with / best.without;
  console.log(
    JSON.stringify({
      http: { without_rps: Math.round(best.without), with_one_stream_rps: Math.round(best.with), drop: Number(drop.toFixed(3)) },
      in_process: {
        without_us: Number(cpu.without.toFixed(2)),
        with_one_stream_us: Number(cpu.with.toFixed(2)),
        extra: Number((cpu.with / cpu.without - 1).toFixed(3)),
      },
      target_drop: 0.2,
    }),
  );
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
