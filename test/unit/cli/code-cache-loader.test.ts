import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild } from '../../helpers/cli-process';

// bin/ is plain JavaScript that ships as is.
const BIN = join(__dirname, '..', '..', '..', 'bin', 'payments-mock.js');
const { PREWRAPPED, PREWRAPPED_END, cachePath, compile, fileStamp, hasCompileCache, requireCli } = require(BIN) as {
  PREWRAPPED: string;
  PREWRAPPED_END: string;
  requireCli: (file: string) => Record<string, unknown>;
  hasCompileCache: () => boolean;
  cachePath: (file: string) => string;
  compile: (file: string, source: string, cachedData?: Buffer) => { cachedDataRejected?: boolean; createCachedData(): Buffer };
  fileStamp: (file: string) => Buffer;
};

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'dist', 'cli', 'run.js');
const SHIM = join(ROOT, 'bin', 'payments-mock.js');
/** Whether the build made a code cache for this Node (it does on Node 20; newer Nodes learn theirs). */
const buildCache = (): boolean => existsSync(cachePath(CLI));

/** In a fresh node, with Node's default flags as the CLI has them: whether V8 accepts `cache` (stamp first) for `file`. */
function acceptedInFreshNode(file: string, cache: string): boolean {
  const check = `const { compile } = require(${JSON.stringify(BIN)}); const fs = require('node:fs');
    const stored = fs.readFileSync(${JSON.stringify(cache)});
    process.stdout.write(String(compile(${JSON.stringify(file)}, fs.readFileSync(${JSON.stringify(file)}, 'utf8'), stored.subarray(80)).cachedDataRejected));`;
  const { stdout } = spawnSync(process.execPath, ['-e', check], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  return stdout === 'false';
}

/**
 * Plants at `path`, as another process would, a cache of `text` under the stamp of `file`. Made in a fresh node with
 * the flags `loadInChild` has: V8 refuses a cache made under other flags (a Jest worker's may differ).
 */
function plant(path: string, file: string, text: string): void {
  const make = `const { compile, fileStamp } = require(${JSON.stringify(BIN)});
    require('node:fs').writeFileSync(${JSON.stringify(path)}, Buffer.concat([fileStamp(${JSON.stringify(file)}), compile(${JSON.stringify(file)}, ${JSON.stringify(text)}).createCachedData()]));`;
  const { status, stderr } = spawnSync(process.execPath, ['-e', make], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (status !== 0) throw new Error(stderr);
}

/** A module whose cached code says something else than its source: a cache that is used shows itself. */
const SOURCE = 'exports.answer = "source";';
const IMPOSTOR = 'exports.answer = "cached";';

/** `requireCli(file).answer` in a fresh node, with its learned caches in `folder` (or with `env` instead). */
function loadInChild(file: string, folder: string, env: NodeJS.ProcessEnv = { PAYMENTS_MOCK_CODE_CACHE: folder }): string {
  const load = `require(${JSON.stringify(BIN)}).requireCli(${JSON.stringify(file)}).answer`;
  const { stdout, stderr } = spawnSync(process.execPath, ['-p', load], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '', ...env } });
  if (stderr.trim()) throw new Error(stderr);
  return stdout.trim();
}

