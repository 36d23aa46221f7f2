/**
 * The container checks, run from the host by scripts/container/ci.sh after it built the image (not by `npm test`,
 * which runs on four Node versions and has no container tools): `PAYMENTS_MOCK_IMAGE` names the image. The
 * Testcontainers example of docs/container.md (examples/container/testcontainers.example.ts, named so that
 * `npm test` leaves it out) runs here too, with `payments-mock/testcontainers` resolved to this checkout's source.
 */
module.exports = {
  rootDir: '../..',
  roots: ['<rootDir>/test/container', '<rootDir>/examples/container'],
  testMatch: ['<rootDir>/test/container/**/*.test.ts', '<rootDir>/examples/container/*.example.ts'],
  moduleNameMapper: { '^payments-mock/testcontainers$': '<rootDir>/src/adapters/testcontainers/index.ts' },
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
};
