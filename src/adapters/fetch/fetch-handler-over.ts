import { MockContext } from '../../context/mock-context';
import { MockResponse } from '../../request-response';
import { handleRequest } from '../../http/handle-request';
import { tooLargeResponse } from '../../http/too-large';
import { docsBase, errorResponse } from '../../http/respond';
import { MockControls, mockControls } from '../../app/mock-controls';
import { FetchRequestLike, readRequest, toResponse } from './exchange-fetch';

/** The WHATWG Request and Response of the runtime, or `never` in a project whose typings have none. */
export type FetchRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R : never;
export type FetchResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : never;

/**
 * The mock as a fetch handler, with the same controls as a started server (keys, clock, scenario, workspaces,
 * webhooks, reset) and `close()`, which stops its timers.
 */
export interface FetchHandler extends MockControls {
  (request: FetchRequest): Promise<FetchResponse>;
  /** Stops what runs on its own (timers, scheduled webhook attempts, deliveries in flight). */
  close(): void;
}

export interface FetchHandlerMount {
  /**
   * Where clients reach the handler (`https://api.payments.test`): error `doc_url`s and 3-D Secure links point
   * there, and the admin API answers requests for its host as it answers the server's own address. Its path, if
   * any, is the mount path (as `basePath`). Default: each request's own origin; the admin API then answers only
   * loopback hosts (localhost, 127.0.0.1, [::1]).
   */
  baseUrl?: string;
  /** A path prefix the handler is mounted under (`/api/payments` for a Next.js catch-all route): cut before routing. */
  basePath?: string;
}

/**
 * A fetch handler over an existing context (the Node and browser entry points build the context their way).
 * @example const handler = fetchHandlerOver(ctx, { baseUrl: 'https://api.payments.test' });
 */
export function fetchHandlerOver(ctx: MockContext, mount: FetchHandlerMount = {}): FetchHandler {
  const basePath = (mount.basePath ?? (mount.baseUrl ? new URL(mount.baseUrl).pathname : '')).replace(/\/+$/, '');
  if (mount.baseUrl) ctx.baseUrl = mount.baseUrl.replace(/\/+$/, '');
  const handler = async (request: FetchRequest): Promise<FetchResponse> => {
    const fetchRequest = request as unknown as FetchRequestLike;
    const { request: mockRequest, tooLarge } = await readRequest(fetchRequest, basePath);
    let response: MockResponse;
    if (tooLarge) response = tooLargeResponse(ctx, mockRequest.url, mockRequest.headers.host, mockRequest.origin);
    else {
      try {
        response = await handleRequest(ctx, mockRequest);
      } catch (error) {
        response = errorResponse(error, docsBase(ctx.baseUrl, mockRequest.headers.host, mockRequest.origin));
      }
    }
    return toResponse(response, fetchRequest.method) as unknown as FetchResponse;
  };
  const controls = mockControls(ctx);
  Object.defineProperties(handler, Object.getOwnPropertyDescriptors(controls));
  return Object.assign(handler as typeof handler & MockControls, { close: () => ctx.close() });
}
