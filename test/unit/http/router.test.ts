import fc from 'fast-check';
import { ApiError } from '../../../src/errors/api-error';
import { Router } from '../../../src/http/router';
import { V1_ROUTES } from '../../../src/routes';

const TABLE = [
  { method: 'GET', path: '/v1/payments' },
  { method: 'POST', path: '/v1/payments' },
  // Listed before /v1/payments/:id, it takes GET /v1/payments/search.
  { method: 'GET', path: '/v1/:kind/search' },
  { method: 'GET', path: '/v1/payments/:id' },
  { method: 'POST', path: '/v1/payments/:id/confirm' },
  { method: 'GET', path: '/_mock/:section/:id' },
  { method: 'DELETE', path: '/_mock/workspaces/:id' },
  // Literal routes listed after a capturing one: the GET is shadowed by /_mock/:section/:id, the POST is not.
  { method: 'GET', path: '/_mock/workspaces/current' },
  { method: 'POST', path: '/_mock/workspaces/current' },
];

/** What the router must answer, found the slow way: every route in table order. */
function reference(routes: typeof TABLE, method: string, path: string): { path: string; params: Record<string, string> } | string {
  const parts = path.split('/');
  const allowed: string[] = [];
  for (const route of routes) {
    const segments = route.path.split('/');
    if (segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = segments.every((segment, i) =>
      segment.startsWith(':') ? parts[i] !== '' && ((params[segment.slice(1)] = parts[i] as string), true) : segment === parts[i],
    );
    if (!fits) continue;
    if (route.method === method) return { path: route.path, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? `405 ${[...new Set(allowed)].join(', ')}` : '404';
}

function answer(router: Router<(typeof TABLE)[number]>, method: string, path: string): ReturnType<typeof reference> {
  try {
    const { route, params } = router.match(method, path);
    return { path: route.path, params: { ...params } };
  } catch (error) {
    const apiError = error as ApiError;
    return apiError.status === 405 ? `405 ${apiError.extras.headers?.Allow}` : String(apiError.status);
  }
}

describe('Router', () => {
  const router = new Router(TABLE);

  it.each([
    ['GET', '/v1/payments/pay_1', { path: '/v1/payments/:id', params: { id: 'pay_1' } }],
    ['POST', '/v1/payments/pay_1/confirm', { path: '/v1/payments/:id/confirm', params: { id: 'pay_1' } }],
    ['GET', '/v1/payments', { path: '/v1/payments', params: {} }],
    ['GET', '/v1/payments/search', { path: '/v1/:kind/search', params: { kind: 'payments' } }],
    ['GET', '/v1/refunds/search', { path: '/v1/:kind/search', params: { kind: 'refunds' } }],
    // A capture in the third segment matches whatever is there, beside the literal routes of that length.
    ['GET', '/_mock/workspaces/ws_1', { path: '/_mock/:section/:id', params: { section: 'workspaces', id: 'ws_1' } }],
    ['DELETE', '/_mock/workspaces/ws_1', { path: '/_mock/workspaces/:id', params: { id: 'ws_1' } }],
    // A literal path is found by one lookup, unless the table's order gives it to a capturing route.
    ['GET', '/_mock/workspaces/current', { path: '/_mock/:section/:id', params: { section: 'workspaces', id: 'current' } }],
    ['POST', '/_mock/workspaces/current', { path: '/_mock/workspaces/current', params: {} }],
    ['PUT', '/_mock/workspaces/current', '405 GET, DELETE, POST'],
    ['DELETE', '/v1/payments/pay_1', '405 GET'],
    ['PUT', '/v1/payments', '405 GET, POST'],
    ['GET', '/v1/payments/', '404'],
    ['GET', '/v1/refunds/re_1', '404'],
    ['GET', 'v1/payments/pay_1', '404'],
    ['GET', 'pay_1', '404'],
    ['GET', '/v1', '404'],
    ['GET', '/', '404'],
  ])('%s %s', (method, path, expected) => {
    expect(answer(router, method, path)).toEqual(expected);
  });

  it('names captures with the table names only, so a request cannot reach the prototype', () => {
    const { params } = router.match('GET', '/v1/payments/__proto__');
    expect(Object.keys(params)).toEqual(['id']);
    expect(params.id).toBe('__proto__');
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
  });

  it('answers as a scan of the whole table would, for any path built from the table and stray segments', () => {
    const segment = fc.oneof(
      fc.constantFrom('', 'v1', '_mock', 'payments', 'workspaces', 'confirm', 'pay_1', 'current', 'search', '__proto__', 'constructor'),
      fc.string(),
    );
    const table = V1_ROUTES.map(({ method, path }) => ({ method, path }));
    const v1 = new Router(table);
    fc.assert(
      fc.property(fc.constantFrom('GET', 'POST', 'DELETE', 'PUT'), fc.array(segment, { maxLength: 6 }), (method, segments) => {
        const path = `/${segments.join('/')}`;
        expect(answer(router, method, path)).toEqual(reference(TABLE, method, path));
        expect(answer(v1, method, path)).toEqual(reference(table, method, path));
      }),
      { numRuns: 2000 },
    );
  });
});
