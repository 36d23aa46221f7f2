#!/usr/bin/env node
'use strict';
// `npm test` after the build: Jest, ESLint and Prettier's check at the same time. Jest's output streams as it
// comes; each check's output is printed whole once Jest is done. On a 2-core machine the checks (about 11 and 13 s
// of CPU from a fresh clone) run while Jest's workers wait on what they start (the CLI, Chromium, npm), instead of
// adding their time before it. Arguments go to Jest (`npm test -- test/e2e/cli.e2e.test.ts`). Exit code 1 when any failed; the
// last line names which.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

function run(name, command, args, { stream = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output }));
  });
}

async function main() {
  // Each check keeps a cache of the files it found clean, by content, in node_modules/.cache (npm ci starts it afresh):
  // a rerun checks only what changed, about 2 s of CPU instead of 24. A fresh clone checks every file.
  const cache = (name) => ['--cache', '--cache-strategy', 'content', '--cache-location', join(ROOT, 'node_modules', '.cache', name)];
  const checks = [
    run('lint (eslint .)', bin('eslint'), ['.', ...cache('eslint/')]),
    run('format (prettier --check .)', bin('prettier'), ['--check', '.', ...cache('prettier/.prettier-cache')]),
  ];
  const jest = await run('jest', bin('jest'), process.argv.slice(2), { stream: true });
  const results = [...(await Promise.all(checks)), jest];
  for (const { name, code, output } of results.slice(0, -1)) process.stdout.write(`\n> ${name}: ${code === 0 ? 'ok' : 'FAILED'}\n${output}`);
  const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
  if (failed.length > 0) {
    process.stderr.write(`\u001b[31mnpm test failed: ${failed.join(', ')}\u001b[39m\n`);
    process.exit(1);
  }
}

main();