describe('the code cache a start learns, where the build made none for this Node', () => {
  function moduleIn(dir: string): string {
    const file = join(dir, 'module.js');
    writeFileSync(file, SOURCE);
    return file;
  }

  it('is written when the first process exits and used by the next: a cache of other code would run instead of the source', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    const file = moduleIn(dir);
    expect(loadInChild(file, folder)).toBe('source');
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^module\.js-\d+-\d+\.v8-.+\.cache$/);
    const path = join(folder, name as string);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(acceptedInFreshNode(file, path)).toBe(true);
    // Replace the learned code with an impostor's of the same length, under the same stamp: the next start runs it.
    // That is what the stamp and the folder checks below stand between.
    plant(path, file, IMPOSTOR);
    expect(loadInChild(file, folder)).toBe('cached');
  });

  it('is passed over once the file changed (a new build), and learned again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    const file = moduleIn(dir);
    expect(loadInChild(file, folder)).toBe('source');
    const path = join(folder, readdirSync(folder)[0] as string);
    plant(path, file, IMPOSTOR);
    // The same text rewritten, a second later: same length, other stamp.
    writeFileSync(file, SOURCE);
    const later = new Date(Date.now() + 1000);
    utimesSync(file, later, later);
    expect(loadInChild(file, folder)).toBe('source');
    expect(readFileSync(path).subarray(0, 80).equals(fileStamp(file))).toBe(true);
    expect(acceptedInFreshNode(file, path)).toBe(true);
  });

  (process.platform === 'win32' ? it.skip : it)('is never read from, nor written to, a folder that others can write to', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    mkdirSync(folder);
    chmodSync(folder, 0o777);
    const file = moduleIn(dir);
    const path = join(folder, `module.js-${statSync(file).ino}-${statSync(file).size}.v8-${process.versions.v8}.cache`);
    plant(path, file, IMPOSTOR);
    expect(loadInChild(file, folder)).toBe('source');
    expect(readdirSync(folder)).toEqual([path.split('/').pop()]);
    chmodSync(folder, 0o700);
    expect(loadInChild(file, folder)).toBe('cached');
  });

  it('keeps the 8 newest caches in its folder: every build makes a new bundle, and so a new cache', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    for (let i = 0; i < 10; i++) {
      const file = join(dir, `module-${i}.js`);
      writeFileSync(file, SOURCE);
      expect(loadInChild(file, folder)).toBe('source');
      const newest = readdirSync(folder).find((name) => name.startsWith(`module-${i}.js-`)) as string;
      // Dated in order, in the past: the cache the next start writes is always the newest.
      const at = new Date(Date.now() - 100_000 + i * 1000);
      utimesSync(join(folder, newest), at, at);
    }
    expect(readdirSync(folder).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `module-${i + 2}.js-`)
        .map((prefix) => readdirSync(folder).find((name) => name.startsWith(prefix)))
        .sort(),
    );
  });

  it("is learned where the build's cache is of another file: npm writes an installed package's bundle anew", () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    const file = moduleIn(dir);
    // A build's cache whose stamp is not this file's (another inode and times, as after npm extracted the tarball).
    writeFileSync(cachePath(file), Buffer.concat([Buffer.from('0:0:0:0'.padEnd(80)), Buffer.from('not a cache')]));
    expect(loadInChild(file, folder)).toBe('source');
    expect(readdirSync(folder).filter((name) => name.endsWith('.cache'))).toHaveLength(1);
  });

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE=1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learned-'));
    const folder = join(dir, 'cache');
    const file = moduleIn(dir);
    expect(loadInChild(file, folder, { PAYMENTS_MOCK_CODE_CACHE: folder, NODE_DISABLE_COMPILE_CACHE: '1' })).toBe('source');
    expect(existsSync(folder)).toBe(false);
  });

  // Where Node has a compile cache (22.8+) the build makes none, so the CLI learns one; on Node 20 it starts from
  // the build's (the next describe), and this is reported as skipped rather than passing without checking anything.
  (hasCompileCache() ? it : it.skip)('is learned by the CLI after serving, under the flags a new start has (V8 accepts it)', async () => {
    requireBuild();
    expect(buildCache()).toBe(false);
    const folder = mkdtempSync(join(tmpdir(), 'learned-cli-'));
    const child = spawn(process.execPath, [SHIM, '--port', '0', '--fixtures', 'none', '--log', 'off'], {
      env: { ...process.env, NODE_OPTIONS: '', PAYMENTS_MOCK_CODE_CACHE: folder },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => /listening on/.test(String(chunk)) && resolve()));
    // Once listening the CLI bounds V8's heap growth (a flag): the cache is made with it set back.
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    const [name] = readdirSync(folder);
    expect(name).toMatch(/^run\.js-/);
    expect(acceptedInFreshNode(CLI, join(folder, name as string))).toBe(true);
  });
});

