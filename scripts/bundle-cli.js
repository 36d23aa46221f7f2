#!/usr/bin/env node
'use strict';
// Bundles the CLI (part of `npm run build`): dist/cli/run.js, as tsc wrote it, becomes one file holding every
// module it loads, so `npx payments-mock` reads and resolves one file instead of ~150 (a third of its start-up
// time). Dependencies stay external but commander, which every start loads (bundled, it costs no module resolution
// and its functions are in the CLI's code cache: scripts/cli-code-cache.js); the others load only when a command
// needs them. The library entry points (dist/index.js, dist/adapters/jest) are left as tsc wrote them for the
// bundlers of the projects that import them.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const esbuild = require('esbuild');
const pkg = require('../package.json');

const BUNDLED = new Set(['commander']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const entry = join(__dirname, '..', 'dist', 'cli', 'run.js');

/**
 * commander requires child_process at its top, for executable subcommands, which this CLI has none of: loading it
 * took 2.7 ms of every start (Node 22). In the bundle commander gets a `spawn` that loads it on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "let loaded; module.exports = { spawn: (...args) => (loaded ??= require('node:child_process')).spawn(...args) };",
      loader: 'js',
    }));
  },
};

esbuild
  .build({
    entryPoints: [entry],
    outfile: entry,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external,
    plugins: [lazyChildProcess],
    legalComments: 'none',
    logLevel: 'error',
  })
  .then(() => {
    // esbuild escapes every non-ASCII character in code (its charset is ASCII) but copies comments as written: one
    // '…' in a comment made Node read the whole bundle as a two-byte string, 2.5 ms more to read at each start.
    const text = readFileSync(entry, 'utf8');
    writeFileSync(
      entry,
      text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    );
  })
  .catch(() => process.exit(1));
