/**
 * The admin API under `/_mock`, as data, like the `/v1` tables of `../index.ts`. The HTTP layer loads it on the
 * first `/_mock` request, not at start: its tables and their schemas are a sixth of what a start would initialise.
 */
import type { AdminRoute } from '../route-types';
import { ADMIN_CLOCK_AND_SCENARIO_ROUTES } from './clock-and-scenario';
import { ADMIN_KEY_ROUTES } from './keys';
import { ADMIN_MEMORY_ROUTES } from './memory';
import { ADMIN_REQUEST_ROUTES } from './requests';
import { ADMIN_SERVER_ROUTES } from './server';
import { ADMIN_WORKSPACE_AND_FAULT_ROUTES } from './workspaces-and-faults';
import { DASHBOARD_ADMIN_ROUTES } from './dashboard';
import { REVIEW_ADMIN_ROUTES } from './review';
import { TRIGGER_ADMIN_ROUTES } from './triggers';
import { WEBHOOK_ADMIN_ROUTES } from './webhooks';
import { WORKSPACE_ADMIN_ROUTES } from './workspaces';

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
  ...REVIEW_ADMIN_ROUTES,
];
