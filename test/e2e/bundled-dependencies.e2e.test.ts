import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { requireBuild } from '../helpers/cli-process';

const ROOT = join(__dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** Folders of dist/ that are not modules Node loads from the package: bundles for browsers, the vendor files. */
const NOT_SCANNED = ['vendor', join('dashboard', 'public'), join('browser', 'public'), join('browser', 'types')];

/**
 * Requires of a package that is neither installed with payments-mock nor a peer the user brings, each with why it
 * never runs from an installed package.
 */
const ALLOWED: Record<string, string> = {
  'validation/compiled-validators.js ajv': 'compiles the schemas only when the generated validators are missing (tests run from src/)',
  'cli/run.js ajv': 'the same module, bundled into the CLI',
  'adapters/msw/browser.mjs ajv': "ajv's ucs2length helper names its module in a string, for code generation; the validators come built",
};

function* modules(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_SCANNED.includes(relative(DIST, path))) yield* modules(path);
    } else if (/\.(c|m)?js$/.test(entry.name)) yield path;
  }
}

function* declarations(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarations(path);
    else if (entry.name.endsWith('.d.ts')) yield path;
  }
}

/** The package a module name belongs to (`@scope/name/sub` → `@scope/name`). */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('the built package depends on nothing it does not install', () => {
  beforeAll(requireBuild);

  it('requires only Node built-ins, its own files and the optional peers (express, msw, vitest, @playwright/test)', () => {
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)]);
    const found: string[] = [];
    for (const file of modules(DIST)) {
      const text = readFileSync(file, 'utf8');
      // ES imports only in .mjs: tsc writes CommonJS, and its comments show `import … from` examples.
      const pattern = file.endsWith('.mjs')
        ? /\brequire\((["'])([^"'./][^"']*)\1\)|\bfrom\s*(["'])([^"'./][^"']*)\3/g
        : /\brequire\((["'])([^"'./][^"']*)\1\)/g;
      const specs = [...text.matchAll(pattern)].map((match) => match[2] ?? match[4]!);
      for (const spec of specs) {
        const name = packageOf(spec);
        const where = `${relative(DIST, file).split(sep).join('/')} ${name}`;
        if (builtins.has(spec) || name === 'payments-mock' || name in manifest.peerDependencies || where in ALLOWED) continue;
        found.push(where);
      }
    }
    expect([...new Set(found)]).toEqual([]);
    expect(manifest.dependencies).toBeUndefined();
  });

  it("finds every file of its own that a module or declaration requires (the CLI's deleted modules included)", () => {
    const missing: string[] = [];
    for (const file of [...modules(DIST), ...declarations(DIST)]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:\brequire\(|\bfrom\s*)(["'])(\.{1,2}\/[^"']+)\1/g)) {
        const target = join(dirname(file), match[2]!);
        const candidates = [target, `${target}.js`, `${target}.d.ts`, join(target, 'index.js'), join(target, 'index.d.ts'), target.replace(/\.js$/, '.d.ts')];
        if (!candidates.some((candidate) => existsSync(candidate) && statSync(candidate).isFile())) missing.push(`${relative(DIST, file)} → ${match[2]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('ships, in dist/THIRD_PARTY_LICENSES, the licence text of every package the CLI bundle and the vendor files hold', () => {
    const licences = readFileSync(join(DIST, 'THIRD_PARTY_LICENSES'), 'utf8');
    // esbuild names each module's source above it in an unminified bundle: `// node_modules/chalk/source/index.js`.
    const bundle = readFileSync(join(DIST, 'cli', 'run.js'), 'utf8');
    const inBundle = new Set([...bundle.matchAll(/^\/\/ (?:.*\/)?node_modules\/((?:@[^/\n]+\/)?[^/\n]+)\//gm)].map((match) => match[1]!));
    expect([...inBundle].sort()).toEqual(expect.arrayContaining(['chalk']));
    for (const name of [...inBundle, 'commander', '@modelcontextprotocol/sdk', 'zod', 'ajv', 'preact', 'htm']) {
      const folder = join(ROOT, 'node_modules', name);
      const { version, license } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string; license: string };
      expect(licences).toContain(`\n${name} ${version} (${license}), bundled into `);
      const file = readdirSync(folder).find((entry) => /^licen[cs]e(\.(md|txt))?$/i.test(entry))!;
      expect(licences).toContain(readFileSync(join(folder, file), 'utf8').trim());
    }
  });
});
