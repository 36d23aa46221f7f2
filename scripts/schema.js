#!/usr/bin/env node
'use strict';
// Regenerates fixtures/schema.json (the JSON Schema editors use through "$schema") from src/schemas/fixtures.ts.
// Run through `npm run schema`, which builds first; test/integration/fixtures.schema.test.ts fails when they differ.
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { FIXTURE_SCHEMA } = require('../dist/schemas/fixtures');

const target = join(__dirname, '..', 'fixtures', 'schema.json');
writeFileSync(target, `${JSON.stringify(FIXTURE_SCHEMA, null, 2)}\n`);
console.log(`wrote ${target}`);
