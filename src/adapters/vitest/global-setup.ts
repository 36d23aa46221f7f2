import { startTestMock, TestMockOptions } from '../test-mock';

/** What the global setup provides to the test files (`inject('paymentsMock')`). */
export interface ProvidedPaymentsMock {
  /** The mock's base URL, e.g. `http://127.0.0.1:53123`. */
  url: string;
  /** The admin token, when the mock was started with one. */
  adminToken?: string;
}

/** The part of Vitest's `TestProject` a global setup uses (typed here so this file needs no Vitest types). */
interface ProvidingProject {
  provide(key: 'paymentsMock', value: ProvidedPaymentsMock): void;
}

/**
 * A Vitest `globalSetup` that starts one mock for the run with these options (any free port, no fixtures unless
 * told) and provides its URL to every test file, whatever the pool (threads, forks, vmThreads).
 *
 * @example
 * // vitest.global-setup.ts
 * import { createGlobalSetup } from 'payments-mock/vitest';
 * export default createGlobalSetup({ clock: 'frozen@2026-01-01T00:00:00Z', scenario: 'manual' });
 */
export function createGlobalSetup(options: TestMockOptions = {}): (project: ProvidingProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const mock = await startTestMock(options);
    project.provide('paymentsMock', { url: mock.url, ...(options.adminToken ? { adminToken: options.adminToken } : {}) });
    return () => mock.close();
  };
}

/**
 * Vitest `globalSetup` with the defaults: `globalSetup: ['payments-mock/vitest/global-setup']`.
 *
 * @example
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ['payments-mock/vitest/global-setup'] } });
 */
export const setup = createGlobalSetup();
export default setup;
