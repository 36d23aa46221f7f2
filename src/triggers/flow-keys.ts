import type { MockContext } from '../context/mock-context';
import { effectivePermissions, newKey, permissionsOf } from '../domain/keys';
import { ApiError } from '../errors/api-error';
import { PERMISSION_RESOURCES, PermissionLevel, Permissions } from '../schemas/resources';
import type { KeyRecord } from '../store/store';
import type { KeyKind } from './flow-types';

const RANK: Record<PermissionLevel, number> = { none: 0, read: 1, write: 2 };

/**
 * Whether a key may do at least what `needed` names (write covers read; resources left out need nothing).
 *
 * @example mayDo(refundsKey, { refunds: 'write', payments: 'read' }); // true
 */
export function mayDo(record: KeyRecord, needed: Partial<Permissions>): boolean {
  const granted = effectivePermissions(record);
  return PERMISSION_RESOURCES.every((resource) => RANK[granted[resource]] >= RANK[needed[resource] ?? 'none']);
}

/**
 * The key a flow step is sent with: the workspace's current key of that kind in the flow's mode (never a rotated
 * one in its grace). A restricted step that names `key_permissions` (a session kept as a flow records what its key
 * could do) takes the first restricted key that may do as much, and makes one with exactly those permissions when
 * the workspace has none, as `POST /_mock/keys` would: a replay on a fresh mock then answers as the session did.
 *
 * @example keyFor(ctx, { workspace: 'acme', livemode: false }, 'restricted', { refunds: 'write' }); // 'rk_test_…'
 */
export function keyFor(ctx: MockContext, target: { workspace: string; livemode: boolean }, kind: KeyKind, needed?: Partial<Permissions>): string {
  const { workspace, livemode } = target;
  for (const record of ctx.store.keys.values()) {
    if (record.workspace !== workspace || record.livemode !== livemode || record.kind !== kind || record.expires_at !== null) continue;
    if (needed === undefined || mayDo(record, needed)) return record.key;
  }
  if (kind === 'restricted' && needed !== undefined && ctx.store.workspaces.has(workspace))
    return newKey(ctx.store, {
      kind,
      livemode,
      workspace,
      permissions: permissionsOf('none', needed),
      expires_at: null,
      created: ctx.clockFor(workspace).now(),
    }).key;
  throw new ApiError(
    'resource_missing',
    `Workspace ${workspace} has no ${kind} ${livemode ? 'live' : 'test'} key: make one with POST /_mock/keys {"workspace": "${workspace}", "kind": "${kind}", "livemode": ${livemode}}.`,
    { param: 'key', status: 400 },
  );
}
