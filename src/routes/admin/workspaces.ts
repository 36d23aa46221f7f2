import { ClockMode } from '../../clock/clock';
import type { MockContext } from '../../context/mock-context';
import { ApiError } from '../../errors/api-error';
import { asParamAsync, clockMove, Input, onlyKeys, optionalString, requiredString } from '../shared/admin-input';
import type { AdminRoute } from '../route-types';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { parseScenario, SCENARIO_DESCRIPTIONS, ScenarioOptions } from '../../scenarios/scenarios';
import { Partition, Workspace } from '../../store/store';
import { CLOCK, CLOCK_EXAMPLE, SCENARIO, SCENARIO_EXAMPLE, WORKSPACE, WORKSPACE_EXAMPLE } from './workspace-shapes';
import { newWorkspace, noSuchWorkspace } from '../../domain/workspaces';
import { EXAMPLE_KEY } from '../examples';
import { keyEntry } from '../../domain/key-entry';
import { SCENARIO_NAMES } from '../../schemas/scenario-names';

const MAX_WORKSPACE_NAME = 256;

/**
 * `/_mock/workspaces`: isolated workspaces, each a whole sandbox for one test worker (contract section 17), made,
 * listed and dropped here. Its clock and scenario follow the server's until set here; reset empties it alone.
 * @example
 * // curl -X POST localhost:4010/_mock/workspaces/ws_1/clock/advance -H 'Content-Type: application/json' -d '{"by":"31d"}'
 */
