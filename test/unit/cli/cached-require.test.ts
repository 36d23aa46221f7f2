import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild } from '../../helpers/cli-process';

// bin/ is plain JavaScript that ships as is.
const BIN = join(__dirname, '..', '..', '..', 'bin', 'cached-require.js');
const { cachedRequire, cachePath, compile, sourceDigest } = require(BIN) as {
  cachedRequire: (file: string) => Record<string, unknown>;
  cachePath: (file: string) => string;
  compile: (file: string, source: string, cachedData?: Buffer) => { cachedDataRejected?: boolean; createCachedData(): Buffer };
  sourceDigest: (source: string) => Buffer;
};

describe('the CLI code cache', () => {
  it('is made by the build for this Node, from this bundle, and V8 accepts it in a fresh node', () => {
    requireBuild();
    const file = join(__dirname, '..', '..', '..', 'dist', 'cli', 'run.js');
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
