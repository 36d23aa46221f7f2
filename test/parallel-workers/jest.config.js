/**
 * Two test files that run at the same time, in two Jest workers, on one shared mock: the README's Jest setup
 * (the package's own global setup, one workspace per file), used from the built package as a user would.
 * test/e2e/parallel-workers.e2e.test.ts runs this config in a child Jest; the main run leaves these files out,
 * since they wait for each other and need two workers (Jest gives one worker per core less one).
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.js'],
  globalSetup: '<rootDir>/../../dist/adapters/jest/global-setup.js',
  globalTeardown: '<rootDir>/../../dist/adapters/jest/global-teardown.js',
  globals: { paymentsMock: { clock: 'frozen@2026-01-01T00:00:00Z', seed: 7 } },
  // Two workers, and a memory limit, which makes Jest use its workers even when it remembers the files as fast
  // (it would otherwise run them one after the other in band, and they would wait for each other in vain).
  maxWorkers: 2,
  workerIdleMemoryLimit: '1GB',
  // Plain CommonJS: nothing to transform.
  transform: {},
  testTimeout: 60000,
};
