import { V1_ROUTES } from '../routes';
import type { ApiRoute as V1Route } from '../routes';
import { Router } from './router';

/** The /v1 route table compiled for matching, once at load: the pipeline routes every request with it. */
export const V1_ROUTER = new Router<V1Route>(V1_ROUTES);

/**
 * The parameter schema of the /v1 operation a method and path name, if any (the journal types a refused form body by it).
 *
 * @example paramSchemaOf('POST', '/v1/payment_methods'); // 'createPaymentMethod'
 */
export function paramSchemaOf(method: string, path: string): V1Route['params'] | undefined {
  try {
    return V1_ROUTER.match(method, path).route.params;
  } catch {
    return undefined;
  }
}
