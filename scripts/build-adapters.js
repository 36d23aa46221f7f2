#!/usr/bin/env node
'use strict';
// Part of `npm run build`, after tsc and the validators: the adapters' files that tsc does not write.
// - payments-mock/vitest's ES module entry (Vitest refuses require(), so its hooks are imported from an .mjs).
// - payments-mock/msw for browsers (dist/adapters/msw/browser.mjs, the `browser` condition of its export): the sandbox as
//   one ES module with its precompiled validators, for MSW's setupWorker. `msw` stays external (the page's own
//   MSW must be the one the handlers belong to); ajv's compiler is never reached there (the validators are
//   given), so it is left out.
const { copyFileSync } = require('node:fs');
const { join } = require('node:path');
const esbuild = require('esbuild');
const { recordBundled } = require('./vendored');

const root = join(__dirname, '..');
copyFileSync(join(root, 'src', 'adapters', 'vitest', 'index.mjs'), join(root, 'dist', 'adapters', 'vitest', 'index.mjs'));

const entry = `
import { provideValidators } from './dist/validation/compiled-validators.js';
import params from './dist/validation/generated-params.js';
import fixtures from './dist/validation/generated-fixtures.js';
provideValidators('params', params);
provideValidators('fixtures', fixtures);
// Named one by one: an ES module cannot re-export a CommonJS module's names with export *.
import * as browser from './dist/adapters/msw/browser.js';
export const { createPaymentsHandlers, DEFAULT_BASE_URL } = browser;
`;
async function main() {
  const result = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'payments-mock-msw-browser.js' },
    outfile: join(root, 'dist', 'adapters', 'msw', 'browser.mjs'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    plugins: [
      {
        name: 'only-ajv-compiler-external',
        setup(build) {
          build.onResolve({ filter: /^ajv$/ }, () => ({ path: 'ajv', external: true }));
          // The CommonJS build requires('msw'); kept as a require, esbuild would emit a require() a browser lacks.
          // So the require reads a small ES module that imports the page's msw.
          build.onResolve({ filter: /^msw$/ }, (args) =>
            args.namespace === 'msw-import' ? { path: 'msw', external: true } : { path: 'msw', namespace: 'msw-import' },
          );
          build.onLoad({ filter: /.*/, namespace: 'msw-import' }, () => ({ contents: "export { http, HttpResponse } from 'msw';", loader: 'js' }));
        },
      },
    ],
    logLevel: 'error',
    metafile: true,
  });
  recordBundled('msw-browser', join(root, 'dist', 'adapters', 'msw', 'browser.mjs'), result.metafile);
  const bytes = Object.values(result.metafile.outputs)[0].bytes;
  console.log(`built payments-mock/msw for browsers: dist/adapters/msw/browser.mjs ${(bytes / 1024).toFixed(1)} KiB`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
