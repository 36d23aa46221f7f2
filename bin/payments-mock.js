#!/usr/bin/env node
'use strict';
// The `payments-mock` command. The CLI lives in dist/cli, bundled into one file (scripts/bundle-cli.js); this file
// loads it through V8's code cache (below) and runs it. The published package ships dist/ (built by `prepack`); in a
// fresh clone of the repository, where `npm ci` runs no build script, the first start builds it once. The loader is in
// this same file, not a module of its own: loading a second file was 0.3 ms of every start. The build scripts and
// tests require it for the loader's functions; only a run as the main module starts the CLI.
//
// Loading the bundled CLI without compiling it at every start: compiling the 1.1 MB bundle, and then each function a
// start runs, is a third of the start-up time. V8's code cache of the bundle, made after a start has run, holds
// those functions compiled. The first cache that applies:
// 1. The build's, beside the bundle, made for the Node that built it after a training start (scripts/cli-code-cache.js),
//    while the bundle is the very file it was made from (a checkout's build; not a package npm installed).
// 2. A learned one, on any other Node or bundle: a start that found no cache compiles the bundle and, when its process exits,
//    writes the code cache of what it ran (the start, its requests) into a folder of this user's own, for the next
//    start on this Node. Node's own compile cache (22.8 and newer) is not used for the bundle: it is made right after
//    the bundle is compiled, before anything runs, so each function a start runs was still compiled (measured on
//    Node 22: 64 ms from spawn to listening with it, 54 ms with a learned cache).
// A cache is named by the V8 version and starts with the bundle's stamp (size, inode, modification and change
// times, as Python checks a .pyc): a rebuilt, replaced or copied bundle never meets an old cache, and no start has
// to hash 1.1 MB (nor load node:crypto, 3 ms on Node 20). V8 itself rejects a cache made with other flags (then it
// compiles, and learns again). Node's compile cache serves the files the bundle loads later (scripts/bundle-cli.js).
// NODE_DISABLE_COMPILE_CACHE=1 turns both off; PAYMENTS_MOCK_CODE_CACHE=<folder> moves the learned one.
// A start loads no builtin it can do without: the CommonJS loader's own Module (this module's constructor) has
// wrap and createRequire without node:module's 0.3 ms, and the temp folder is read as node:os reads it.
const fs = require('node:fs');
const { isAscii } = require('node:buffer');
const { basename, dirname, join } = require('node:path');
const { Script } = require('node:vm');

/** Where the build writes the code cache of `file` for the running V8. */
function cachePath(file) {
  return `${file}.v8-${process.versions.v8}.cache`;
}

/** A cache's first bytes: the stamp of the file it was made from (see above), 80 bytes of ASCII. */
const STAMP_BYTES = 80;

function fileStamp(file) {
  const { size, ino, mtimeNs, ctimeNs } = fs.statSync(file, { bigint: true });
  return Buffer.from(`${size}:${ino}:${mtimeNs}:${ctimeNs}`.padEnd(STAMP_BYTES).slice(0, STAMP_BYTES), 'latin1');
}

/** The code cache in `stored` when it starts with `stamp`, else undefined. */
function cacheFor(stored, stamp) {
  return stored.length > STAMP_BYTES && stored.subarray(0, STAMP_BYTES).equals(stamp) ? stored.subarray(STAMP_BYTES) : undefined;
}

/**
 * A module's source. The bundle is ASCII (esbuild escapes the rest), and ASCII bytes read as Latin-1 are the same
 * text without the UTF-8 decoder's pass: half the time of `readFileSync(file, 'utf8')` for the 1 MB bundle on Node
 * 22. Any other file is decoded as UTF-8.
 */
function readSource(file) {
  const bytes = fs.readFileSync(file);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

// (Under a test runner's module system this module's constructor is the runner's: then node:module.)
const Module = typeof module.constructor.createRequire === 'function' ? module.constructor : require('node:module');

/**
 * How the CLI bundle begins (scripts/bundle-cli.js): its text is already the CommonJS wrapper function, so it is
 * compiled as read. Wrapping 1.2 MB at each start joined two strings that V8 then copied into one: a young-generation
 * allocation that cost a collection, 2 ms of a start on Node 22. Required the usual way (`require(file)`, where
 * `this` is the module's exports), the same text runs the function itself.
 */
const PREWRAPPED =
  '((main) => typeof module === "object" && module !== null && this === module.exports ? main(exports, require, module, __filename, __dirname) : main)(function (exports, require, module, __filename, __dirname) {';

/** The end of a prewrapped bundle. */
const PREWRAPPED_END = '\n})\n';

/** The script of a CommonJS module, compiled from `cachedData` when given. */
function compile(file, source, cachedData) {
  return new Script(source.startsWith(PREWRAPPED) ? source : Module.wrap(source), { filename: file, cachedData });
}

/** Runs a compiled module as CommonJS: its own require, __filename and exports. */
function runModule(script, file) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, Module.createRequire(file), module, file, dirname(file));
  return module.exports;
}

