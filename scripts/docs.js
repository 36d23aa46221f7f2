#!/usr/bin/env node
'use strict';
// Rewrites the generated parts of the docs from the tables the served pages are built from:
// - docs/errors.md from the error catalog (the /docs/errors page's source): the error table (between
//   <!-- errors:start --> and <!-- errors:end -->) and the examples (<!-- error-examples:start --> … end);
// - docs/review.md from the review's rule and probe tables (the /docs/review page's source): <!-- review-rules:… -->
//   and <!-- review-probes:… -->;
// - docs/command-line.md's option table from the start options (src/app/start-options.ts): <!-- start-options:… -->.
// Run through `npm run docs`, which builds first; test/unit/errors/errors-docs.test.ts, test/unit/review/review-docs.test.ts and test/unit/app/start-options-docs.test.ts
// fail when a document, its page and its table disagree.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { errorExamplesMarkdown, errorsMarkdown } = require('../dist/errors/errors-markdown');
const { reviewProbesMarkdown, reviewRulesMarkdown } = require('../dist/review/review-markdown');
const { startOptionsMarkdown } = require('../dist/app/start-options-markdown');

const DOCUMENTS = [
  {
    file: 'errors.md',
    source: 'src/errors/catalog.ts',
    parts: [
      ['errors', errorsMarkdown()],
      ['error-examples', errorExamplesMarkdown()],
    ],
  },
  {
    file: 'review.md',
    source: 'src/review/rules.ts and src/review/probe-cases.ts',
    parts: [
      ['review-rules', reviewRulesMarkdown()],
      ['review-probes', reviewProbesMarkdown()],
    ],
  },
  {
    file: 'command-line.md',
    source: 'src/app/start-options.ts',
    parts: [['start-options', startOptionsMarkdown()]],
  },
];

for (const { file, source, parts } of DOCUMENTS) {
  const path = join(__dirname, '..', 'docs', file);
  const original = readFileSync(path, 'utf8');
  let text = original;
  for (const [name, content] of parts) {
    const START = `<!-- ${name}:start -->`;
    const END = `<!-- ${name}:end -->`;
    const start = text.indexOf(START);
    const end = text.indexOf(END);
    if (start === -1 || end === -1 || end < start) {
      console.error(`docs/${file} needs the markers ${START} and ${END}, in that order.`);
      process.exit(1);
    }
    text = `${text.slice(0, start + START.length)}\n${content}\n${text.slice(end)}`;
  }
  if (text === original) console.log(`docs/${file} is up to date`);
  else {
    writeFileSync(path, text);
    console.log(`docs/${file} rewritten from ${source}`);
  }
}