export const WORKSPACE_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'POST',
    path: '/_mock/workspaces',
    operationId: 'adminCreateWorkspace',
    summary: 'Create an isolated workspace',
    description: 'A fresh, empty workspace with a key of every kind in test and live mode, so parallel test workers can share one server.',
    body: ADMIN_SHAPES.createWorkspace,
    exampleBody: { name: 'worker 1' },
    response: ADMIN_SHAPES.workspace,
    example: { workspace: 'ws_7bQ2', account: 'acct_9xLmQ2', name: 'worker 1', keys: [EXAMPLE_KEY] },
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['name']);
      const name = optionalString(body, 'name');
      // The same limit as fixtures and state files, so a workspace made here survives a save and a restart.
      if (name !== undefined && name.length > MAX_WORKSPACE_NAME)
        throw new ApiError('parameter_invalid', `Invalid name: at most ${MAX_WORKSPACE_NAME} characters (got ${name.length}).`, { param: 'name' });
      const { workspace, keys } = newWorkspace(ctx.store, { ...(name ? { name } : {}), now: ctx.clock.now() });
      return { workspace: workspace.id, account: workspace.account, name: workspace.name, keys: keys.map((record) => keyEntry(ctx.store, record)) };
    },
  },
  {
    method: 'DELETE',
    path: '/_mock/workspaces/:id',
    operationId: 'adminDeleteWorkspace',
    summary: 'Drop a workspace',
    description: 'Drops a workspace with its keys and all its data.',
    response: ADMIN_SHAPES.deleted,
    example: { status: 'ok', deleted: 'ws_7bQ2' },
    handler: async ({ ctx, path }) => {
      const id = path.id as string;
      if (!ctx.store.workspaces.has(id)) throw noSuchWorkspace(id, 'id');
      await ctx.inFlight.replace(id, () => ctx.deleteWorkspace(id));
      return { status: 'ok', deleted: path.id };
    },
  },
  {
    method: 'GET',
    path: '/_mock/workspaces',
    operationId: 'adminListWorkspaces',
    summary: 'Every workspace, with its clock and scenario',
    description: 'Every workspace (fixture ones and those made at run time) with the clock and scenario it follows now.',
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['object', 'data'],
      properties: { object: { const: 'list' }, data: { type: 'array', items: WORKSPACE } },
    },
    example: { object: 'list', data: [WORKSPACE_EXAMPLE] },
    handler: ({ ctx }) => ({ object: 'list', data: [...ctx.store.workspaces.values()].map((workspace) => presentWorkspace(ctx, workspace)) }),
  },
  {
    method: 'GET',
    path: '/_mock/workspaces/:id',
    operationId: 'adminGetWorkspace',
    summary: 'One workspace, with its clock and scenario',
    description: 'A workspace with the clock and scenario it follows now.',
    response: WORKSPACE,
    example: WORKSPACE_EXAMPLE,
    handler: ({ ctx, path }) => presentWorkspace(ctx, workspaceOf(ctx, path.id)),
  },
  {
    method: 'GET',
    path: '/_mock/workspaces/:id/clock',
    operationId: 'adminGetWorkspaceClock',
    summary: "A workspace's clock",
    description: "The clock a workspace follows: the server's until it is set or moved here.",
    response: CLOCK,
    example: CLOCK_EXAMPLE,
    handler: ({ ctx, path }) => clockBody(ctx, workspaceOf(ctx, path.id).id),
  },
  {
    method: 'PUT',
    path: '/_mock/workspaces/:id/clock',
    operationId: 'adminSetWorkspaceClock',
    summary: "Set a workspace's clock",
    description:
      "Sets one workspace's clock mode and time, as PUT /_mock/clock does for the server; other workspaces and the server clock stay. Its objects' created, idempotency window, event window, key grace and webhook retries follow it.",
    body: ADMIN_SHAPES.setClock,
    exampleBody: { mode: 'frozen', now: '2026-02-01T00:00:00Z' },
    response: CLOCK,
    example: CLOCK_EXAMPLE,
    handler: async ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      const { mode, now } = readClockBody(body);
      await asParamAsync('now', () => ctx.setWorkspaceClock(id, mode, now));
      return clockBody(ctx, id);
    },
  },
  {
    method: 'POST',
    path: '/_mock/workspaces/:id/clock/advance',
    operationId: 'adminAdvanceWorkspaceClock',
    summary: "Move a workspace's clock",
    description:
      'Moves one workspace\'s clock by a duration ("25h", "31d") or seconds, running the webhook attempts of that workspace that come due on the way, before it answers.',
    body: ADMIN_SHAPES.advanceClock,
    exampleBody: { by: '31d' },
    response: CLOCK,
    example: CLOCK_EXAMPLE,
    handler: async ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      const by = clockMove(body);
      await asParamAsync('by', () => ctx.advanceWorkspaceClock(id, by));
      return clockBody(ctx, id);
    },
  },
  {
    method: 'GET',
    path: '/_mock/workspaces/:id/scenario',
    operationId: 'adminGetWorkspaceScenario',
    summary: "A workspace's scenario",
    description: "The scenario requests made with this workspace's keys follow: the server's until set here.",
    response: SCENARIO,
    example: SCENARIO_EXAMPLE,
    handler: ({ ctx, path }) => scenarioBody(ctx, workspaceOf(ctx, path.id).id),
  },
  {
    method: 'PUT',
    path: '/_mock/workspaces/:id/scenario',
    operationId: 'adminSetWorkspaceScenario',
    summary: "Switch a workspace's scenario",
    description: 'Switches the scenario for requests made with this workspace\'s keys; `"scenario": null` follows the server\'s again.',
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['scenario'],
      properties: {
        scenario: { anyOf: [{ enum: [...SCENARIO_NAMES] }, { type: 'null' }] },
        options: { $ref: '#/components/schemas/ScenarioOptions' },
      },
    },
    exampleBody: { scenario: 'decline' },
    response: SCENARIO,
    example: SCENARIO_EXAMPLE,
    handler: ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      onlyKeys(body, ['scenario', 'options']);
      if (!('scenario' in body))
        throw new ApiError('parameter_missing', "Missing required param: scenario (a scenario name, or null to follow the server's).", { param: 'scenario' });
      if (body.scenario === null) {
        if (body.options !== undefined)
          throw new ApiError(
            'parameter_invalid',
            'Options go with a scenario: with "scenario": null the workspace follows the server\'s scenario and its options.',
            { param: 'options' },
          );
        ctx.setWorkspaceScenario(id, null);
        return scenarioBody(ctx, id);
      }
      const options = body.options ?? {};
      if (typeof options !== 'object' || options === null || Array.isArray(options))
        throw new ApiError('parameter_invalid', 'Invalid options: expected an object such as {"rate": 0.2}.', { param: 'options' });
      ctx.setWorkspaceScenario(id, parseScenario(requiredString(body, 'scenario'), options as ScenarioOptions));
      return scenarioBody(ctx, id);
    },
  },
  {
    method: 'POST',
    path: '/_mock/workspaces/:id/reset',
    operationId: 'adminResetWorkspace',
    summary: 'Reset one workspace',
    description:
      'Empties one workspace (a fixture workspace goes back to its fixture contents) and its webhook deliveries, after the requests in flight in it finish; its keys, clock and scenario stay.',
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'workspace'],
      properties: { status: { const: 'ok' }, workspace: { type: 'string' } },
    },
    example: { status: 'ok', workspace: 'ws_acme' },
    handler: async ({ ctx, body, path }) => {
      onlyKeys(body, []);
      const id = workspaceOf(ctx, path.id).id;
      await ctx.inFlight.replace(id, () => ctx.resetWorkspace(id));
      return { status: 'ok', workspace: id };
    },
  },
];

