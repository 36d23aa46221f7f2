import { newWorkspace } from '../../domain/workspaces';
import { ApiError } from '../../errors/api-error';
import { onlyKeys, optionalString } from '../kit/admin-input';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { AdminRoute } from '../route-types';
import { EXAMPLE_KEY } from '../examples';
import { keyEntry } from '../../domain/key-entry';

const MAX_WORKSPACE_NAME = 256;
const FAULT_EXAMPLE = { id: 1, method: 'POST', path: '/v1/payments*', times: 1, phase: 'after', error: 'reset' };

/** Isolated workspaces for parallel test workers, and faults queued for the next /v1 requests. */
export const ADMIN_WORKSPACE_AND_FAULT_ROUTES: AdminRoute[] = [
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
      if (!ctx.store.workspaces.has(id)) throw new ApiError('resource_missing', `No such workspace: '${id}'.`, { param: 'id' });
      await ctx.inFlight.replace(id, () => ctx.deleteWorkspace(id));
      return { status: 'ok', deleted: path.id };
    },
  },
  {
    method: 'POST',
    path: '/_mock/faults',
    operationId: 'adminAddFault',
    summary: 'Queue a fault',
    description:
      'The next `times` /v1 requests matching `method` and `path` fail with `error`: `before` fails without executing; `after` executes ' +
      '(the result is saved for idempotent replay) and then fails, or drops the connection with `reset`.',
    body: ADMIN_SHAPES.addFault,
    exampleBody: { method: 'POST', path: '/v1/payments*', times: 1, phase: 'after', error: 'reset' },
    response: { $ref: '#/components/schemas/Fault' },
    example: FAULT_EXAMPLE,
    handler: ({ ctx, body }) => ctx.faults.add(body),
  },
  {
    method: 'GET',
    path: '/_mock/faults',
    operationId: 'adminListFaults',
    summary: 'Queued faults',
    description: 'The faults still queued, with how many times each is left.',
    response: ADMIN_SHAPES.faults,
    example: { object: 'list', data: [FAULT_EXAMPLE] },
    handler: ({ ctx }) => ({ object: 'list', data: ctx.faults.list() }),
  },
  {
    method: 'DELETE',
    path: '/_mock/faults',
    operationId: 'adminClearFaults',
    summary: 'Clear queued faults',
    description: 'Drops every queued fault.',
    response: { $ref: '#/components/schemas/Status' },
    example: { status: 'ok' },
    handler: ({ ctx }) => {
      ctx.faults.clear();
      return { status: 'ok' };
    },
  },
];
