#!/usr/bin/env node
'use strict';
// A shim: the CLI lives in dist/cli (built by `npm run build`, which `npm ci` runs through `prepare`).
require('../dist/cli/run').run(process.argv);
