import { http, HttpResponse, type HttpHandler } from 'msw';
import { DroppedConnection } from '../fetch/exchange-fetch';
import type { FetchHandler } from '../fetch/fetch-handler-over';

/** The production-style base URL the handlers answer for unless told otherwise. */
export const DEFAULT_BASE_URL = 'https://api.payments.test';

/** MSW handlers over a fetch handler, and the handler itself (its keys, clock, scenario, workspaces, close). */
export interface PaymentsMockHandlers {
  /** Give these to `setupServer(...)` (Node) or `setupWorker(...)` (a browser page). */
  handlers: HttpHandler[];
  /** The sandbox behind them: `mock.keys`, `mock.clock.advance('25h')`, `mock.setScenario('decline')`, `mock.close()`. */
  mock: FetchHandler;
  /** The base URL the handlers answer for. */
  baseUrl: string;
}

/**
 * Every request under `baseUrl` goes to the fetch handler; an injected lost response becomes MSW's network
 * error (`HttpResponse.error()`: the application's fetch rejects with a TypeError, as it would in production).
 */
export function handlersOver(mock: FetchHandler, baseUrl: string): PaymentsMockHandlers {
  const base = baseUrl.replace(/\/+$/, '');
  const answer = async ({ request }: { request: Request }): Promise<Response> => {
    try {
      return (await mock(request as never)) as unknown as Response;
    } catch (error) {
      if (error instanceof DroppedConnection) return HttpResponse.error();
      throw error;
    }
  };
  return { handlers: [http.all(base, answer), http.all(`${base}/*`, answer)], mock, baseUrl: base };
}
