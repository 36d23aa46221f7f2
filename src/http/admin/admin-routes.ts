import { MockContext } from '../../context';
import { maskKey, newKey, permissionsOf, rotateKey } from '../../domain/keys';
import { newWorkspace } from '../../domain/workspaces';
import { LATEST_VERSION, versionChanges, VERSIONS } from '../../domain/versions';
import { parseDuration } from '../../clock/duration';
import { ClockMode } from '../../clock/clock';
import { ApiError } from '../../errors/api-error';
import { streamState } from '../../fixtures/write-state';
import { StreamedJson } from './streamed-json';
import { PACKAGE_VERSION } from '../../package-version';
import { parseScenario, SCENARIO_DESCRIPTIONS, ScenarioOptions } from '../../scenarios/scenarios';
import { KeyKind, PERMISSION_RESOURCES, Permissions } from '../../schemas/resources';
import { KeyRecord } from '../../store/store';
import { Routed } from '../router';
import { asParam, Input, onlyKeys, optionalBoolean, optionalString, requiredString } from './admin-input';
import { importState } from './import-state';

export interface AdminCall {
  ctx: MockContext;
  body: Input;
  query: URLSearchParams;
  path: Record<string, string>;
}

export interface AdminRoute extends Routed {
  summary: string;
  handler: (call: AdminCall) => unknown | Promise<unknown>;
}

/** A key as the dashboard (`GET /_mock/keys`) shows it: whole, with its workspace and account. */
export function keyEntry(ctx: MockContext, record: KeyRecord) {
  return {
    key: record.key,
    kind: record.kind,
    livemode: record.livemode,
    workspace: record.workspace,
    account: ctx.store.workspaces.get(record.workspace)?.account ?? null,
    permissions: record.permissions,
    expires_at: record.expires_at,
  };
}

const KEY_KINDS: KeyKind[] = ['secret', 'publishable', 'restricted'];
const MAX_WORKSPACE_NAME = 256;
/** A longer grace is no test anyone needs, and a huge one would put the key's expiry beyond the clock's range. */
const MAX_ROTATION_GRACE = 365 * 86400;

