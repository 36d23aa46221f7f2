#!/usr/bin/env node
'use strict';
// Builds the browser kit (part of `npm run build`): src/browser/client → dist/browser/public
// and dist/browser/types. payments.js (a classic
// script defining window.Payments), payments.mjs (an ES module exporting Payments), the card element's script
// named by a hash of its content (the server caches it for a year), and the TypeScript declarations of
// `payments-mock/browser`. Nothing is built at install or run time; the package ships these files.
const { createHash } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { mkdirSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const esbuild = require('esbuild');
const { recordBundled } = require('./vendored');

const root = join(__dirname, '..');
const client = join(root, 'src', 'browser', 'client');
const out = join(root, 'dist', 'browser', 'public');
const types = join(root, 'dist', 'browser', 'types');
const TARGET = ['chrome100', 'firefox100', 'safari15'];

function build(entry, format) {
  const result = esbuild.buildSync({
    entryPoints: [join(client, entry)],
    bundle: true,
    minify: true,
    write: false,
    format,
    target: TARGET,
    legalComments: 'none',
    logLevel: 'error',
    banner: { js: '/*! payments-mock browser kit (MIT) */' },
    metafile: true,
  });
  recordBundled(`browser-${entry}-${format}`, out, result.metafile);
  return result.outputFiles[0].text;
}

const hash = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12);

rmSync(out, { recursive: true, force: true });
rmSync(types, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = {
  'payments.js': build('entry-classic.ts', 'iife'),
  'payments.mjs': build('entry-module.ts', 'esm'),
};
const card = build('card-element.ts', 'iife');
files[`card-${hash(card)}.js`] = card;
for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
const manifest = { card: `card-${hash(card)}.js`, hashes: Object.fromEntries(Object.entries(files).map(([name, text]) => [name, hash(text)])) };
writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

// The declarations of `payments-mock/browser`, from the same sources. The client's tsconfig roots at src/ because
// the kit shares a few ground files with the server (Luhn, the wire types), so they land in types/browser/client/
// beside types/masking/ and types/schemas/, and their relative imports still resolve.
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(client, 'tsconfig.json'), '--outDir', types], { stdio: 'inherit' });

const kb = (text) => (Buffer.byteLength(text) / 1024).toFixed(1);
console.log(
  `built the browser kit into ${out}: payments.js ${kb(files['payments.js'])} KiB, payments.mjs ${kb(files['payments.mjs'])} KiB, ${manifest.card} ${kb(card)} KiB`,
);
