#!/usr/bin/env node
'use strict';
// Rewrites the generated parts of docs/errors.md from the error catalog, the same source as the served /docs/errors
// page: the error table (between <!-- errors:start --> and <!-- errors:end -->) and the examples (between
// <!-- error-examples:start --> and <!-- error-examples:end -->). Run through `npm run docs`, which builds first;
// test/unit/errors-docs.test.ts fails when the README, the page and the catalog disagree.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { errorExamplesMarkdown, errorsMarkdown } = require('../dist/errors/errors-markdown');

const readme = join(__dirname, '..', 'docs', 'errors.md');
const original = readFileSync(readme, 'utf8');
let text = original;
for (const [name, content] of [
  ['errors', errorsMarkdown()],
  ['error-examples', errorExamplesMarkdown()],
]) {
  const START = `<!-- ${name}:start -->`;
  const END = `<!-- ${name}:end -->`;
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end === -1 || end < start) {
    console.error(`docs/errors.md needs the markers ${START} and ${END}, in that order.`);
    process.exit(1);
  }
  text = `${text.slice(0, start + START.length)}\n${content}\n${text.slice(end)}`;
}
if (text === original) console.log('docs/errors.md is up to date');
else {
  writeFileSync(readme, text);
  console.log('docs/errors.md rewritten from src/errors/catalog.ts');
}
