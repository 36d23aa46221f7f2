/**
 * `npm run test:scale`: the tests that run at the scale where problems showed (a million payments in a state
 * file). Minutes, not seconds, so kept out of `npm test`; CI runs both.
 */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  roots: ['<rootDir>/test/scale'],
  testTimeout: 600000,
};
