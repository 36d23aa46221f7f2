'use strict';
// node bench/gc.js [seconds] [-- CLI flags]: the collector's work under creates, per request. Starts the CLI under
// --trace-gc-nvp (pinned to core 1 when taskset exists), creates payments for N s (default 8) with 50
// connections, and sums what V8 reported: scavenges and mark-compacts, their pauses and the bytes they promoted.
// Bytes promoted a request depend on what the mock keeps, not on how busy the machine is: an A/B that the
// machine's noise does not blur. Example: node bench/gc.js 8 -- --journal 0
const path = require('node:path');
const { spawn } = require('node:child_process');
const lib = require('./lib');

const FORM = 'amount=2000&currency=usd&metadata[order]=42';
const split = process.argv.indexOf('--');
const seconds = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 8);
const cliFlags = split === -1 ? [] : process.argv.slice(split + 1);

async function main() {
  lib.pinCores();
  const cli = path.join(__dirname, '..', 'bin', 'payments-mock.js');
  const [file, argv] = lib.nodeCommand(['--trace-gc-nvp'], cli, ['--log', 'off', '--fixtures', 'none', '--seed', '1', '--port', '0', ...cliFlags]);
  const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  process.on('exit', () => child.kill('SIGKILL'));
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}) before listening`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
  });
  const keys = JSON.parse((await lib.request(`${url}/_mock/keys`)).body).data;
  const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
  const from = out.length;
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' };
  const result = await lib.load({ url, path: '/v1/payments', method: 'POST', headers, body: FORM, connections: 50, duration: seconds, warmup: 0 });
  child.kill('SIGKILL');
  const kinds = { s: 'scavenges', mc: 'mark-compacts' };
  const sums = {};
  for (const line of out.slice(from).split('\n')) {
    if (!line.includes('pause=')) continue;
    const fields = Object.fromEntries(
      line
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split('=')),
    );
    const sum = (sums[fields.gc] ??= { count: 0, pause: 0, promoted: 0 });
    sum.count++;
    sum.pause += Number(fields.pause);
    sum.promoted += Number(fields.promoted ?? 0);
  }
  const thousands = result.total / 1000;
  console.log(`${result.total} creates in ${seconds} s (${result.rps.toFixed(0)}/s, p99 ${result.p99.toFixed(1)} ms, ${result.non2xx} not 2xx)`);
  for (const [kind, sum] of Object.entries(sums)) {
    console.log(
      `  ${kinds[kind] ?? kind}: ${sum.count}, ${(sum.pause / thousands).toFixed(2)} ms of pause per 1,000 requests, ${(sum.promoted / result.total).toFixed(0)} B promoted per request`,
    );
  }
}

main().catch((error) => {
  console.error(`bench/gc.js: ${error.message}`);
  process.exit(1);
});
