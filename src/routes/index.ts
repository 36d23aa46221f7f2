/**
 * Every route of the mock, as data: the HTTP layer mounts from these tables and the OpenAPI builder documents
 * them, so the served document describes exactly what runs. One table per resource; a new resource adds its
 * table here (one line) and nothing else. Field meanings: `src/routes/route-types.ts`.
 */
import { ACCOUNT_ROUTES } from './account';
import { ADMIN_CLOCK_AND_SCENARIO_ROUTES } from './admin/clock-and-scenario';
import { ADMIN_KEY_ROUTES } from './admin/keys';
import { ADMIN_REQUEST_ROUTES } from './admin/requests';
import { ADMIN_SERVER_ROUTES } from './admin/server';
import { ADMIN_WORKSPACE_AND_FAULT_ROUTES } from './admin/workspaces-and-faults';
import { CUSTOMER_ROUTES } from './customers';
import { EVENT_ROUTES } from './events';
import { PAYMENT_METHOD_ROUTES } from './payment-methods';
import { PAYMENT_ROUTES } from './payments';
import { REFUND_ROUTES } from './refunds';
import { AdminRoute, ApiRoute } from './route-types';
import { WEBHOOK_ADMIN_ROUTES } from './admin/webhooks';
import { WEBHOOK_ENDPOINT_ROUTES } from './webhook-endpoints';
import { WORKSPACE_ADMIN_ROUTES } from './admin/workspaces';
import { DASHBOARD_ADMIN_ROUTES } from './admin/dashboard';
import { TRIGGER_ADMIN_ROUTES } from './admin/triggers';
import { ADMIN_MEMORY_ROUTES } from './admin/memory';

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

/** The admin API under `/_mock`. */
export const ADMIN_ROUTES: AdminRoute[] = [
  ...ADMIN_SERVER_ROUTES,
  ...ADMIN_MEMORY_ROUTES,
  ...ADMIN_KEY_ROUTES,
  ...ADMIN_CLOCK_AND_SCENARIO_ROUTES,
  ...ADMIN_REQUEST_ROUTES,
  ...ADMIN_WORKSPACE_AND_FAULT_ROUTES,
  ...WEBHOOK_ADMIN_ROUTES,
  ...WORKSPACE_ADMIN_ROUTES,
  ...DASHBOARD_ADMIN_ROUTES,
  ...TRIGGER_ADMIN_ROUTES,
];
