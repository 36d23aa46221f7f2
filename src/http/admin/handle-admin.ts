import { MockContext } from '../../context';
import { ApiError } from '../../errors/api-error';
import { parseBody } from '../body';
import { MockRequest, MockResponse } from '../exchange';
import { jsonResponse } from '../respond';
import { Router } from '../router';
import { ADMIN_ROUTES, AdminRoute } from './admin-routes';
import { Input } from './admin-input';
import { keyFromHeader } from '../../domain/keys';

const router = new Router<AdminRoute>(ADMIN_ROUTES);

/**
 * The admin API under /_mock: JSON in and out, the same error object as /v1, and, with --admin-token, a bearer
 * token on everything but the health check. Scenarios and faults never touch it.
 */
export async function handleAdmin(ctx: MockContext, req: MockRequest, path: string, query: string): Promise<MockResponse> {
  const { route, params } = router.match(req.method, path);
  if (ctx.adminToken !== undefined && route.path !== '/_mock/health') checkAdminToken(ctx.adminToken, req.headers.authorization);
  const body = req.method === 'GET' || req.method === 'DELETE' ? {} : parseBody(req.headers['content-type'], req.body).params;
  const result = await route.handler({ ctx, body: body as Input, query: new URLSearchParams(query), path: params });
  return jsonResponse(200, result);
}

function checkAdminToken(token: string, header: string | undefined): void {
  let given: string | undefined;
  try {
    given = keyFromHeader(header);
  } catch {
    given = undefined;
  }
  if (given !== token) {
    throw new ApiError('admin_unauthorized', 'This server was started with --admin-token: send `Authorization: Bearer <token>` to /_mock endpoints.');
  }
}
