import { MockContext } from '../context/mock-context';
import { LATEST_VERSION } from '../domain/versions';
import { ApiError } from '../errors/api-error';
import { MAX_BODY_BYTES } from './body';
import { CORS_HEADERS } from './cors';
import { MockResponse } from '../request-response';
import { docsBase, errorResponse } from './respond';

/**
 * The 413 for a body over 1 MiB, whichever way it came in (socket, an Express host's parsed body, inject()).
 * Every /v1 response carries Request-Id and Service-Version, even one refused before the pipeline ran.
 */
export function tooLargeResponse(ctx: MockContext, url: string, host: string | string[] | undefined, origin?: string): MockResponse {
  const error = new ApiError('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB). Send a smaller body.`);
  const v1 = url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
  const v1Headers: Record<string, string> = v1 ? { 'Request-Id': ctx.store.newRequestId(), 'Service-Version': LATEST_VERSION } : {};
  return errorResponse(error, docsBase(ctx.baseUrl, host, origin), { ...CORS_HEADERS, ...v1Headers });
}
