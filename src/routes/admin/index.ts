/**
 * The admin API under `/_mock`, as data, like the `/v1` tables of `../index.ts`. The HTTP layer loads it on the
 * first `/_mock` request, not at start: its tables and their schemas are a sixth of what a start would initialise.
 * One file per URL resource: `/_mock/workspaces` in workspaces.ts, `/_mock/objects` in objects.ts, and so on.
 */
import type { AdminRoute } from '../route-types';
import { ADMIN_CLOCK_AND_SCENARIO_ROUTES } from './clock-and-scenario';
import { ADMIN_EVENT_ROUTES } from './events';
import { ADMIN_FAULT_ROUTES } from './faults';
import { ADMIN_KEY_ROUTES } from './keys';
import { ADMIN_MEMORY_ROUTES } from './memory';
import { ADMIN_OBJECT_ROUTES } from './objects';
import { ADMIN_REQUEST_ROUTES } from './requests';
import { ADMIN_SERVER_ROUTES } from './server';
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
  ...WORKSPACE_ADMIN_ROUTES,
  ...ADMIN_FAULT_ROUTES,
  ...WEBHOOK_ADMIN_ROUTES,
  ...ADMIN_OBJECT_ROUTES,
  ...ADMIN_EVENT_ROUTES,
  ...TRIGGER_ADMIN_ROUTES,
  ...REVIEW_ADMIN_ROUTES,
];
