'use strict';
// The order Jest starts the test files in. Once a run has timed them, Jest's own order stands: failed first, then
// the longest first. Without timings (a fresh clone, CI) Jest goes by file size, which starts the real runners
// (test/adapters: Playwright Test, Vitest, npm installs) and many end-to-end suites last, where one still running
// keeps the run going while the other workers idle. So without timings: test/adapters, then test/e2e, then the
// examples, then the rest, each by size as before (docs/performance.md, "npm test").
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = ['test/adapters/', 'test/e2e/', 'examples/'];
const rank = (test) => {
  const path = relative(test.context.config.rootDir, test.path).replace(/\\/g, '/');
  const found = FIRST.findIndex((folder) => path.startsWith(folder));
  return found === -1 ? FIRST.length : found;
};

class SlowFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    // A stable sort: within a rank, the order by size stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = SlowFirst;
