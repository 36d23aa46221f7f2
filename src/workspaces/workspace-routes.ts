import { ClockMode } from '../clock/clock';
import type { MockContext } from '../context';
import { ApiError } from '../errors/api-error';
import { asParamAsync, Input, onlyKeys, requiredString } from '../http/admin/admin-input';
import type { AdminRoute } from '../http/admin/admin-routes';
import { parseScenario, SCENARIO_DESCRIPTIONS, ScenarioOptions } from '../scenarios/scenarios';
import { Workspace } from '../store/store';

/**
 * `/_mock/workspaces/{id}/…`: a workspace as a whole sandbox for one test worker (contract section 17). Its clock
 * and scenario follow the server's until set here; reset empties it alone.
 * @example
 * // curl -X POST localhost:4010/_mock/workspaces/ws_1/clock/advance -H 'Content-Type: application/json' -d '{"by":"31d"}'
 */
export const WORKSPACE_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET', path: '/_mock/workspaces', summary: 'Every workspace, with its clock and scenario',
    handler: ({ ctx, query }) => {
      onlyQuery(query);
      return { object: 'list', data: [...ctx.store.workspaces.values()].map((workspace) => presentWorkspace(ctx, workspace)) };
    },
  },
  {
    method: 'GET', path: '/_mock/workspaces/:id', summary: 'One workspace, with its clock and scenario',
    handler: ({ ctx, path, query }) => {
      onlyQuery(query);
      return presentWorkspace(ctx, workspaceOf(ctx, path.id));
    },
  },
  {
    method: 'GET', path: '/_mock/workspaces/:id/clock', summary: "A workspace's clock (the server's until set)",
    handler: ({ ctx, path, query }) => {
      onlyQuery(query);
      return clockBody(ctx, workspaceOf(ctx, path.id).id);
    },
  },
  {
    method: 'PUT', path: '/_mock/workspaces/:id/clock', summary: "Set a workspace's clock mode and time; other workspaces and the server clock stay",
    handler: async ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      const { mode, now } = readClockBody(body);
      await asParamAsync('now', () => ctx.setWorkspaceClock(id, mode, now));
      return clockBody(ctx, id);
    },
  },
  {
    method: 'POST', path: '/_mock/workspaces/:id/clock/advance', summary: "Move a workspace's clock by a duration, running its webhook retries on the way",
    handler: async ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      onlyKeys(body, ['by']);
      if (body.by === undefined) throw new ApiError('parameter_missing', 'Missing required param: by (e.g. "25h", "31d", or a number of seconds).', { param: 'by' });
      if (typeof body.by !== 'string' && typeof body.by !== 'number') throw new ApiError('parameter_invalid', 'Invalid by: use a duration such as "25h" or "31d", or a number of seconds.', { param: 'by' });
      await asParamAsync('by', () => ctx.advanceWorkspaceClock(id, body.by as string | number));
      return clockBody(ctx, id);
    },
  },
  {
    method: 'GET', path: '/_mock/workspaces/:id/scenario', summary: 'The scenario for requests with a workspace\'s keys',
    handler: ({ ctx, path, query }) => {
      onlyQuery(query);
      return scenarioBody(ctx, workspaceOf(ctx, path.id).id);
    },
  },
  {
    method: 'PUT', path: '/_mock/workspaces/:id/scenario', summary: 'Switch the scenario of one workspace (null: follow the server)',
    handler: ({ ctx, body, path }) => {
      const id = workspaceOf(ctx, path.id).id;
      onlyKeys(body, ['scenario', 'options']);
      if (!('scenario' in body)) throw new ApiError('parameter_missing', 'Missing required param: scenario (a scenario name, or null to follow the server\'s).', { param: 'scenario' });
      if (body.scenario === null) {
        if (body.options !== undefined) throw new ApiError('parameter_invalid', 'Options go with a scenario: with "scenario": null the workspace follows the server\'s scenario and its options.', { param: 'options' });
        ctx.setWorkspaceScenario(id, null);
        return scenarioBody(ctx, id);
      }
      const options = body.options ?? {};
      if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ApiError('parameter_invalid', 'Invalid options: expected an object such as {"rate": 0.2}.', { param: 'options' });
      ctx.setWorkspaceScenario(id, parseScenario(requiredString(body, 'scenario'), options as ScenarioOptions));
      return scenarioBody(ctx, id);
    },
  },
  {
    method: 'POST', path: '/_mock/workspaces/:id/reset', summary: 'Empty one workspace (a fixture workspace: back to its fixtures); keys, clock and scenario stay',
    handler: ({ ctx, body, path }) => {
      onlyKeys(body, []);
      const id = workspaceOf(ctx, path.id).id;
      ctx.resetWorkspace(id);
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
  if (!workspace) {
    throw new ApiError('resource_missing', `No such workspace: '${String(id).slice(0, 100)}'. GET /_mock/workspaces lists them; POST /_mock/workspaces makes one.`, { param: 'id' });
  }
  return workspace;
}

function readClockBody(body: Input): { mode: ClockMode; now: string | number | undefined } {
  onlyKeys(body, ['mode', 'now']);
  const mode = requiredString(body, 'mode') as ClockMode;
  if (!['real', 'frozen', 'offset'].includes(mode)) throw new ApiError('parameter_invalid', `Invalid mode: ${mode.slice(0, 40)}. Use real, frozen or offset.`, { param: 'mode' });
  const now = body.now;
  if (now !== undefined && typeof now !== 'string' && typeof now !== 'number') throw new ApiError('parameter_invalid', 'Invalid now: use Unix seconds or an ISO-8601 time.', { param: 'now' });
  return { mode, now };
}

function onlyQuery(query: URLSearchParams): void {
  for (const name of query.keys()) {
    throw new ApiError('parameter_unknown', `Received unknown parameter: ${name.slice(0, 100)}. This endpoint takes no parameters.`, { param: name.slice(0, 100) });
  }
}
