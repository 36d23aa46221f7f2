'use strict';
// Jest's transform for the TypeScript sources and tests: esbuild strips the types, one file at a time, as ts-jest
// did before (tsconfig.json has isolatedModules, so ts-jest only transpiled: it never type-checked a file). The type
// check is `npm run typecheck` (tsc over src/, test/ and examples/), a step of CI. ts-jest loaded the TypeScript
// compiler in every worker and took about 15 ms a file against esbuild's 1, which a fresh clone, with no Jest cache
// yet, pays for every file it runs (docs/performance.md, "npm test").
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { transformSync } = require('esbuild');

// What esbuild reads from a tsconfig and what changes its output here: class fields are defined as ES2022 says.
const tsconfigRaw = { compilerOptions: { useDefineForClassFields: true } };
const OPTIONS = {
  loader: 'ts',
  format: 'cjs',
  target: 'node20',
  sourcemap: 'inline',
  sourcesContent: true,
  // `import()` becomes require() as tsc's CommonJS output has it: Jest runs without --experimental-vm-modules.
  supported: { 'dynamic-import': false },
  tsconfigRaw,
};
// Jest caches a file's output under this key: the file, these options, and esbuild's version.
const VERSION = createHash('sha256')
  .update(JSON.stringify(OPTIONS))
  .update(require('esbuild/package.json').version)
  .update(readFileSync(__filename))
  .digest('hex');

module.exports = {
  process(source, path) {
    const { code } = transformSync(source, { ...OPTIONS, sourcefile: path });
    return { code };
  },
  getCacheKey(source, path) {
    return createHash('sha256').update(VERSION).update('\0').update(path).update('\0').update(source).digest('hex');
  },
};
