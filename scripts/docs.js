#!/usr/bin/env node
'use strict';
// Rewrites the error table of docs/errors.md (between <!-- errors:start --> and <!-- errors:end -->) from the error
// catalog, the same source as the served /docs/errors page. Run through `npm run docs`, which builds first;
// test/unit/errors-docs.test.ts fails when the README, the page and the catalog disagree.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { errorsMarkdown } = require('../dist/errors/errors-markdown');

const START = '<!-- errors:start -->';
const END = '<!-- errors:end -->';
const readme = join(__dirname, '..', 'docs', 'errors.md');
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(START);
const end = text.indexOf(END);
if (start === -1 || end === -1 || end < start) {
  console.error(`docs/errors.md needs the markers ${START} and ${END}, in that order.`);
  process.exit(1);
}
const next = `${text.slice(0, start + START.length)}\n${errorsMarkdown()}\n${text.slice(end)}`;
if (next === text) console.log('docs/errors.md error table is up to date');
else {
  writeFileSync(readme, next);
  console.log('docs/errors.md error table rewritten from src/errors/catalog.ts');
}
