#!/usr/bin/env node
'use strict';
// Build step, after bundle-cli.js: writes V8's code cache of the CLI bundle beside it (see bin/payments-mock.js),
// so `npx payments-mock` starts without compiling it. The cache is made after a training start (a mock on a free
// port answering one create, as the bench's boot probe does), so it holds the functions a start compiles, not
// only the module bodies. V8 accepts a cache only under the flags it was made with: the CLI bounds the heap
// growth after start-up (cli/heap-growth.ts), so its restoreStartFlags() sets it back before the cache is made.
// Made for Node 20 only: newer Nodes learn theirs at their first start's exit (bin/payments-mock.js).
const { readFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname, join } = require('node:path');
const { cachePath, compile, fileStamp, hasCompileCache } = require('../bin/payments-mock');

const file = join(__dirname, '..', 'dist', 'cli', 'run.js');

async function train(cli) {
  // The start-up banner goes nowhere; the listening line gives the URL.
  let printed = '';
  const write = process.stdout.write;
  process.stdout.write = (chunk) => ((printed += chunk), true);
  try {
    await cli.run(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', '--seed', '1', '--log', 'off']);
  } finally {
    process.stdout.write = write;
  }
  const url = /listening on (http:\/\/\S+)/.exec(printed)?.[1];
  if (!url) throw new Error(`the training start printed no URL: ${printed.slice(0, 300)}`);
  const keys = (await (await fetch(`${url}/_mock/keys`)).json()).data;
  const key = keys.find((k) => k.kind === 'secret' && !k.livemode).key;
  const answer = await fetch(`${url}/v1/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
  });
  if (answer.status !== 200) throw new Error(`the training create answered ${answer.status}`);
}

async function main() {
  if (hasCompileCache()) {
    // Node 22 and newer: a start learns the cache at exit (bin/payments-mock.js), so none is made here.
    console.log(`no code cache made for Node ${process.versions.node}: the CLI's first start learns one`);
    process.exit(0);
  }
  const source = readFileSync(file, 'utf8');
  const script = compile(file, source);
  const cli = { exports: {} };
  script.runInThisContext()(cli.exports, Module.createRequire(file), cli, file, dirname(file));
  await train(cli.exports);
  cli.exports.restoreStartFlags();
  writeFileSync(cachePath(file), Buffer.concat([fileStamp(file), script.createCachedData()]));
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`cli-code-cache: ${error.stack ?? error}\n`);
  process.exit(1);
});
