/**
 * Every `/v1` route of the mock, as data: the HTTP layer mounts from these tables and the OpenAPI builder documents
 * them, so the served document describes exactly what runs. One table per resource; a new resource adds its
 * table here (one line) and nothing else. Field meanings: `src/routes/route-types.ts`. The admin API's tables are
 * in `./admin`, loaded on the first `/_mock` request (a start loads only what answers `/v1`).
 */
import { ACCOUNT_ROUTES } from './account';
import { CUSTOMER_ROUTES } from './customers';
import { EVENT_ROUTES } from './events';
import { PAYMENT_METHOD_ROUTES } from './payment-methods';
import { PAYMENT_ROUTES } from './payments';
import { REFUND_ROUTES } from './refunds';
import { ApiRoute } from './route-types';
import { WEBHOOK_ENDPOINT_ROUTES } from './webhook-endpoints';

export type { AdminCall, AdminRoute, ApiRoute, Call, RouteDoc } from './route-types';
export { route } from './route-types';

/** The `/v1` API. */
export const V1_ROUTES: ApiRoute[] = [
  ...PAYMENT_ROUTES,
  ...REFUND_ROUTES,
  ...CUSTOMER_ROUTES,
  ...PAYMENT_METHOD_ROUTES,
  ...EVENT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...WEBHOOK_ENDPOINT_ROUTES,
];