/** A workspace as `GET /_mock/workspaces` lists it. */
export function presentWorkspace(ctx: MockContext, workspace: Workspace) {
  return {
    id: workspace.id,
    object: 'workspace',
    name: workspace.name,
    account: workspace.account,
    created: workspace.created,
    default_version: workspace.default_version,
    clock: clockBody(ctx, workspace.id),
    scenario: scenarioBody(ctx, workspace.id),
    counts: { test: counts(workspace.test), live: counts(workspace.live) },
  };
}

/** How many objects of each kind a mode holds (what the dashboard's workspace picker shows). */
function counts(partition: Partition): Record<'payment' | 'customer' | 'refund' | 'payment_method' | 'webhook_endpoint' | 'event', number> {
  return {
    payment: partition.payments.size,
    customer: partition.customers.size,
    refund: partition.refunds.size,
    payment_method: partition.paymentMethods.size,
    webhook_endpoint: partition.webhookEndpoints.size,
    event: partition.events.size,
  };
}

/** The clock a workspace follows now, and whether it is the server's. */
export function clockBody(ctx: MockContext, id: string) {
  return { ...ctx.clockFor(id).state(), workspace: id, follows_server: !ctx.workspaces.hasOwnClock(id) };
}

/** The scenario that applies to a workspace's requests, and whether it is the server's. */
export function scenarioBody(ctx: MockContext, id: string) {
  const scenario = ctx.scenarioFor(id);
  return {
    scenario: scenario.scenario,
    options: scenario.options,
    description: SCENARIO_DESCRIPTIONS[scenario.scenario],
    workspace: id,
    follows_server: ctx.workspaces.scenario(id) === undefined,
  };
}

function workspaceOf(ctx: MockContext, id: string | undefined): Workspace {
  const workspace = ctx.store.workspaces.get(id ?? '');
  if (!workspace) throw noSuchWorkspace(id, 'id');
  return workspace;
}

function readClockBody(body: Input): { mode: ClockMode; now: string | number | undefined } {
  onlyKeys(body, ['mode', 'now']);
  const mode = requiredString(body, 'mode') as ClockMode;
  if (!['real', 'frozen', 'offset'].includes(mode))
    throw new ApiError('parameter_invalid', `Invalid mode: ${mode.slice(0, 40)}. Use real, frozen or offset.`, { param: 'mode' });
  const now = body.now;
  if (now !== undefined && typeof now !== 'string' && typeof now !== 'number')
    throw new ApiError('parameter_invalid', 'Invalid now: use Unix seconds or an ISO-8601 time.', { param: 'now' });
  return { mode, now };
}
