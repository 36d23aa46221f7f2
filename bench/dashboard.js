'use strict';
// node bench/dashboard.js (after npm run build): what one open dashboard costs the request path. POST
// /v1/payments throughput with no stream subscriber, then with one (a client reading GET /_mock/stream as the page
// does), alternating, each on a fresh server; the best of each side is compared. Target: at most 20% slower.
// Only 127.0.0.1; bounded rounds; children are killed on the way out.
const { spawn } = require('node:child_process');
const path = require('node:path');
const lib = require('./lib');

const SCRIPT = path.join(__dirname, '..', 'bin', 'payments-mock.js');
const ARGS = ['--log', 'off', '--fixtures', 'none', '--seed', '1', '--port', '0'];
const ROUNDS = 3;
const LOAD = { connections: 50, duration: 3, warmup: 1 };
const FORM = 'amount=2000&currency=usd&metadata[order]=42';

/**
 * Follows the stream like the page, in a process of its own (so it does not slow the load generator down):
 * reads every byte, counts the request messages, and reports them when asked to stop.
 */
const FOLLOWER = `
const stats = { bytes: 0, requests: 0 };
require('node:http').get(process.argv[1] + '/_mock/stream', (res) => {
  res.setEncoding('utf8');
  res.once('data', () => process.send('ready'));
  res.on('data', (chunk) => { stats.bytes += chunk.length; stats.requests += chunk.split('event: request').length - 1; });
});
process.on('message', () => process.send(stats, () => process.exit(0)));
`;

async function follow(url) {
  const child = spawn(process.execPath, ['-e', FOLLOWER, url], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  return {
    close: () => new Promise((resolve) => {
      child.once('message', resolve);
      child.send('stop');
    }),
  };
}

async function run(withStream) {
  const { child, url } = await lib.startServer(SCRIPT, ARGS);
  try {
    const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
    const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
    const stream = withStream ? await follow(url) : undefined;
    const result = await lib.load({ url, path: '/v1/payments', method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: FORM, ...LOAD });
    const streamed = await stream?.close();
    return { rps: result.rps, p99: result.p99, errors: result.errors + result.non2xx, streamed };
  } finally {
    await lib.stop(child);
  }
}

(async () => {
  process.on('exit', lib.killAll);
  const best = { without: 0, with: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? ['with', 'without'] : ['without', 'with']) {
      const result = await run(side === 'with');
      best[side] = Math.max(best[side], result.rps);
      process.stderr.write(`${side} stream: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}${result.streamed ? `, stream ${result.streamed.requests} request messages, ${(result.streamed.bytes / 1024).toFixed(0)} KiB` : ''}\n`);
    }
  }
  const drop = 1 - best.with / best.without;
  console.log(JSON.stringify({ without_rps: Math.round(best.without), with_one_stream_rps: Math.round(best.with), drop: Number(drop.toFixed(3)), target: 0.2, ok: drop <= 0.2 }));
  process.exit(drop <= 0.2 ? 0 : 1);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
