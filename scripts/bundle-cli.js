#!/usr/bin/env node
'use strict';
// Bundles the CLI (part of `npm run build`): dist/cli/run.js, as tsc wrote it, becomes one file holding every
// module it loads, so `npx payments-mock` reads and resolves one file instead of ~150 (a third of its start-up
// time). Dependencies stay external; the library entry points (dist/index.js, dist/adapters/jest) are left as tsc wrote
// them for the bundlers of the projects that import them.
const { join } = require('node:path');
const esbuild = require('esbuild');

const entry = join(__dirname, '..', 'dist', 'cli', 'run.js');
esbuild.buildSync({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  packages: 'external',
  legalComments: 'none',
  logLevel: 'error',
});