describe('what a learned cache of the CLI holds', () => {
  // The cache holds the functions that had run when it was made: a first run that started nothing would leave
  // every later start to compile its start-up, and one that answered no create its first create.
  (hasCompileCache() ? it : it.skip)('is not learned by a run that started no mock (--version): a later start learns it', () => {
    requireBuild();
    const folder = mkdtempSync(join(tmpdir(), 'learned-version-'));
    const { stdout, status } = spawnSync(process.execPath, [SHIM, '--version'], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', PAYMENTS_MOCK_CODE_CACHE: folder },
    });
    expect(status).toBe(0);
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('is made after a create and a retrieve on a throwaway instance, which answer 200 (trainCodeCache)', () => {
    requireBuild();
    const { stdout, stderr } = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(CLI)}).trainCodeCache(); process.stdout.write('trained')`], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(stderr).toBe('');
    expect(stdout).toBe('trained');
  });
});

describe('the code cache the build makes for its own Node (Node 20)', () => {
  /** `load()` where the learned cache is off: without a fresh build cache, requireCli requires the file as usual. */
  function withoutLearnedCache<T>(load: () => T): T {
    const before = process.env.NODE_DISABLE_COMPILE_CACHE;
    process.env.NODE_DISABLE_COMPILE_CACHE = '1';
    try {
      return load();
    } finally {
      if (before === undefined) delete process.env.NODE_DISABLE_COMPILE_CACHE;
      else process.env.NODE_DISABLE_COMPILE_CACHE = before;
    }
  }

  it('is made by the build for this Node, from this bundle, and V8 accepts it in a fresh node', () => {
    requireBuild();
    if (hasCompileCache()) {
      // Newer Nodes learn theirs (above): the build leaves none, so there is only one cache to go stale.
      expect(buildCache()).toBe(false);
      return;
    }
    expect(readFileSync(cachePath(CLI)).subarray(0, 80).equals(fileStamp(CLI))).toBe(true);
    expect(acceptedInFreshNode(CLI, cachePath(CLI))).toBe(true);
  });

  it('is passed over when its file changed since: the module is required as usual', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cached-require-'));
    const file = join(dir, 'module.js');
    writeFileSync(file, "exports.answer = require('node:path').basename(__filename); exports.viaCache = module.id === undefined;");
    writeFileSync(cachePath(file), Buffer.concat([fileStamp(file), compile(file, readFileSync(file, 'utf8')).createCachedData()]));
    const later = new Date(Date.now() + 1000);
    utimesSync(file, later, later);
    expect(withoutLearnedCache(() => requireCli(file))).toEqual({ answer: 'module.js', viaCache: false });
  });

  it('runs a module compiled from a fresh cache as CommonJS: its own require, __filename and exports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cached-require-'));
    const file = join(dir, 'module.js');
    // A module Node loads has an id; the one made from the cache has none, so this tells which way it was loaded.
    const source = "exports.file = require('node:path').basename(__filename); exports.dir = __dirname; exports.viaCache = module.id === undefined;";
    writeFileSync(file, source);
    writeFileSync(cachePath(file), Buffer.concat([fileStamp(file), compile(file, source).createCachedData()]));
    expect(withoutLearnedCache(() => requireCli(file))).toEqual({ file: 'module.js', dir, viaCache: true });
  });
});

describe('the prewrapped bundle (scripts/bundle-cli.js)', () => {
  it('is compiled as read, with no wrapper added, and runs as CommonJS through the shim', () => {
    requireBuild();
    const text = readFileSync(CLI, 'latin1');
    expect(text.startsWith(PREWRAPPED)).toBe(true);
    expect(text.endsWith(PREWRAPPED_END)).toBe(true);
    // `-e` gives the script global module, require and exports: they must not make the text run itself there.
    const shim = `const { requireCli } = require(${JSON.stringify(BIN)}); process.stdout.write(typeof requireCli(${JSON.stringify(CLI)}).run)`;
    const { stdout, stderr } = spawnSync(process.execPath, ['-e', shim], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(stderr).toBe('');
    expect(stdout).toBe('function');
  });

  it('is still a module that require() loads as usual', () => {
    requireBuild();
    const { stdout, stderr } = spawnSync(process.execPath, ['-e', `process.stdout.write(typeof require(${JSON.stringify(CLI)}).run)`], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(stderr).toBe('');
    expect(stdout).toBe('function');
  });

  it('a module that does not begin so is wrapped as Node wraps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cached-require-'));
    const file = join(dir, 'plain.js');
    writeFileSync(file, 'exports.answer = 42;');
    const module = { exports: {} as Record<string, unknown> };
    (compile(file, 'exports.answer = 42;') as unknown as { runInThisContext(): (...args: unknown[]) => void }).runInThisContext()(
      module.exports,
      require,
      module,
      file,
      dir,
    );
    expect(module.exports).toEqual({ answer: 42 });
  });
});

describe("the shim's temp folder (the learned caches' default home), read without node:os", () => {
  it.each<[string, NodeJS.ProcessEnv]>([
    ['TMPDIR', { TMPDIR: '/var/tmp/x' }],
    ['TMPDIR with a trailing slash', { TMPDIR: '/var/tmp/x/' }],
    ['TMP when TMPDIR is empty', { TMPDIR: '', TMP: '/srv/tmp' }],
    ['TEMP alone', { TEMP: '/srv/temp' }],
    ['none of them', {}],
    ['the root folder', { TMPDIR: '/' }],
  ])("is node:os's tmpdir(): %s", (_case, given) => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...given };
    const both = `const { tmpdir } = require(${JSON.stringify(BIN)}); process.stdout.write(JSON.stringify([tmpdir(), require('node:os').tmpdir()]))`;
    const { stdout, stderr } = spawnSync(process.execPath, ['-e', both], { encoding: 'utf8', env });
    expect(stderr).toBe('');
    const [ours, theirs] = JSON.parse(stdout) as [string, string];
    expect(ours).toBe(theirs);
  });
});
