'use strict';
// Loads the bundled CLI without compiling it at every start: compiling the 600 KB bundle is a fifth of the
// start-up time. Node 22 and newer have a compile cache of their own (module.enableCompileCache), kept in the OS
// temp folder (or NODE_COMPILE_CACHE) and checked against the source's hash and the Node build, so it is used
// there, for every module the CLI loads. Node 20 has none: there the build leaves V8's code cache of the bundle
// beside it (scripts/cli-code-cache.js). That cache is named by the V8 version and holds the SHA-1 of the source
// it was made from, so a cache from another Node or another build is never used; V8 itself rejects one made with
// other flags (then it compiles).
const { createHash } = require('node:crypto');
const { existsSync, readFileSync } = require('node:fs');
const Module = require('node:module');
const { dirname } = require('node:path');
const { Script } = require('node:vm');

/** Where the build writes the code cache of `file` for the running V8. */
function cachePath(file) {
  return `${file}.v8-${process.versions.v8}.cache`;
}

/** The cache's first 20 bytes: the SHA-1 of the source, so a rebuilt bundle never meets an old cache. */
function sourceDigest(source) {
  return createHash('sha1').update(source).digest();
}

/** The script of a CommonJS module, compiled from `cachedData` when given. */
function compile(file, source, cachedData) {
  return new Script(Module.wrap(source), { filename: file, cachedData });
}

/** `require(file)`, compiled from its code cache when there is a fresh one. */
function cachedRequire(file) {
  const cache = cachePath(file);
  if (!existsSync(cache)) return require(file);
  const source = readFileSync(file, 'utf8');
  const stored = readFileSync(cache);
  if (!stored.subarray(0, 20).equals(sourceDigest(source))) return require(file);
  const module = { exports: {} };
  compile(file, source, stored.subarray(20)).runInThisContext()(module.exports, Module.createRequire(file), module, file, dirname(file));
  return module.exports;
}

/** Whether this Node has its own compile cache (22.8 and newer), which then replaces the hand-made one. */
function hasCompileCache() {
  return typeof Module.enableCompileCache === 'function';
}

/** `require(file)` for the CLI: through Node's compile cache where there is one, else through the hand-made cache. */
function requireCli(file) {
  if (!hasCompileCache()) return cachedRequire(file);
  // Never throws: a cache folder it cannot write only means no cache (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
  Module.enableCompileCache();
  return require(file);
}

module.exports = { cachedRequire, cachePath, compile, hasCompileCache, requireCli, sourceDigest };
