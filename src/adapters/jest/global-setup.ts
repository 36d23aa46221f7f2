import type { MockServer } from '../../start-mock';
import { startTestMock, TestMockOptions } from '../test-mock';

/** Where the mock's URL is published for the test files (Jest workers inherit the environment). */
export const URL_VARIABLE = 'PAYMENTS_MOCK_URL';
/** Where the admin token is published when the mock was started with one. */
export const ADMIN_TOKEN_VARIABLE = 'PAYMENTS_MOCK_ADMIN_TOKEN';

const SERVER = Symbol.for('payments-mock/jest/server');
/** Set when this setup published the local CA for the workers, so teardown takes back only what it set. */
const CA_SET = Symbol.for('payments-mock/jest/ca-set');
type Holder = { [SERVER]?: MockServer; [CA_SET]?: boolean };

/**
 * Starts one mock for the whole Jest run and publishes its URL as `PAYMENTS_MOCK_URL`. Use it from your own
 * global setup file to choose options; {@link teardownPaymentsMock} closes it.
 *
 * @example
 * // jest.global-setup.js
 * const { setupPaymentsMock } = require('payments-mock/jest');
 * module.exports = () => setupPaymentsMock({ scenario: 'manual', clock: 'frozen@2026-01-01T00:00:00Z' });
 */
export async function setupPaymentsMock(options: TestMockOptions = {}): Promise<MockServer> {
  await teardownPaymentsMock();
  const mock = await startTestMock(options);
  (globalThis as Holder)[SERVER] = mock;
  process.env[URL_VARIABLE] = mock.url;
  if (options.adminToken) process.env[ADMIN_TOKEN_VARIABLE] = options.adminToken;
  // With `tls` and the local CA, the workers (processes started after this) trust it, unless the user chose a trust.
  if (mock.ca && process.env.NODE_EXTRA_CA_CERTS === undefined) {
    process.env.NODE_EXTRA_CA_CERTS = mock.ca.certPath;
    (globalThis as Holder)[CA_SET] = true;
  }
  return mock;
}

/** Closes the mock {@link setupPaymentsMock} started, if any. */
export async function teardownPaymentsMock(): Promise<void> {
  const holder = globalThis as Holder;
  const mock = holder[SERVER];
  if (!mock) return;
  delete holder[SERVER];
  delete process.env[URL_VARIABLE];
  if (holder[CA_SET]) {
    delete holder[CA_SET];
    delete process.env.NODE_EXTRA_CA_CERTS;
  }
  if (mock.context.adminToken) delete process.env[ADMIN_TOKEN_VARIABLE];
  await mock.close();
}

interface ProjectConfig {
  globals?: Record<string, unknown>;
}

/**
 * Jest `globalSetup`: one mock per run (any free port, no fixtures unless told), its URL in
 * `PAYMENTS_MOCK_URL`. Options come from the project's `globals.paymentsMock` (JSON: scenario, clock, seed,
 * fixtures, adminToken, journalSize).
 *
 * @example
 * // jest.config.js
 * module.exports = {
 *   globalSetup: 'payments-mock/jest/global-setup',
 *   globalTeardown: 'payments-mock/jest/global-teardown',
 *   globals: { paymentsMock: { clock: 'frozen@2026-01-01T00:00:00Z' } },
 * };
 */
export default async function globalSetup(_globalConfig?: unknown, projectConfig?: ProjectConfig): Promise<void> {
  const options = projectConfig?.globals?.paymentsMock;
  await setupPaymentsMock(options && typeof options === 'object' ? (options as TestMockOptions) : {});
}
