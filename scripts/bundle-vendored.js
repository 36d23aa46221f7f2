#!/usr/bin/env node
'use strict';
// Build step, after tsc and the validators: builds each vendored dependency (scripts/vendored.js) into
// dist/vendor/<file>, then points every require of it in dist/ at that file, so the package installs no
// dependency. A vendor file exports an object with one lazy getter a module name: a module initialises when first
// read (the MCP SDK's types do not load for its stdio transport). tsc writes `require("name")`, which becomes
// `require("../vendor/<file>")["name"]`.
const { readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative, sep } = require('node:path');
const esbuild = require('esbuild');
const { CLI_ONLY, DIST, ROOT, VENDORED, entryOf, recordBundled, vendorFileOf, vendorRequire } = require('./vendored');

/** Folders of dist/ that hold no CommonJS of ours: bundles for browsers, and the vendor files themselves. */
const NOT_REWRITTEN = ['vendor', join('dashboard', 'public'), join('browser', 'public'), join('browser', 'types')];

/**
 * commander requires child_process at its top, for executable subcommands, which this CLI has none of: loading it
 * took 2.7 ms of every subcommand (Node 22). Its vendor file gets a `spawn` that loads it on first use.
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

async function buildVendorFile(entry) {
  const outfile = join(DIST, 'vendor', entry.file);
  const getters = entry.imports.map((spec) => `get ${JSON.stringify(spec)}() { return require(${JSON.stringify(spec)}); }`);
  const result = await esbuild.build({
    stdin: { contents: `module.exports = { ${getters.join(', ')} };`, resolveDir: ROOT, sourcefile: `vendor-${entry.file}` },
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    legalComments: 'none',
    banner: { js: `/*! payments-mock: ${entry.name} and its dependencies, bundled; their licences: dist/THIRD_PARTY_LICENSES */` },
    metafile: true,
    logLevel: 'error',
    plugins: [lazyChildProcess],
  });
  recordBundled(`vendor-${entry.file}`, outfile, result.metafile);
}

function* modules(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_REWRITTEN.includes(relative(DIST, path))) yield* modules(path);
    } else if (entry.name.endsWith('.js')) yield path;
  }
}

function rewrite() {
  let count = 0;
  for (const file of modules(DIST)) {
    const text = readFileSync(file, 'utf8');
    const cliOnly = CLI_ONLY.includes(relative(DIST, file).split(sep)[0]);
    const next = text.replace(/require\((["'])([^"'./][^"']*)\1\)/g, (call, quote, spec) => {
      if (vendorFileOf(spec)) return (count++, vendorRequire(spec, file));
      const entry = entryOf(spec);
      if (entry?.inline && !cliOnly)
        throw new Error(`dist/${relative(DIST, file)} requires ${spec}, which is bundled into the CLI only: give it a vendor file in scripts/vendored.js`);
      return call;
    });
    if (next !== text) writeFileSync(file, next);
  }
  return count;
}

async function main() {
  const files = VENDORED.filter((entry) => !entry.inline);
  await Promise.all(files.map(buildVendorFile));
  const count = rewrite();
  console.log(`bundled ${files.map((entry) => entry.name).join(', ')} into dist/vendor; ${count} requires point there`);
}

main().catch((error) => {
  console.error(`bundle-vendored: ${error.message}`);
  process.exit(1);
});
