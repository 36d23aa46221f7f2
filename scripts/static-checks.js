#!/usr/bin/env node
'use strict';
// Part of `npm test`: ESLint and Prettier's check at the same time (each is mostly one core for about 8 s; one after
// the other they were 16 s of every run). Each one's output is printed whole when it ends; the exit code is 1 when
// either failed, and the last line names which.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const bin = (name) => join(__dirname, '..', 'node_modules', '.bin', name);
const checks = [
  { name: 'lint (eslint .)', command: bin('eslint'), args: ['.'] },
  { name: 'format (prettier --check .)', command: bin('prettier'), args: ['--check', '.'] },
];

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: join(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

Promise.all(checks.map(run)).then((results) => {
  for (const { name, code, output } of results) process.stdout.write(`> ${name}: ${code === 0 ? 'ok' : 'FAILED'}\n${output}`);
  const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
  if (failed.length > 0) {
    process.stderr.write(`\u001b[31mstatic checks failed: ${failed.join(', ')} (npm run lint, npm run format)\u001b[39m\n`);
    process.exit(1);
  }
});
