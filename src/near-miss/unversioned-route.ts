import { closestRoutes, RouteShape } from './closest-routes';
import { wordDistance } from './edit-distance';

/** A first segment that is a version, spelt in any case or numbered otherwise: `V1`, `v2`. */
const VERSION = /^v\d+$/i;
/** How far a segment may be from a resource's name to be taken for it (`payment`, `Customers`). */
const RESOURCE_DISTANCE = 0.3;

/**
 * The API routes a path outside `/v1` almost named, best first, as `METHOD /v1/path/{id}`: a path without its
 * version (`/payments`, the commonest slip when a base URL is set without it) or with the version spelt otherwise
 * (`/V1/payments`, `/v2/payments`). Empty when what follows names no resource of the API (`/openapi` means the
 * document, not a route). Called only once a request has failed.
 *
 * @example
 * unversionedRoute('GET', '/V1/payments', [{ method: 'GET', path: '/v1/payments' }]); // ['GET /v1/payments']
 */
export function unversionedRoute(method: string, path: string, routes: readonly RouteShape[]): string[] {
  const parts = path.split('/', 3);
  const versioned = VERSION.test(parts[1] ?? '');
  const rest = versioned ? path.slice((parts[1] as string).length + 1) : path;
  const resource = rest.split('/', 2)[1] ?? '';
  if (!resourcesOf(routes).some((name) => wordDistance(resource, name) < RESOURCE_DISTANCE)) return [];
  return closestRoutes(method, `/v1${rest}`, routes);
}

/** The resources of the API (`payments`, `customers`, …): the second segment of its routes. */
function resourcesOf(routes: readonly RouteShape[]): string[] {
  return [...new Set(routes.map((route) => route.path.split('/')[2] ?? ''))];
}
