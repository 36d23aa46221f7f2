#!/usr/bin/env node
'use strict';
// A shim: the CLI lives in dist/cli. The published package ships dist/ (built by `prepack`); in a fresh clone of
// the repository, where `npm ci` runs no build script, the first start builds it once.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
if (!existsSync(join(root, 'dist', 'cli', 'run.js')) && existsSync(join(root, 'src', 'cli', 'run.ts'))) {
  process.stderr.write('payments-mock: first start from a source checkout, building dist/ (npm run build)…\n');
  const { status } = require('node:child_process').spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (status !== 0) {
    process.stderr.write('payments-mock: the build failed; run `npm run build` to see why.\n');
    process.exit(1);
  }
}
require('./cached-require')
  .requireCli(join(root, 'dist', 'cli', 'run.js'))
  .run(process.argv);
