#!/usr/bin/env node
'use strict';
// Part of `npm run build`, after tsc: the adapters' files that tsc does not write.
// - payments-mock/vitest's ES module entry (Vitest refuses require(), so its hooks are imported from an .mjs).
const { copyFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
copyFileSync(join(root, 'src', 'adapters', 'vitest', 'index.mjs'), join(root, 'dist', 'adapters', 'vitest', 'index.mjs'));