export const ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET', path: '/_mock/health', summary: 'Liveness; never needs the admin token',
    handler: () => ({ status: 'ok', version: PACKAGE_VERSION }),
  },
  {
    method: 'POST', path: '/_mock/reset', summary: 'Store, keys, journal and faults back to the fixtures',
    handler: async ({ ctx, body }) => {
      onlyKeys(body, []);
      await ctx.inFlight.replace(null, () => ctx.reset());
      return { status: 'ok' };
    },
  },
  {
    method: 'GET', path: '/_mock/keys', summary: 'Every key, whole',
    handler: ({ ctx }) => ({ object: 'list', data: [...ctx.store.keys.values()].map((record) => keyEntry(ctx, record)) }),
  },
  {
    method: 'POST', path: '/_mock/keys', summary: 'Create a key',
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['workspace', 'kind', 'livemode', 'permissions']);
      const workspace = requiredString(body, 'workspace');
      if (!ctx.store.workspaces.has(workspace)) throw new ApiError('resource_missing', `No such workspace: '${workspace}'.`, { param: 'workspace', status: 400 });
      const kind = requiredString(body, 'kind') as KeyKind;
      if (!KEY_KINDS.includes(kind)) throw new ApiError('parameter_invalid', `Invalid kind: ${kind}. Use secret, publishable or restricted.`, { param: 'kind' });
      const permissions = readPermissions(body.permissions, kind);
      const record = newKey(ctx.store, { kind, livemode: optionalBoolean(body, 'livemode') ?? false, workspace, permissions, expires_at: null, created: ctx.clock.now() });
      return keyEntry(ctx, record);
    },
  },
  {
    method: 'POST', path: '/_mock/keys/:key/rotate', summary: 'Rotate a key; the old one keeps working for expires_in',
    handler: ({ ctx, body, path }) => {
      onlyKeys(body, ['expires_in']);
      const old = ctx.store.keys.get(path.key as string);
      if (!old) throw new ApiError('resource_missing', `No such key: '${path.key}'. GET /_mock/keys lists them.`, { param: 'key' });
      if (old.expires_at !== null) {
        // Rotating again would move (or revive) the expiry of a key that has already been replaced.
        const when = new Date(old.expires_at * 1000).toISOString();
        throw new ApiError('parameter_invalid', `Key ${maskKey(old.key)} was rotated already (it stops working at ${when}): rotate the key that replaced it.`, { param: 'key' });
      }
      const expiresIn = body.expires_in ?? '24h';
      const grace = expiresIn === 'now' ? 0 : asParam('expires_in', () => parseDuration(expiresIn as string | number));
      if (grace < 0) throw new ApiError('parameter_invalid', 'Invalid expires_in: it cannot be negative. Use "now" to expire the old key at once.', { param: 'expires_in' });
      if (grace > MAX_ROTATION_GRACE) throw new ApiError('parameter_invalid', `Invalid expires_in: at most 365 days (got ${String(expiresIn)}).`, { param: 'expires_in' });
      const now = ctx.clock.now();
      const fresh = rotateKey(ctx.store, old, now, grace);
      return { key: keyEntry(ctx, fresh), old_key_expires_at: old.expires_at };
    },
  },
  {
    method: 'GET', path: '/_mock/clock', summary: 'The mock clock',
    handler: ({ ctx }) => ctx.clock.state(),
  },
  {
    method: 'PUT', path: '/_mock/clock', summary: 'Set the clock mode and time',
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['mode', 'now']);
      const mode = requiredString(body, 'mode') as ClockMode;
      if (!['real', 'frozen', 'offset'].includes(mode)) throw new ApiError('parameter_invalid', `Invalid mode: ${mode}. Use real, frozen or offset.`, { param: 'mode' });
      const now = body.now as string | number | undefined;
      if (now !== undefined && typeof now !== 'string' && typeof now !== 'number') throw new ApiError('parameter_invalid', 'Invalid now: use Unix seconds or an ISO-8601 time.', { param: 'now' });
      return asParam('now', () => ctx.clock.set(mode, now));
    },
  },
  {
    method: 'POST', path: '/_mock/clock/advance', summary: 'Move the clock by a duration ("25h", "-1d", or seconds)',
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['by']);
      if (body.by === undefined) throw new ApiError('parameter_missing', 'Missing required param: by (e.g. "25h", "30d", or a number of seconds).', { param: 'by' });
      return asParam('by', () => ctx.clock.advance(body.by as string | number));
    },
  },
  {
    method: 'GET', path: '/_mock/scenario', summary: 'The current scenario',
    handler: ({ ctx }) => scenarioBody(ctx),
  },
  {
    method: 'PUT', path: '/_mock/scenario', summary: 'Switch scenario',
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['scenario', 'options']);
      const options = body.options ?? {};
      if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new ApiError('parameter_invalid', 'Invalid options: expected an object such as {"rate": 0.2}.', { param: 'options' });
      ctx.scenario = parseScenario(requiredString(body, 'scenario'), options as ScenarioOptions);
      return scenarioBody(ctx);
    },
  },
  {
    method: 'GET', path: '/_mock/requests', summary: 'The request journal, newest first',
    handler: ({ ctx, query }) => {
      for (const name of query.keys()) {
        if (!['method', 'path', 'status', 'limit'].includes(name)) throw new ApiError('parameter_unknown', `Received unknown parameter: ${name}. Filters: method, path, status, limit.`, { param: name });
      }
      const status = query.get('status');
      const limit = query.get('limit');
      if (status !== null && !/^\d{3}$/.test(status)) throw new ApiError('parameter_invalid_integer', `Invalid status: ${status}. Use an HTTP status such as 402.`, { param: 'status' });
      if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000)) throw new ApiError('parameter_invalid_integer', `Invalid limit: ${limit}. Use 1 to 1000.`, { param: 'limit' });
      const data = ctx.journal.list({
        ...(query.get('method') ? { method: query.get('method') as string } : {}),
        ...(query.get('path') ? { path: query.get('path') as string } : {}),
        ...(status !== null ? { status: Number(status) } : {}),
        ...(limit !== null ? { limit: Number(limit) } : {}),
      });
      return { object: 'list', data };
    },
  },
  {
    method: 'DELETE', path: '/_mock/requests', summary: 'Empty the journal',
    handler: ({ ctx }) => {
      ctx.journal.clear();
      return { status: 'ok' };
    },
  },
  {
    method: 'GET', path: '/_mock/state', summary: 'Export the store (fixture format, absolute times)',
    // Streamed, like a save: a store of any size exports, and requests are answered meanwhile.
    handler: ({ ctx }) => new StreamedJson((write) => streamState(ctx.store, write)),
  },
  {
    method: 'PUT', path: '/_mock/state', summary: 'Replace the store (validated like fixtures)',
    handler: async ({ ctx, body }) => {
      await importState(ctx, body);
      return { status: 'ok' };
    },
  },
  {
    method: 'POST', path: '/_mock/state/save', summary: 'Save the store to the --state file',
    handler: async ({ ctx }) => {
      if (!ctx.saveState) throw new ApiError('parameter_invalid', 'No state file: start payments-mock with --state <file> to save state.');
      const file = await ctx.saveState();
      return { status: 'ok', file };
    },
  },
  {
    method: 'GET', path: '/_mock/versions', summary: 'API versions',
    handler: () => ({ default: LATEST_VERSION, versions: VERSIONS, changes: versionChanges() }),
  },
  {
    method: 'POST', path: '/_mock/workspaces', summary: 'A fresh, empty, isolated workspace with every kind of key',
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['name']);
      const name = optionalString(body, 'name');
      // The same limit as fixtures and state files, so a workspace made here survives a save and a restart.
      if (name !== undefined && name.length > MAX_WORKSPACE_NAME) throw new ApiError('parameter_invalid', `Invalid name: at most ${MAX_WORKSPACE_NAME} characters (got ${name.length}).`, { param: 'name' });
      const { workspace, keys } = newWorkspace(ctx.store, { ...(name ? { name } : {}), now: ctx.clock.now() });
      return { workspace: workspace.id, account: workspace.account, name: workspace.name, keys: keys.map((record) => keyEntry(ctx, record)) };
    },
  },
  {
    method: 'DELETE', path: '/_mock/workspaces/:id', summary: 'Drop a workspace, its keys and its data',
    handler: async ({ ctx, path }) => {
      const id = path.id as string;
      if (!ctx.store.workspaces.has(id)) throw new ApiError('resource_missing', `No such workspace: '${id}'.`, { param: 'id' });
      await ctx.inFlight.replace(id, () => ctx.store.removeWorkspace(id));
      return { status: 'ok', deleted: id };
    },
  },
  {
    method: 'POST', path: '/_mock/faults', summary: 'Queue a fault for the next matching /v1 requests',
    handler: ({ ctx, body }) => ctx.faults.add(body),
  },
  {
    method: 'GET', path: '/_mock/faults', summary: 'Queued faults',
    handler: ({ ctx }) => ({ object: 'list', data: ctx.faults.list() }),
  },
  {
    method: 'DELETE', path: '/_mock/faults', summary: 'Clear queued faults',
    handler: ({ ctx }) => {
      ctx.faults.clear();
      return { status: 'ok' };
    },
  },
];

