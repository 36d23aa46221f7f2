import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild } from '../../helpers/cli-process';

// bin/ is plain JavaScript that ships as is.
const BIN = join(__dirname, '..', '..', '..', 'bin', 'cached-require.js');
const { cachedRequire, cachePath, compile, hasCompileCache, sourceDigest } = require(BIN) as {
  cachedRequire: (file: string) => Record<string, unknown>;
  hasCompileCache: () => boolean;
  cachePath: (file: string) => string;
  compile: (file: string, source: string, cachedData?: Buffer) => { cachedDataRejected?: boolean; createCachedData(): Buffer };
  sourceDigest: (source: string) => Buffer;
};

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'run.js');
const SHIM = join(ROOT, 'bin', 'payments-mock.js');
/** Node 22.8 and newer have module.enableCompileCache: the CLI uses it there, and the hand-made cache below it. */
const nodeCompileCache = typeof (require('node:module') as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** Starts the CLI for `--version` with Node's compile-cache log on; answers what it logged about dist/cli/run.js. */
function compileCacheLog(cacheDir: string): string {
  const { stdout, stderr } = spawnSync(process.execPath, [SHIM, '--version'], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', NODE_COMPILE_CACHE: cacheDir, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' },
  });
  expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  return stderr
    .split('\n')
    .filter((line) => line.includes(CLI))
    .join('\n');
}

(nodeCompileCache ? describe : describe.skip)('the CLI where Node has a compile cache (22.8 and newer)', () => {
  beforeAll(() => requireBuild());

  it('uses Node’s own compile cache: the second start loads the bundle from it', () => {
    expect(hasCompileCache()).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    expect(compileCacheLog(dir)).toMatch(/no such file or directory/);
    expect(compileCacheLog(dir)).toMatch(/run\.js was accepted/);
  });

  it('leaves no hand-made cache for this V8 in the build, so there is only one cache to go stale', () => {
    expect(existsSync(cachePath(CLI))).toBe(false);
  });

  it('never runs a stale entry: a module changed since it was cached runs as it is now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const file = join(dir, 'module.js');
    const load = `require(${JSON.stringify(BIN)}).requireCli(${JSON.stringify(file)}).answer`;
    const run = () =>
      spawnSync(process.execPath, ['-p', load], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', NODE_COMPILE_CACHE: join(dir, 'cache') } });
    writeFileSync(file, 'exports.answer = 1;');
    expect(run().stdout.trim()).toBe('1');
    expect(run().stdout.trim()).toBe('1');
    writeFileSync(file, 'exports.answer = 2;');
    expect(run().stdout.trim()).toBe('2');
  });
});

describe('the hand-made code cache, which the CLI uses where Node has no compile cache (Node 20)', () => {
  (nodeCompileCache ? it.skip : it)('is made by the build for this Node, from this bundle, and V8 accepts it in a fresh node', () => {
    requireBuild();
    expect(hasCompileCache()).toBe(false);
    const file = CLI;
    const source = readFileSync(file, 'utf8');
    const stored = readFileSync(cachePath(file));
    expect(stored.subarray(0, 20).equals(sourceDigest(source))).toBe(true);
    // In a process of its own, with Node's default flags as the CLI has them: this worker's may have been changed
    // by other tests (V8 refuses a cache made under other flags).
    const check = `const { compile } = require(${JSON.stringify(BIN)}); const fs = require('node:fs');
      const stored = fs.readFileSync(${JSON.stringify(cachePath(file))});
      process.stdout.write(String(compile(${JSON.stringify(file)}, fs.readFileSync(${JSON.stringify(file)}, 'utf8'), stored.subarray(20)).cachedDataRejected));`;
    const { stdout } = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(stdout).toBe('false');
  });

  it('is passed over when it was made from another source: the module is required as usual', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cached-require-'));
    const file = join(dir, 'module.js');
    writeFileSync(file, "exports.answer = require('node:path').basename(__filename); exports.viaCache = module.id === undefined;");
    // A cache of a different text of the same length: V8 alone would not notice (it checks the length).
    const other = "exports.answer = require('node:path').basename(__dirname);  exports.viaCache = module.id === undefined;";
    writeFileSync(cachePath(file), Buffer.concat([sourceDigest(other), compile(file, other).createCachedData()]));
    expect(cachedRequire(file)).toEqual({ answer: 'module.js', viaCache: false });
  });

  it('runs a module compiled from a fresh cache as CommonJS: its own require, __filename and exports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cached-require-'));
    const file = join(dir, 'module.js');
    // A module Node loads has an id; the one made from the cache has none, so this tells which way it was loaded.
    const source = "exports.file = require('node:path').basename(__filename); exports.dir = __dirname; exports.viaCache = module.id === undefined;";
    writeFileSync(file, source);
    writeFileSync(cachePath(file), Buffer.concat([sourceDigest(source), compile(file, source).createCachedData()]));
    expect(cachedRequire(file)).toEqual({ file: 'module.js', dir, viaCache: true });
  });
});
