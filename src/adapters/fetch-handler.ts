import { createContext } from '../app/create-context';
import type { MockOptions } from '../app/mock-options';
import { FetchHandler, FetchHandlerMount, fetchHandlerOver } from './fetch/fetch-handler-over';

export type { FetchHandler, FetchHandlerMount, FetchRequest, FetchResponse } from './fetch/fetch-handler-over';

/** `startMock`'s options without the listening ones, plus where the handler is mounted. */
export interface FetchHandlerOptions extends Omit<MockOptions, 'port' | 'host' | 'bodyTimeoutMs'>, FetchHandlerMount {}

/**
 * The whole mock as a function from a WHATWG `Request` to a `Response`, without a port: for Next.js route
 * handlers, Hono, MSW and any runtime with `fetch`. Answers are those of the HTTP server (same status, headers
 * and body bytes for the same seeded request sequence); an injected "lost response" rejects like a network
 * error (`TypeError: fetch failed`). Webhook deliveries go out through the global `fetch` unless
 * `webhookTransport: 'node'` is given.
 *
 * @example
 * import { createFetchHandler } from 'payments-mock';
 * const handler = createFetchHandler({ fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
 * const key = handler.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
 * const res = await handler(new Request('https://api.payments.test/v1/payments', {
 *   method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
 * }));
 * handler.close();
 */
export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const { baseUrl, basePath, ...mockOptions } = options;
  const ctx = createContext({ webhookTransport: 'fetch', ...mockOptions });
  return fetchHandlerOver(ctx, { ...(baseUrl ? { baseUrl } : {}), ...(basePath !== undefined ? { basePath } : {}) });
}
