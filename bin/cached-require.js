'use strict';
// Loads the bundled CLI with V8's code cache when the build left one for this V8: compiling the 600 KB bundle is
// a fifth of the start-up time, and Node 20 has no compile cache of its own (Node 22's module.enableCompileCache).
// The cache is named by the V8 version and holds the SHA-1 of the source it was made from, so a cache from
// another Node or another build is never used; V8 itself rejects one made with other flags (then it compiles).
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

module.exports = { cachedRequire, cachePath, compile, sourceDigest };
