/**
 * Jest runs the TypeScript sources directly, transpiled by esbuild (scripts/jest-transform.js); the e2e tests spawn the built CLI.
 * Three projects, all run by `npm test`: the suite itself, the README's examples (examples/), and test/jest-setup, which uses the package's own
 * Jest integration (one mock per run from its built global setup, a workspace per test file) exactly as the
 * README shows it.
 */
const { availableParallelism } = require('node:os');

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': '<rootDir>/scripts/jest-transform.js' },
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  testTimeout: 20000,
  // Jest's default is a worker fewer than the cores: one on a 2-core machine, where the suites then run one after
  // the other. A worker a core, at least two: most suites wait on what they start (the CLI, Chromium, a real runner,
  // npm). A third worker was faster, but Chromium's focus across frames then timed out in CI dry runs (two of four
  // full runs; docs/performance.md, "npm test").
  maxWorkers: Math.max(2, availableParallelism()),
  // No forceExit: every test closes what it opens (servers, sockets, browsers, child processes), so the run ends on
  // its own, and a leak shows (Jest warns about a worker that does not exit) instead of being cut off silently.
  // test/helpers/exit-guard.ts fails a run whose main process is still held open 15 s after the last test.
  projects: [
    {
      ...shared,
      displayName: 'payments-mock',
      globalTeardown: '<rootDir>/test/helpers/exit-guard.ts',
      roots: ['<rootDir>/test'],
      // test/parallel-workers runs in a child Jest with two workers (test/e2e/parallel-workers.e2e.test.ts);
      // test/scale runs apart, in `npm run test:scale`.
      testPathIgnorePatterns: [
        '/node_modules/',
        '<rootDir>/test/jest-setup/',
        '<rootDir>/test/parallel-workers/',
        '<rootDir>/test/scale/',
        // The container image's checks need the image: scripts/container/ci.sh builds it and runs them.
        '<rootDir>/test/container/',
        '<rootDir>/test/adapters/msw-',
        // Fixture projects that the real Vitest, Playwright Test and node --test run (test/adapters/*.test.ts spawn them).
        '<rootDir>/test/runners/',
        // Consumer projects on other majors of the runners (test/adapters/runner-majors.test.ts installs and runs them).
        '<rootDir>/test/runner-majors/',
      ],
    },
    {
      // MSW 2.11+ and its helpers ship ES modules only, which Jest cannot require on Node 20: compiled to CommonJS
      // here, as a Jest user of payments-mock/msw configures it (docs/test-runners.md).
      ...shared,
      displayName: 'msw',
      roots: ['<rootDir>/test/adapters'],
      testMatch: ['**/msw-*.test.ts'],
      // As an installed package resolves (msw-readme.test.ts is shown in the README as a user writes it).
      moduleNameMapper: { '^payments-mock/msw$': '<rootDir>/src/adapters/msw/index.ts' },
      // Node 25+: MSW 2 reads the global localStorage, which warns without --localstorage-file.
      setupFiles: ['<rootDir>/test/helpers/no-web-storage.ts'],
      transform: { ...shared.transform, '^.+\\.m?js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }] },
      transformIgnorePatterns: ['/node_modules/(?!(rettime|@open-draft|until-async|outvariant|strict-event-emitter|headers-polyfill|@mswjs)/)'],
      moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
    },
    {
      // The README's examples, run as written: `payments-mock` resolves to this checkout's source.
      ...shared,
      displayName: 'examples',
      roots: ['<rootDir>/examples'],
      moduleNameMapper: { '^payments-mock$': '<rootDir>/src/index.ts' },
    },
    {
      ...shared,
      displayName: 'jest-setup',
      roots: ['<rootDir>/test/jest-setup'],
      // The built package, as an installed one resolves it (npm test builds first). Jest loads a global setup written
      // in TypeScript through a require hook that is gone once the setup returns, so the mock it starts could not
      // load what it loads on first use (the admin API, the OpenAPI document) from the TypeScript sources.
      globalSetup: '<rootDir>/dist/adapters/jest/global-setup.js',
      globalTeardown: '<rootDir>/dist/adapters/jest/global-teardown.js',
      globals: { paymentsMock: { clock: 'frozen@2026-01-01T00:00:00Z', seed: 42 } },
    },
  ],
};
