import { ApiError } from '../../errors/api-error';
import { Partition, Store, Workspace } from '../../store/store';
import { QueryParams } from '../route-types';
import { noSuchWorkspace } from '../../domain/workspaces';

/*
 * What the admin lists across workspaces share (`/_mock/objects`, `/_mock/events`): the workspace and mode
 * filter, the limit, and the list shape. Strict query parameters, like the rest of /_mock.
 */

export const anyObject = { type: 'object', additionalProperties: true } as const;

/** The JSON Schema of a list of any objects, with `extra` properties beside `data`. */
export const listOfObjects = (extra: Record<string, object> = {}) => ({
  type: 'object',
  additionalProperties: false,
  required: ['object', 'data', 'has_more', ...Object.keys(extra)],
  properties: { object: { const: 'list' }, data: { type: 'array', items: anyObject }, has_more: { type: 'boolean' }, ...extra },
});
export const WORKSPACE_QUERY = {
  workspace: { type: 'string', description: 'Only this workspace.' },
  livemode: { enum: ['true', 'false'], description: 'Only live (true) or test (false) objects.' },
};
export const LIMIT_QUERY = { limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many (default 100).' } };

/**
 * The workspaces and modes a query's `workspace` and `livemode` select, each as its partition.
 * @example for (const { workspace, partition } of places(ctx.store, query)) …
 */
export function* places(store: Store, query: QueryParams): IterableIterator<{ workspace: Workspace; partition: Partition }> {
  const workspaceId = query.get('workspace');
  if (workspaceId !== null && !store.workspaces.has(workspaceId)) throw noSuchWorkspace(workspaceId, 'workspace', 400);
  const livemode = query.get('livemode');
  if (livemode !== null && livemode !== 'true' && livemode !== 'false')
    throw new ApiError('parameter_invalid', `Invalid livemode: ${livemode.slice(0, 40)}. Use true or false.`, { param: 'livemode' });
  for (const workspace of store.workspaces.values()) {
    if (workspaceId !== null && workspace.id !== workspaceId) continue;
    if (livemode !== 'true') yield { workspace, partition: workspace.test };
    if (livemode !== 'false') yield { workspace, partition: workspace.live };
  }
}
