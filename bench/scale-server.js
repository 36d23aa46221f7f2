'use strict';
// The scale figures' server: a forked child (run with --expose-gc) that starts the mock, seeds it through the
// programmatic API (mock.inject: the full /v1 pipeline without a socket), measures memory after a full GC (RSS once
// the pages it freed are unmapped, see memory()), and then serves on 127.0.0.1 until killed.
//   node --expose-gc bench/scale-server.js <payments> <customers>
const fs = require('node:fs');
const { startMock } = require('../dist/index.js');

const [paymentCount, customerCount] = process.argv.slice(2).map(Number);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's peak resident set so far (VmHWM, Linux), or null where /proc is not there. */
function peakRss() {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
  } catch {
    return null;
  }
}

/**
 * Memory after a full GC. The heap figures are read at once; RSS once it has settled. The GC hands the pages it
 * freed (large objects above all: the old, shorter copies of a timeline's array, left behind each time it grew) to
 * V8's background threads, which return them to the system tens of milliseconds later. Read in the same turn,
 * RSS held 40-70 MB of them on a pinned core, as `npm run bench` pins this process (docs/performance.md,
 * 2026-11-29). So RSS is polled every 20 ms until it has made no new low for 200 ms (at most 2 s); `rssAtOnce`
 * keeps the reading as it was taken before, and `peakRss` the most the process held while seeding.
 */
async function memory() {
  global.gc();
  const { rss: rssAtOnce, heapTotal, heapUsed } = process.memoryUsage();
  let rss = rssAtOnce;
  for (let step = 0, sinceLow = 0; step < 100 && sinceLow < 10; step++) {
    await sleep(20);
    const now = process.memoryUsage.rss();
    sinceLow = now < rss ? 0 : sinceLow + 1;
    rss = Math.min(rss, now);
  }
  return { rss, rssAtOnce, peakRss: peakRss(), heapTotal, heapUsed };
}

/** Creates `count` objects one by one; returns the seconds it took. */
async function seed(mock, headers, count, url, bodyOf) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const answer = await mock.inject({ method: 'POST', url, headers, body: bodyOf(i) });
    if (answer.status !== 200) throw new Error(`seeding ${url} #${i}: ${answer.status} ${String(answer.body).slice(0, 300)}`);
  }
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function main() {
  const mock = await startMock({ port: 0, fixtures: 'none', seed: 1 });
  const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode).key;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' };
  const empty = await memory();
  const paymentSeconds = await seed(mock, headers, paymentCount, '/v1/payments', (i) => `amount=2000&currency=usd&metadata[order]=${i}`);
  const withPayments = await memory();
  const customerSeconds = await seed(mock, headers, customerCount, '/v1/customers', (i) => `email=customer${i}%40example.com&name=Customer+${i}`);
  const seeded = await memory();
  process.send({ url: mock.url, key, paymentSeconds, customerSeconds, memory: { empty, withPayments, seeded } });
}

main().catch((error) => {
  process.send({ error: error.stack ?? String(error) });
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100);
});
