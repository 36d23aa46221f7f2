/**
 * Jest runs the TypeScript sources directly through ts-jest; the e2e tests spawn the built CLI.
 * Two projects, both run by `npm test`: the suite itself, and test/jest-setup, which uses the package's own
 * Jest integration (one mock per run from src/jest/global-setup.ts, a workspace per test file) exactly as the
 * README shows it.
 */
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  testTimeout: 20000,
  projects: [
    {
      ...shared,
      displayName: 'payments-mock',
      roots: ['<rootDir>/test'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/jest-setup/', '<rootDir>/test/scale/'],
    },
    {
      ...shared,
      displayName: 'jest-setup',
      roots: ['<rootDir>/test/jest-setup'],
      globalSetup: '<rootDir>/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/src/jest/global-teardown.ts',
      globals: { paymentsMock: { clock: 'frozen@2026-01-01T00:00:00Z', seed: 42 } },
    },
  ],
};
