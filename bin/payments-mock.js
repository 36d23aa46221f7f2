#!/usr/bin/env node
'use strict';
// A shim: the CLI lives in dist/cli (built by `npm run build`; `npm pack` builds it through `prepack`).
require('../dist/cli/run').run(process.argv);
