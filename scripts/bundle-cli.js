#!/usr/bin/env node
'use strict';
// Bundles the CLI (part of `npm run build`): dist/cli/run.js, as tsc wrote it, becomes one file holding every
// module it loads, so `npx payments-mock` reads and resolves one file instead of ~150 (a third of its start-up
// time). Dependencies stay external but commander, which every start loads (bundled, it costs no module resolution
// and its functions are in the CLI's code cache: scripts/cli-code-cache.js); the others load only when a command
// needs them. The library entry points (dist/index.js, dist/adapters/jest) are left as tsc wrote them for the
// bundlers of the projects that import them.
const { join } = require('node:path');
const esbuild = require('esbuild');
const pkg = require('../package.json');

const BUNDLED = new Set(['commander']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const entry = join(__dirname, '..', 'dist', 'cli', 'run.js');
esbuild.buildSync({
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external,
  legalComments: 'none',
  logLevel: 'error',
});