function scenarioBody(ctx: MockContext) {
  return { scenario: ctx.scenario.scenario, options: ctx.scenario.options, description: SCENARIO_DESCRIPTIONS[ctx.scenario.scenario] };
}

function readPermissions(value: unknown, kind: KeyKind): Permissions | null {
  if (value === undefined) return kind === 'restricted' ? permissionsOf('read') : null;
  if (kind !== 'restricted') throw new ApiError('parameter_invalid', 'Only restricted keys take permissions.', { param: 'permissions' });
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ApiError('parameter_invalid', 'Invalid permissions: expected an object such as {"payments": "read"}.', { param: 'permissions' });
  const permissions = permissionsOf('none');
  for (const [resource, level] of Object.entries(value)) {
    if (!(PERMISSION_RESOURCES as readonly string[]).includes(resource)) throw new ApiError('parameter_invalid', `Unknown permission ${resource}. Use ${PERMISSION_RESOURCES.join(', ')}.`, { param: `permissions[${resource}]` });
    if (level !== 'none' && level !== 'read' && level !== 'write') throw new ApiError('parameter_invalid', `Invalid level for ${resource}: use none, read or write.`, { param: `permissions[${resource}]` });
    permissions[resource as keyof Permissions] = level;
  }
  return permissions;
}
