#!/usr/bin/env node
'use strict';
// The last build step: dist/THIRD_PARTY_LICENSES, the licence of every package whose code the package's own files
// hold (the CLI bundle, dist/vendor, the dashboard, the browser builds), from what each bundling step recorded
// (scripts/vendored.js: recordBundled). Each package's own LICENSE file is copied as written; a bundled package
// without one fails the build, as does a licence outside the permissive ones below (a new dependency's licence is
// a decision, not an accident).
const { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { DIST, ROOT, bundledRecords } = require('./vendored');

const PERMISSIVE = new Set(['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD']);
const OUTPUT = join(DIST, 'THIRD_PARTY_LICENSES');

/**
 * The permissive licence a package is used under: its own, or for a choice (an SPDX `(A OR B)`, such as
 * node-forge's `(BSD-3-Clause OR GPL-2.0)`) the first permissive one offered; undefined when none is.
 */
function permissiveChoice(license) {
  const offered = /^\((.+)\)$/.exec(license ?? '')?.[1]?.split(/\s+OR\s+/) ?? [license];
  return offered.find((one) => PERMISSIVE.has(one));
}

function licenceText(folder) {
  const file = readdirSync(folder).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  if (!file) throw new Error(`${folder} has no LICENSE file to ship with the code bundled from it`);
  return readFileSync(join(folder, file), 'utf8').trim();
}

function main() {
  const records = bundledRecords();
  if (records.length === 0) throw new Error('no bundling step recorded what it bundled (dist/.bundled is empty)');
  const outputs = new Map();
  for (const record of records) {
    const packages = [...record.packages, ...record.vendorFiles.flatMap((file) => records.find((one) => one.output === file)?.packages ?? [])];
    for (const folder of packages) outputs.set(folder, [...(outputs.get(folder) ?? []), record.output]);
  }
  const sections = [...outputs.keys()]
    .map((folder) => {
      const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
      const used = permissiveChoice(manifest.license);
      if (!used) throw new Error(`${manifest.name} is licensed ${manifest.license}: not one the build accepts to bundle`);
      const where = [...new Set(outputs.get(folder))].sort().join(', ');
      const terms = used === manifest.license ? used : `${manifest.license}, used under ${used}`;
      return {
        name: manifest.name,
        text: `${manifest.name} ${manifest.version} (${terms}), bundled into ${where}\n\n${licenceText(join(ROOT, folder))}`,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const names = [...new Set(sections.map((section) => section.name))];
  writeFileSync(
    OUTPUT,
    `payments-mock's own files include code of the packages below, bundled at build time so that installing\n` +
      `payments-mock installs none of them. Each one's licence follows, as its package ships it.\n\n` +
      `${sections.map((section) => `${'-'.repeat(100)}\n${section.text}\n`).join('\n')}`,
  );
  rmSync(join(DIST, '.bundled'), { recursive: true, force: true });
  console.log(`wrote dist/THIRD_PARTY_LICENSES: ${names.length} packages (${names.join(', ')})`);
}

try {
  if (!existsSync(DIST)) throw new Error('dist/ is not built');
  main();
} catch (error) {
  console.error(`third-party-licenses: ${error.message}`);
  process.exit(1);
}
