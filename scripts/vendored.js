'use strict';
// The runtime dependencies whose code ships inside the package's own files, so that installing payments-mock
// installs none of them (issue 44: a cold `npx payments-mock` fetched 105 packages, 36 MB). One entry a package;
// bundling another one is one line here (and moving it to devDependencies in package.json):
// - `imports`: every module name our code requires of it. Each entry is built into dist/vendor/<file> (esbuild,
//   minified, the package's own dependencies included), and the build points every `require(name)` of dist/ at it
//   (scripts/bundle-vendored.js), so the library and the CLI bundle share one copy, loaded on first use.
// - `ownFile: true`: the CLI bundle loads the vendor file when it needs it (a large package for one command);
//   without it, the CLI bundle takes the vendor file's code in (a small helper every start uses).
// - `inline: true`: only the CLI needs it and every start loads it, so it is bundled into dist/cli/run.js itself (no
//   extra file to read, and its code is in the CLI's code cache) and has no vendor file. The build fails if a file
//   outside the CLI requires it.
// Each package whose code any bundle holds (these, their own dependencies, the dashboard's Preact and htm) is
// recorded by the step that bundled it (recordBundled) and its licence is copied into dist/THIRD_PARTY_LICENSES
// (scripts/third-party-licenses.js).
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const ROOT = join(__dirname, '..');
const DIST = join(ROOT, 'dist');

/** The folders of dist/ that only the CLI loads: scripts/bundle-cli.js bundles them into dist/cli/run.js. */
const CLI_ONLY = ['cli', 'mcp'];

const VENDORED = [
  // The one-shot subcommands' parser: a start reads its flags from the option table (src/app/start-options.ts).
  { name: 'commander', imports: ['commander'], file: 'commander.js', ownFile: true },
  { name: 'chalk', imports: ['chalk'], inline: true },
  { name: 'ajv', imports: ['ajv/dist/runtime/ucs2length'], file: 'ajv-runtime.js' },
  {
    name: '@modelcontextprotocol/sdk',
    imports: ['@modelcontextprotocol/sdk/server/index.js', '@modelcontextprotocol/sdk/server/stdio.js', '@modelcontextprotocol/sdk/types.js'],
    file: 'mcp-sdk.js',
    ownFile: true,
  },
  // Certificates for --tls: read only when the local CA issues one (src/tls/issue-certificates.ts).
  { name: 'node-forge', imports: ['node-forge/lib/pki', 'node-forge/lib/forge'], file: 'node-forge.js', ownFile: true },
];

/** The vendor file that holds `spec` (an absolute path), or undefined when `spec` is not vendored to a file. */
function vendorFileOf(spec) {
  const entry = VENDORED.find((one) => !one.inline && one.imports.includes(spec));
  return entry && join(DIST, 'vendor', entry.file);
}

/** Whether `path` (absolute) is a vendor file the CLI bundle leaves a file of its own. */
function isOwnVendorFile(path) {
  return VENDORED.some((one) => one.ownFile && join(DIST, 'vendor', one.file) === path);
}

/** The entry whose package `spec` names, whether vendored to a file or inline. */
function entryOf(spec) {
  return VENDORED.find((one) => spec === one.name || spec.startsWith(`${one.name}/`));
}

/** `require(...)` text that loads `spec` from its vendor file, for a module written at `from` (absolute). */
function vendorRequire(spec, from) {
  let path = relative(dirname(from), vendorFileOf(spec)).replace(/\\/g, '/');
  if (!path.startsWith('.')) path = `./${path}`;
  return `require(${JSON.stringify(path)})[${JSON.stringify(spec)}]`;
}

/** The folder of each package an esbuild metafile's inputs came from (the last node_modules/<name> of a path). */
function packagesOf(metafile) {
  const folders = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.replace(/\\/g, '/'));
    if (match) folders.add(join(ROOT, match[1]));
  }
  return [...folders].sort();
}

/** Records the packages a build step bundled into `output`, for the licences file (dist/.bundled, removed after). */
function recordBundled(step, output, metafile) {
  const folder = join(DIST, '.bundled');
  mkdirSync(folder, { recursive: true });
  const packages = packagesOf(metafile).map((dir) => relative(ROOT, dir).replace(/\\/g, '/'));
  // A bundle that took in a vendor file holds its packages too (the browser build of payments-mock/msw: ajv's).
  const vendorFiles = Object.keys(metafile.inputs)
    .map((input) => relative(ROOT, join(ROOT, input)).replace(/\\/g, '/'))
    .filter((input) => input.startsWith('dist/vendor/'));
  writeFileSync(join(folder, `${step}.json`), JSON.stringify({ output: relative(ROOT, output).replace(/\\/g, '/'), packages, vendorFiles }));
}

/** Every record written by recordBundled in this build. */
function bundledRecords() {
  const { readdirSync, existsSync } = require('node:fs');
  const folder = join(DIST, '.bundled');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')));
}

module.exports = { CLI_ONLY, DIST, ROOT, VENDORED, bundledRecords, entryOf, isOwnVendorFile, packagesOf, recordBundled, vendorFileOf, vendorRequire };
