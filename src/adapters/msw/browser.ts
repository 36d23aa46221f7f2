import { contextFromOptions, fixtureDocuments } from '../../app/context-from-options';
import { ConfigError } from '../../errors/api-error';
import type { FixtureDocument } from '../../state/fixture-types';
import { fetchHandlerOver } from '../fetch/fetch-handler-over';
import type { FetchHandlerOptions } from '../fetch-handler';
import { DEFAULT_BASE_URL, handlersOver, PaymentsMockHandlers } from './msw-handlers';

export { DEFAULT_BASE_URL };
export type { PaymentsMockHandlers };

/** In a page, fixtures are a document (or `none`): there are no files to read. */
export type BrowserHandlersOptions = Omit<FetchHandlerOptions, 'fixtures'> & { fixtures?: FixtureDocument | 'none' };

/**
 * `payments-mock/msw` inside a browser page, for MSW's `setupWorker` (Storybook, Vitest browser mode): the whole
 * sandbox runs in the page, no server at all. What needs Node is refused with a clear error: state files, fixture
 * files by path, the node:http webhook transport, and `webhooks` URLs on this machine (a page may not send to
 * them: browsers block requests from a page to private addresses).
 *
 * @example
 * import { setupWorker } from 'msw/browser';
 * import { createPaymentsHandlers } from 'payments-mock/msw';
 * const payments = createPaymentsHandlers({ seed: 1 });
 * await setupWorker(...payments.handlers).start();
 */
export function createPaymentsHandlers(options: BrowserHandlersOptions = {}): PaymentsMockHandlers {
  refuseNodeOnly(options);
  const { baseUrl = DEFAULT_BASE_URL, basePath, fixtures = 'none', ...mockOptions } = options;
  const ctx = contextFromOptions({ ...mockOptions, webhookTransport: 'fetch' }, fixtureDocuments(fixtures));
  return handlersOver(fetchHandlerOver(ctx, { baseUrl, ...(basePath !== undefined ? { basePath } : {}) }), baseUrl);
}

function refuseNodeOnly(options: BrowserHandlersOptions & { fixtures?: unknown }): void {
  if (options.state !== undefined) {
    throw new ConfigError(
      'payments-mock in the browser cannot use state files (state): a page has no file system. Export the state with GET /_mock/state and pass it as fixtures, or run the mock with Node.',
    );
  }
  if (typeof options.fixtures === 'string' && options.fixtures !== 'none') {
    throw new ConfigError(
      `payments-mock in the browser cannot read the fixture file ${JSON.stringify(options.fixtures)}: import the JSON and pass the document as fixtures.`,
    );
  }
  if (options.webhookTransport === 'node')
    throw new ConfigError("payments-mock in the browser delivers webhooks with fetch only: leave webhookTransport unset or 'fetch'.");
  const local = (options.webhooks ?? []).find((url) => /^https?:\/\/(localhost|127\.|\[::1\]|0\.0\.0\.0)/i.test(url));
  if (local) {
    throw new ConfigError(
      `payments-mock in the browser cannot deliver webhooks to ${local}: browsers block a page's requests to this machine's private addresses. Use a URL your MSW handlers answer (https://shop.test/webhooks), or run the mock with Node.`,
    );
  }
}
