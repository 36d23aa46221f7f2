import { setupPaymentsMock, teardownPaymentsMock } from '../jest/global-setup';

/**
 * Playwright Test `globalSetup`: one mock for the run (any free port, no fixtures), its URL in
 * `PAYMENTS_MOCK_URL` for the workers, closed by the function it returns (Playwright's teardown).
 *
 * @example
 * // playwright.config.ts
 * export default defineConfig({ globalSetup: require.resolve('payments-mock/playwright/global-setup') });
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await setupPaymentsMock();
  return teardownPaymentsMock;
}
