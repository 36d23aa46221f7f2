#!/usr/bin/env node
'use strict';
// Bundles the CLI (part of `npm run build`): dist/cli/run.js, as tsc wrote it, becomes one file holding every
// module it loads, so `npx payments-mock` reads and resolves one file instead of ~150 (a third of its start-up
// time). The packages scripts/vendored.js marks `inline` (chalk) are bundled in too, and so are the request
// validators (src/cli/bundled-validators.ts) with ajv's runtime helper. The vendor files marked `ownFile` (the MCP
// SDK, node-forge, commander) stay files of their own, read only by the command that needs them. The modules of
// dist/cli and dist/mcp, which nothing but the CLI loads, are removed once bundled (and with them the last requires
// of chalk). The library entry points (dist/index.js, dist/adapters/*) are left as tsc wrote them for the bundlers
// of the projects that import them.
const { readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');
const esbuild = require('esbuild');
const pkg = require('../package.json');
const { CLI_ONLY, DIST, VENDORED, isOwnVendorFile, recordBundled } = require('./vendored');
const { PREWRAPPED, PREWRAPPED_END } = require('../bin/payments-mock');

const BUNDLED = new Set(VENDORED.filter((one) => one.inline).map((one) => one.name));
const external = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const entry = join(DIST, 'cli', 'run.js');

/**
 * The vendor files marked `ownFile` (the MCP SDK, node-forge, commander) stay files: a require of one keeps pointing
 * at it, from the bundle's folder. Node's own compile cache is turned on just before the first of them loads (it holds 1 MB of
 * code the bundle's cache does not), so a start that loads none of them does not load node:module for it.
 */
const vendorFilesExternal = {
  name: 'vendor-files-external',
  setup(build) {
    build.onResolve({ filter: /[\\/]vendor[\\/][^\\/]+\.js$/ }, (args) => {
      if (args.namespace === 'vendor-file') return { path: args.path, external: true };
      const target = join(args.resolveDir, args.path);
      if (!isOwnVendorFile(target)) return undefined;
      let path = relative(dirname(entry), target).replace(/\\/g, '/');
      if (!path.startsWith('.')) path = `./${path}`;
      return { path, namespace: 'vendor-file' };
    });
    build.onLoad({ filter: /.*/, namespace: 'vendor-file' }, (args) => ({
      // NODE_DISABLE_COMPILE_CACHE=1 leaves it off (Node reads it); Node 20 has none.
      contents: `require('node:module').enableCompileCache?.(); module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * The package's package.json, of which the CLI reads only the version (src/package-version.ts): the bundle holds
 * that, not the 6 KB object a start would build.
 */
const versionOnly = {
  name: 'package-version-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]package\.json$/ }, (args) =>
      args.path === join(__dirname, '..', 'package.json') ? { contents: JSON.stringify({ version: pkg.version }), loader: 'json' } : undefined,
    );
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
    plugins: [vendorFilesExternal, versionOnly],
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
  })
  .then((result) => {
    recordBundled('cli', entry, result.metafile);
    removeBundledModules();
    // esbuild escapes every non-ASCII character in code (its charset is ASCII) but copies comments as written: one
    // '…' in a comment made Node read the whole bundle as a two-byte string, 2.5 ms more to read at each start.
    const text = readFileSync(entry, 'utf8').replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
    // Written as the CommonJS wrapper function the shim compiles as is (bin/payments-mock.js: PREWRAPPED).
    writeFileSync(entry, PREWRAPPED + text + PREWRAPPED_END);
  })
  .catch((error) => {
    console.error(`bundle-cli: ${error.message}`);
    process.exit(1);
  });

/**
 * Deletes what tsc wrote in dist/cli and dist/mcp but the bundle: the bundle holds those modules, and they still
 * require commander and chalk. A module of theirs that a door outside them loads (payments-mock/testcontainers
 * drives the mock through mcp/mock-api) is kept with its declarations: it is found by reading the requires of the
 * rest of dist/, so a new import of that kind cannot leave a door requiring a deleted file.
 */
function removeBundledModules() {
  const kept = requiredFromOutside();
  for (const folder of CLI_ONLY) {
    for (const name of readdirSync(join(DIST, folder))) {
      const path = join(DIST, folder, name);
      const module = path.replace(/(\.d)?\.ts$|\.js$/, '');
      if (path !== entry && !kept.has(module)) rmSync(path, { recursive: true, force: true });
    }
    if (readdirSync(join(DIST, folder)).length === 0) rmSync(join(DIST, folder), { recursive: true });
  }
}

/** The modules of dist/cli and dist/mcp (paths without extension) that a module or declaration elsewhere in dist/ requires. */
function requiredFromOutside() {
  const inside = CLI_ONLY.map((folder) => join(DIST, folder));
  const kept = new Set();
  const visit = (dir) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) {
        if (!inside.includes(path) && item.name !== 'vendor') visit(path);
      } else if (/\.(js|d\.ts)$/.test(item.name)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(/(?:require\(|from )(["'])(\.{1,2}\/[^"']+)\1/g)) {
          const target = join(dirname(path), match[2]).replace(/\.js$/, '');
          if (inside.some((folder) => target.startsWith(folder + '/'))) kept.add(target);
        }
      }
    }
  };
  visit(DIST);
  return kept;
}
