import { MockContext } from '../context';
import { ApiError } from '../errors/api-error';
import { makeId } from '../store/random';
import { handleAdmin } from './admin/handle-admin';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors';
import { errorsPage } from './docs-page';
import { MockRequest, MockResponse } from './exchange';
import { handleV1 } from './handle-v1';
import { openApiDocument } from '../openapi/build-openapi';
import { journalDetails } from './journal-masking';
import { errorResponse, jsonResponse } from './respond';

/**
 * The whole mock as one function from request to response: /v1 (the API), /_mock (admin), /openapi.json and
 * /docs. Transports (node:http, Express, inject) only read the body and write what this returns.
 */
export async function handleRequest(ctx: MockContext, req: MockRequest): Promise<MockResponse> {
  const started = performance.now();
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : req.url.slice(queryAt + 1);
  const requestId = makeId(ctx.random, 'req');

  if (req.method === 'OPTIONS') return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: '' };

  let response: MockResponse;
  if (path.startsWith('/v1/') || path === '/v1') {
    const outcome = await handleV1(ctx, req, path, query, requestId);
    response = outcome.response;
    const duration = performance.now() - started;
    ctx.journal.record({
      id: requestId,
      method: req.method,
      path,
      status: response.status,
      idempotency_key: outcome.idempotencyKey,
      replayed: outcome.replayed,
      duration_ms: Math.round(duration * 100) / 100,
      created: ctx.clock.now(),
      details: journalDetails(req, query, outcome.key, outcome.params, response),
    });
    ctx.onRequest?.({ method: req.method, path, status: response.status, duration_ms: duration, key_kind: outcome.key?.kind ?? null, replayed: outcome.replayed, request_id: requestId });
  } else {
    try {
      response = await handleOther(ctx, req, path, query);
    } catch (error) {
      response = errorResponse(error, ctx.baseUrl ?? `http://${req.headers.host ?? '127.0.0.1'}`);
    }
  }
  Object.assign(response.headers, CORS_HEADERS);
  return response;
}

async function handleOther(ctx: MockContext, req: MockRequest, path: string, query: string): Promise<MockResponse> {
  if (path.startsWith('/_mock/') || path === '/_mock') return handleAdmin(ctx, req, path, query);
  const page = path === '/openapi.json' || path === '/docs/errors' || path === '/docs/errors/';
  if (page && req.method !== 'GET') {
    throw new ApiError('method_not_allowed', `${req.method} is not allowed on ${path}. Use GET.`, { headers: { Allow: 'GET' } });
  }
  if (path === '/openapi.json') return jsonResponse(200, openApiDocument());
  if (page) return { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: errorsPage() };
  throw new ApiError('url_invalid', `Unrecognized request URL (${req.method} ${path.slice(0, 200)}). API paths start with /v1; see GET /openapi.json.`);
}
