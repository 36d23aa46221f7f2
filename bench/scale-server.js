'use strict';
// The scale figures' server: a forked child (run with --expose-gc) that starts the mock, seeds it through the
// programmatic API (mock.inject: the full /v1 pipeline without a socket), measures memory after a full GC, and
// then serves on 127.0.0.1 until killed.
//   node --expose-gc bench/scale-server.js <payments> <customers>
const { startMock } = require('../dist/index.js');

const [paymentCount, customerCount] = process.argv.slice(2).map(Number);

function memory() {
  global.gc();
  const { rss, heapTotal, heapUsed } = process.memoryUsage();
  return { rss, heapTotal, heapUsed };
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
  const empty = memory();
  const paymentSeconds = await seed(mock, headers, paymentCount, '/v1/payments', (i) => `amount=2000&currency=usd&metadata[order]=${i}`);
  const withPayments = memory();
  const customerSeconds = await seed(mock, headers, customerCount, '/v1/customers', (i) => `email=customer${i}%40example.com&name=Customer+${i}`);
  const seeded = memory();
  process.send({ url: mock.url, key, paymentSeconds, customerSeconds, memory: { empty, withPayments, seeded } });
}

main().catch((error) => {
  process.send({ error: error.stack ?? String(error) });
  process.exitCode = 1;
  setTimeout(() => process.exit(1), 100);
});
