'use strict';
// node --expose-gc bench/memory-estimate.js [payments] [values] [characters]: how close the memory budget's estimate
// of the store is to the heap it really takes. Creates payments (default 1,000, each with 50 metadata values of 500
// characters and a description of as many) in this process through mock.inject, and prints the heap they took
// (after full collections) beside what the budget counts for them (the store's and the journal's estimate). Run
// `npm run build` first. Example: node --expose-gc bench/memory-estimate.js 2000 2 20
const { startMock } = require('../dist/index.js');
const { storeBytes } = require('../dist/memory/footprint.js');

const [payments, values, characters] = [process.argv[2] ?? 1000, process.argv[3] ?? 50, process.argv[4] ?? 500].map(Number);

function liveHeap() {
  global.gc();
  global.gc();
  return process.memoryUsage().heapUsed;
}

async function main() {
  if (typeof global.gc !== 'function') throw new Error('run it with node --expose-gc');
  const mock = await startMock({ port: 0, fixtures: 'none', maxMemory: '1gb' });
  try {
    const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode).key;
    const form = new URLSearchParams({ amount: '100', currency: 'usd', ...(characters ? { description: 'd'.repeat(characters) } : {}) });
    for (let i = 0; i < values; i++) form.set(`metadata[k${i}]`, 'x'.repeat(Math.max(0, characters - 1)) + (i % 10));
    const request = {
      method: 'POST',
      url: '/v1/payments',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    };
    const counted = () => storeBytes(mock.context.store) + mock.context.journal.bytes;
    const [heapBefore, countedBefore] = [liveHeap(), counted()];
    for (let i = 0; i < payments; i++) {
      const answer = await mock.inject(request);
      if (answer.status !== 200) throw new Error(`create ${i} answered ${answer.status}: ${answer.body}`);
    }
    const heap = (liveHeap() - heapBefore) / payments;
    const estimate = (counted() - countedBefore) / payments;
    console.log(`${payments} payments with ${values} metadata values of ${characters} characters (a ${form.toString().length}-byte form each):`);
    console.log(`  heap   ${Math.round(heap)} B a payment (after full collections)`);
    console.log(`  budget ${Math.round(estimate)} B a payment (estimated), ${(estimate / heap).toFixed(2)}x the heap`);
  } finally {
    await mock.close();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
