import { sameSecret } from '../runtime/hashing';
import { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import { parseBody } from './body';
import { MockRequest, MockResponse } from '../request-response';
import { jsonResponse } from './respond';
import { Router } from './router';
import { ADMIN_ROUTES } from '../routes/admin';
import type { AdminRoute } from '../routes';
import { StreamedJson } from '../routes/shared/streamed-json';
import { Input } from '../routes/shared/admin-input';
import { keyFromHeader } from '../domain/keys';
import { pageTable } from './page-table';
import { docsBase } from './respond';
import { guardAdmin } from './admin-guard';

const router = new Router<AdminRoute>(ADMIN_ROUTES);

/**
 * The admin API under /_mock (`dispatch` runs an API request through the whole pipeline, for triggers and flows): JSON in and out, the same error object as /v1, and, with --admin-token, a bearer
 * token on everything but the health check. Scenarios and faults never touch it.
 */
export async function handleAdmin(
  ctx: MockContext,
  req: MockRequest,
  path: string,
  query: string,
  dispatch: (request: MockRequest) => MockResponse | Promise<MockResponse>,
): Promise<MockResponse> {
  guardAdmin(ctx.baseUrl, req, ctx.allowedHosts);
  const pages = pageTable(ctx.pages);
  const base = docsBase(ctx.baseUrl, req.headers.host, req.origin);
  // The dashboard's page and files hold no data, so they load without the token (the page then asks for it).
  const open = await pages.openAdminPage(req, path, query, base);
  if (open) return open;
  // The token is checked before routing, so without it an unknown path reveals nothing either.
  const health = req.method === 'GET' && path === '/_mock/health';
  if (ctx.adminToken !== undefined && !health) checkAdminToken(ctx.adminToken, req.headers.authorization);
  const page = await pages.adminPage(req, path, query, base);
  if (page) return page;
  const { route, params } = router.match(req.method, path);
  const search = new URLSearchParams(query);
  refuseUnknownQuery(route, search);
  const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseBody(req.headers['content-type'], req.body).params;
  const result = await route.handler({ ctx, body: body as Input, query: search, path: params, dispatch });
  if (result instanceof StreamedJson) return { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '', stream: result.stream };
  return jsonResponse(200, result);
}

/** A typo'd filter must not be ignored silently (the answer would look unfiltered): refuse it, like /v1 does. */
function refuseUnknownQuery(route: AdminRoute, query: URLSearchParams): void {
  const accepted = Object.keys(route.query ?? {});
  for (const name of query.keys()) {
    if (accepted.includes(name)) continue;
    const hint =
      accepted.length > 0 ? `${route.method} ${route.path} accepts: ${accepted.join(', ')}.` : `${route.method} ${route.path} takes no query parameters.`;
    throw new ApiError('parameter_unknown', `Received unknown query parameter: ${name.slice(0, 80)}. ${hint}`, { param: name.slice(0, 80) });
  }
}

function checkAdminToken(token: string, header: string | undefined): void {
  let given: string | undefined;
  try {
    given = keyFromHeader(header);
  } catch {
    given = undefined;
  }
  if (given === undefined || !sameSecret(given, token)) {
    throw new ApiError('admin_unauthorized', 'This server was started with --admin-token: send `Authorization: Bearer <token>` to /_mock endpoints.');
  }
}
