#!/usr/bin/env node
'use strict';
// Builds the dashboard's static files (part of `npm run build`): src/dashboard/ui → dist/dashboard/public, one
// minified script (Preact + htm + the page) and one stylesheet (styles.css with the parts of the page it imports from
// ui/styles/, inlined in order), named by a hash of their content so the server can cache them for a year. Nothing is built at install or run time; the package ships these files.
const { createHash } = require('node:crypto');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const esbuild = require('esbuild');
const { recordBundled } = require('./vendored');

const root = join(__dirname, '..');
const ui = join(root, 'src', 'dashboard', 'ui');
const out = join(root, 'dist', 'dashboard', 'public');
const BANNER = '/*! payments-mock dashboard. Bundles preact (MIT, (c) Jason Miller) and htm (Apache-2.0, (c) Google LLC). */';

function build(entry, extra) {
  const result = esbuild.buildSync({
    entryPoints: [join(ui, entry)],
    bundle: true,
    minify: true,
    write: false,
    legalComments: 'none',
    logLevel: 'error',
    metafile: true,
    ...extra,
  });
  recordBundled(`dashboard-${entry}`, out, result.metafile);
  return result.outputFiles[0].text;
}

const files = {
  js: build('main.js', { format: 'esm', target: ['chrome109', 'firefox115', 'safari16'], banner: { js: BANNER } }),
  css: build('styles.css', { loader: { '.css': 'css' } }),
};
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const manifest = {};
for (const [kind, text] of Object.entries(files)) {
  const name = `app-${createHash('sha256').update(text).digest('hex').slice(0, 12)}.${kind}`;
  writeFileSync(join(out, name), text);
  manifest[kind] = name;
}
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const kb = (text) => (Buffer.byteLength(text) / 1024).toFixed(1);
console.log(`built the dashboard into ${out}: ${manifest.js} ${kb(files.js)} KiB, ${manifest.css} ${kb(files.css)} KiB`);
