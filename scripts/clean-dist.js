#!/usr/bin/env node
'use strict';
// Build step: starts from an empty dist/, so files of an older build (a renamed module, a source map) are never
// packed or loaded.
require('node:fs').rmSync(require('node:path').join(__dirname, '..', 'dist'), { recursive: true, force: true });
