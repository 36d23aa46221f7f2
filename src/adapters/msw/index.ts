import { createFetchHandler, FetchHandlerOptions } from '../fetch-handler';
import { DEFAULT_BASE_URL, handlersOver, PaymentsMockHandlers } from './msw-handlers';

export { DEFAULT_BASE_URL };
export type { PaymentsMockHandlers };

/** `createFetchHandler`'s options; `baseUrl` is where the handlers answer (default `https://api.payments.test`). */
export type PaymentsMockHandlersOptions = FetchHandlerOptions;

/**
 * MSW 2 request handlers that answer for the payments API at a production-style base URL, from an in-process
 * sandbox (`createFetchHandler`): the application keeps its production base URL and SDK configuration, and no
 * port is opened. Webhook deliveries go out through the global `fetch`, so MSW sees (and can answer) them too.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createPaymentsHandlers } from 'payments-mock/msw';
 *
 * const payments = createPaymentsHandlers({ seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
 * const server = setupServer(...payments.handlers);
 * beforeAll(() => server.listen());
 * afterAll(() => { server.close(); payments.mock.close(); });
 * // app code: fetch('https://api.payments.test/v1/payments', { headers: { Authorization: `Bearer ${key}` }, … })
 */
export function createPaymentsHandlers(options: PaymentsMockHandlersOptions = {}): PaymentsMockHandlers {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  return handlersOver(createFetchHandler({ fixtures: 'none', ...options, baseUrl }), baseUrl);
}
