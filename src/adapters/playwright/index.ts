import { test as base, expect } from '@playwright/test';
import { createWorkspace, TestWorkspace } from '../jest/workspace';
import { ADMIN_TOKEN_VARIABLE, URL_VARIABLE } from '../jest/global-setup';
import { startTestMock, TestMockOptions } from '../test-mock';

export type { TestWorkspace, WorkspaceClock, WorkspaceKey, WorkspaceKeys, WorkspaceScenario } from '../jest/workspace';

/** The worker-scoped fixtures `test` adds. */
export interface PaymentsMockWorkerFixtures {
  /**
   * This worker's own workspace on the mock: `url`, `id`, `keys`, `request()`, `clock.advance()`, `setScenario()`,
   * `reset()`, the same client as the Jest and Vitest helpers'. Made when the worker first needs it, dropped after.
   */
  paymentsMock: TestWorkspace;
  /** The mock's URL: `PAYMENTS_MOCK_URL` (payments-mock/playwright/global-setup sets it), else a mock this worker starts. */
  paymentsMockUrl: string;
  /** Options for a mock a worker starts itself (without the global setup). Override with `test.use()`. */
  paymentsMockOptions: TestMockOptions;
}

/**
 * Playwright Test's `test`, extended with a `paymentsMock` fixture: a workspace per worker on one mock per run
 * (with `globalSetup: require.resolve('payments-mock/playwright/global-setup')`) or per worker (without).
 *
 * @example
 * import { test, expect } from 'payments-mock/playwright';
 * test('pays', async ({ page, paymentsMock }) => {
 *   const payment = await paymentsMock.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
 *   await paymentsMock.clock.advance('25h');
 *   await page.goto(`${paymentsMock.url}/_mock/dashboard`);
 * });
 */
export const test = base.extend<object, PaymentsMockWorkerFixtures>({
  paymentsMockOptions: [{}, { scope: 'worker', option: true }],
  paymentsMockUrl: [
    async ({ paymentsMockOptions }, use) => {
      const shared = process.env[URL_VARIABLE];
      if (shared) return use(shared);
      const mock = await startTestMock(paymentsMockOptions);
      await use(mock.url);
      await mock.close();
    },
    { scope: 'worker' },
  ],
  paymentsMock: [
    async ({ paymentsMockUrl, paymentsMockOptions }, use, workerInfo) => {
      const adminToken = paymentsMockOptions.adminToken ?? process.env[ADMIN_TOKEN_VARIABLE];
      const ws = await createWorkspace({ url: paymentsMockUrl, name: `playwright worker ${workerInfo.workerIndex}`, ...(adminToken ? { adminToken } : {}) });
      await use(ws);
      await ws.delete();
    },
    { scope: 'worker' },
  ],
});

export { expect };
