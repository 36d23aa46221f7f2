/**
 * The container image's checks, run from the host by scripts/container/ci.sh after it built the image (not by
 * `npm test`, which runs on four Node versions and has no container tools): `PAYMENTS_MOCK_IMAGE` names the image.
 */
module.exports = {
  rootDir: '../..',
  roots: ['<rootDir>/test/container'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 60000,
};
