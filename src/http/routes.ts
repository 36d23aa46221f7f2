import { DASHBOARD_ADMIN_ROUTES } from '../dashboard/admin-routes';
import { WEBHOOK_ADMIN_ROUTES } from '../webhooks/admin-routes';
import { WEBHOOK_ENDPOINT_ROUTES } from '../webhooks/endpoint-routes';
import { ADMIN_ROUTES, AdminRoute } from './admin/admin-routes';
import { V1_ROUTES, V1Route } from './v1-routes';

/** Every /v1 route, from each capability's table: the router and the OpenAPI document both read this. */
export const API_ROUTES: V1Route[] = [...V1_ROUTES, ...WEBHOOK_ENDPOINT_ROUTES];

/** Every /_mock route. */
export const ALL_ADMIN_ROUTES: AdminRoute[] = [...ADMIN_ROUTES, ...WEBHOOK_ADMIN_ROUTES, ...DASHBOARD_ADMIN_ROUTES];
