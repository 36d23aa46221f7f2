import { teardownPaymentsMock } from './global-setup';

/**
 * Jest `globalTeardown`: closes the mock that `payments-mock/jest/global-setup` started.
 *
 * @example
 * // jest.config.js
 * module.exports = { globalSetup: 'payments-mock/jest/global-setup', globalTeardown: 'payments-mock/jest/global-teardown' };
 */
export default async function globalTeardown(): Promise<void> {
  await teardownPaymentsMock();
}
