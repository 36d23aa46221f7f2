'use strict';
// node bench/compare.js <otherCheckout> [rounds=5]: this checkout's CLI against another checkout's (an older
// commit in a worktree, both built), on POST /v1/payments and GET /v1/payments/{id}, to tell whether a change
// moved the figures. Pinned as in npm run bench (servers on core 1, this process on core 0), the two CLIs
// alternate on fresh servers round by round. Reported: each side's best round (other tenants only slow runs
// down), the median of the rounds' ratios ('paired': a round's two runs are back to back and share its noise),
// how many rounds this side won, and every round; then the server's CPU a request (every thread, over 20,000 more
// requests each run), lower when this side is cheaper. Prints tables, then the JSON as stdout's last line.
// Only 127.0.0.1; bounded.
//   git worktree add --detach /tmp/wt-before <commit> && (cd /tmp/wt-before && npm ci && npm run build)
//   node bench/compare.js /tmp/wt-before
const fs = require('node:fs');
const path = require('node:path');
const lib = require('./lib');

const ARGS = ['--log', 'off', '--fixtures', 'none', '--seed', '1', '--port', '0'];
const LOAD = { connections: 50, duration: 3, warmup: 1 };
const CPU_REQUESTS = 20_000;
const FORM = 'amount=2000&currency=usd&metadata[order]=42';
const FIGURES = { create: 'POST /v1/payments', retrieve: 'GET /v1/payments/{id}' };

const log = (line) => process.stderr.write(`${line}\n`);

/** The CLI of a checkout, which must have been built (its bin shim would otherwise build it mid-measurement). */
function cliOf(checkout) {
  const root = path.resolve(checkout);
  if (!fs.existsSync(path.join(root, 'dist', 'cli', 'run.js'))) throw new Error(`${root} is not built: run npm ci && npm run build there`);
  return path.join(root, 'bin', 'payments-mock.js');
}

async function secretKey(url) {
  const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
  return keys.find((k) => k.kind === 'secret' && !k.livemode).key;
}

async function createPayment(url, headers) {
  const answer = await lib.request(`${url}/v1/payments`, { method: 'POST', headers, body: FORM });
  if (answer.status !== 200) throw new Error(`POST /v1/payments answered ${answer.status}`);
  return JSON.parse(answer.body).id;
}

/** One measured run of `scenario` on a fresh server from `cli`. */
async function run(cli, scenario) {
  const { child, url } = await lib.startServer(cli, ARGS);
  try {
    const key = await secretKey(url);
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' };
    const spec =
      scenario === 'create'
        ? { path: '/v1/payments', method: 'POST', headers, body: FORM }
        : { path: `/v1/payments/${await createPayment(url, headers)}`, headers: { authorization: headers.authorization } };
    const { rps, p50, p99, errors, non2xx } = await lib.load({ url, ...spec, ...LOAD });
    // Then the server's CPU (every thread) over a fixed count: throughput shows what a client waits for, this what a
    // request costs, and a change can move one without the other (work moved off or onto the main thread).
    const measured = await lib.loadWithCpu(child.pid, { url, ...spec, connections: LOAD.connections, amount: CPU_REQUESTS, warmup: 0 });
    return { rps, p50, p99, cpuUs: measured.cpuUs, errors: errors + non2xx + measured.errors + measured.non2xx };
  } finally {
    await lib.stop(child);
  }
}

async function main() {
  const [otherCheckout, roundsArg] = process.argv.slice(2);
  if (!otherCheckout) throw new Error('usage: node bench/compare.js <otherCheckout> [rounds=5]');
  const rounds = Number(roundsArg ?? 5);
  const sides = { this: cliOf(path.join(__dirname, '..')), other: cliOf(otherCheckout) };
  const pinning = lib.pinCores();
  log(`pinning: ${pinning.used ? 'yes' : 'no'} (${pinning.reason}); this: ${sides.this}; other: ${sides.other}`);
  const runs = { create: { this: [], other: [] }, retrieve: { this: [], other: [] } };
  for (let round = 0; round < rounds; round++) {
    for (const scenario of Object.keys(runs)) {
      for (const side of round % 2 ? ['other', 'this'] : ['this', 'other']) {
        const result = await run(sides[side], scenario);
        runs[scenario][side].push(result);
        log(
          `round ${round + 1} ${scenario} ${side}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99.toFixed(2)} ms, ${result.cpuUs.toFixed(1)} µs CPU, errors ${result.errors}`,
        );
      }
    }
  }
  const summary = {};
  const head = ['this', 'other', 'ratio', 'paired', 'wins'].map((title) => title.padStart(9)).join('');
  console.log(`\n${'req/s'.padEnd(24)}${head}   rounds (this / other)`);
  for (const [scenario, bySide] of Object.entries(runs)) {
    const best = (side) => Math.max(...bySide[side].map((r) => r.rps));
    const ratio = best('this') / best('other');
    const pairedRatio = lib.median(bySide.this.map((r, i) => r.rps / bySide.other[i].rps));
    const thisWins = bySide.this.filter((r, i) => r.rps > bySide.other[i].rps).length;
    summary[scenario] = { this: best('this'), other: best('other'), ratio, pairedRatio, thisWins, runs: bySide };
    const cells = [best('this').toFixed(0), best('other').toFixed(0), `${ratio.toFixed(2)}×`, `${pairedRatio.toFixed(2)}×`, `${thisWins}/${rounds}`];
    const pairs = bySide.this.map((r, i) => `${r.rps.toFixed(0)}/${bySide.other[i].rps.toFixed(0)}`).join(', ');
    const figure = FIGURES[scenario];
    console.log(`${figure.padEnd(24)}${cells.map((cell) => cell.padStart(9)).join('')}   ${pairs}`);
  }
  console.log(`\n${'server CPU µs a request'.padEnd(24)}${['this', 'other', 'paired'].map((title) => title.padStart(9)).join('')}   (median of the rounds)`);
  for (const [scenario, bySide] of Object.entries(runs)) {
    const cpu = (side) => lib.median(bySide[side].map((r) => r.cpuUs));
    const paired = lib.median(bySide.this.map((r, i) => r.cpuUs / bySide.other[i].cpuUs));
    summary[scenario].cpu = { this: cpu('this'), other: cpu('other'), pairedRatio: paired };
    const figure = FIGURES[scenario];
    console.log(`${figure.padEnd(24)}${[cpu('this').toFixed(1), cpu('other').toFixed(1), `${paired.toFixed(2)}×`].map((cell) => cell.padStart(9)).join('')}`);
  }
  console.log(JSON.stringify({ pinning, load: LOAD, rounds, this: sides.this, other: sides.other, summary }));
}

process.on('exit', lib.killAll);
process.on('SIGINT', () => process.exit(130));
// Bounded: a round is four runs of about 6 s each (the load, then the CPU count).
setTimeout(
  () => {
    log('compare: over its time limit, giving up');
    process.exit(2);
  },
  60_000 * Number(process.argv[3] ?? 5),
).unref();
main().then(
  () => process.exit(),
  (error) => {
    log(`compare failed: ${error.stack ?? error}`);
    process.exit(1);
  },
);