/** The build's code cache of `file` for this V8 when it is of this very file (its stamp matches), else undefined. */
function freshBuildCache(file) {
  const cache = cachePath(file);
  if (!fs.existsSync(cache)) return undefined;
  return cacheFor(fs.readFileSync(cache), fileStamp(file));
}

/** Whether this Node has its own compile cache (22.8 and newer); loads node:module, which a start does not need. */
function hasCompileCache() {
  return typeof require('node:module').enableCompileCache === 'function';
}

/** The OS temp folder, as node:os's tmpdir() finds it, without loading node:os on POSIX systems. */
function tmpdir() {
  if (process.platform === 'win32') return require('node:os').tmpdir();
  const path = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The folder of learned caches: $PAYMENTS_MOCK_CODE_CACHE, else one of this user's own in the OS temp folder. */
function learnedFolder(env = process.env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  return env.PAYMENTS_MOCK_CODE_CACHE || join(tmpdir(), `payments-mock-code-cache-${process.getuid?.() ?? 'user'}`);
}

/** Where the learned cache of `file` goes, for the running V8 (one per file: a new build's cache replaces the old). */
function learnedPath(folder, file) {
  const { size, ino } = fs.statSync(file);
  return join(folder, `${basename(file)}-${ino}-${size}.v8-${process.versions.v8}.cache`);
}

/**
 * Whether `folder` is a folder no one else can write to: a code cache is code, so one that another user could
 * have written is never loaded (on systems with user ids; Windows keeps temp folders per user).
 */
function ownFolder(folder) {
  try {
    const stat = fs.statSync(folder);
    if (!stat.isDirectory()) return false;
    return typeof process.getuid !== 'function' || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0);
  } catch {
    return false;
  }
}

/**
 * `require(file)` through a learned cache: from it when there is one for this source and V8, else compiled, with the
 * code cache of this run written at exit. Returns the module's exports.
 */
function learnedRequire(file, folder) {
  const stamp = fileStamp(file);
  const path = learnedPath(folder, file);
  let stored;
  try {
    // V8 checks only a source's length: the stamp in front makes sure the cache is of this very file.
    if (ownFolder(folder)) stored = cacheFor(fs.readFileSync(path), stamp);
  } catch {
    stored = undefined;
  }
  const script = compile(file, readSource(file), stored);
  const exports = runModule(script, file);
  if (stored === undefined || script.cachedDataRejected) process.once('exit', () => learn(script, folder, path, stamp, exports));
  return exports;
}

/** Writes the script's code cache (never half of one: a temporary file, then renamed); a failure only means no cache. */
function learn(script, folder, path, stamp, exports) {
  // Only a run that started a mock has run a start (src/cli/run.ts: learnsCodeCache); the next one may learn.
  if (typeof exports.learnsCodeCache === 'function' && !exports.learnsCodeCache()) return;
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!ownFolder(folder)) return;
    // The functions of a create, whatever this start served (src/cli/code-cache-training.ts): a first
    // start that answered no create would leave every later start to compile them on its first create.
    try {
      if (typeof exports.trainCodeCache === 'function') exports.trainCodeCache();
    } catch {
      // A cache of what this start ran is still worth writing.
    }
    // V8 refuses a cache made under other flags than a new start has: the module undoes what it set while running.
    if (typeof exports.restoreStartFlags === 'function') exports.restoreStartFlags();
    const temporary = `${path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, Buffer.concat([stamp, script.createCachedData()]), { mode: 0o600 });
    fs.renameSync(temporary, path);
    prune(folder);
  } catch {
    // Nothing to do: the next start compiles, as this one did.
  }
}

/** How many learned caches a folder keeps (about 1 MB each): every build of a checkout makes a new bundle. */
const KEPT = 8;

/** Deletes all but the KEPT newest caches in the folder. */
function prune(folder) {
  const caches = fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.cache'))
    .map((name) => ({ path: join(folder, name), time: fs.statSync(join(folder, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const { path } of caches.slice(KEPT)) fs.rmSync(path, { force: true });
}

/**
 * `require(file)` for the CLI: through the build's code cache for this Node when it is of this very file, else a
 * learned one (see above). An installed package never has the build's: npm writes its files anew, so their inode
 * and times are not the build's, and Node 20 learns one as newer Nodes do.
 */
function requireCli(file) {
  const built = freshBuildCache(file);
  if (built !== undefined) return runModule(compile(file, readSource(file), built), file);
  const folder = learnedFolder();
  return folder === undefined ? require(file) : learnedRequire(file, folder);
}

/** Builds dist/ once in a source checkout that has none, then runs the CLI. */
function main() {
  const root = join(__dirname, '..');
  if (!fs.existsSync(join(root, 'dist', 'cli', 'run.js')) && fs.existsSync(join(root, 'src', 'cli', 'run.ts'))) {
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
  requireCli(join(root, 'dist', 'cli', 'run.js')).run(process.argv);
}

if (require.main === module) main();

module.exports = { PREWRAPPED, PREWRAPPED_END, cachePath, compile, fileStamp, hasCompileCache, learnedFolder, learnedPath, requireCli, tmpdir };
