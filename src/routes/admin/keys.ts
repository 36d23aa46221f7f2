import { keyEntry } from '../../domain/key-entry';
import { newKey, permissionsOf, rotateKey } from '../../domain/keys';
import { maskKey } from '../../masking/mask-text';
import { parseDuration } from '../../clock/duration';
import { ApiError } from '../../errors/api-error';
import { asParam, onlyKeys, optionalBoolean, requiredString } from '../shared/admin-input';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { KeyKind, PERMISSION_RESOURCES, Permissions } from '../../schemas/resources';
import { AdminRoute } from '../route-types';
import { EXAMPLE_KEY } from '../examples';
import { noSuchWorkspace } from '../../domain/workspaces';

const KEY_KINDS: KeyKind[] = ['secret', 'publishable', 'restricted'];

/** A longer grace is no test anyone needs, and a huge one would put the key's expiry beyond the clock's range. */
const MAX_ROTATION_GRACE = 365 * 86400;

/** Keys: list every key whole, create one, rotate one with a grace period. */
export const ADMIN_KEY_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/keys',
    operationId: 'adminListKeys',
    summary: 'Every key, whole',
    description: 'Every key of every workspace, whole, with its kind, mode, workspace, account, permissions and expiry.',
    response: ADMIN_SHAPES.keyList,
    example: { object: 'list', data: [EXAMPLE_KEY] },
    handler: ({ ctx }) => ({ object: 'list', data: [...ctx.store.keys.values()].map((record) => keyEntry(ctx.store, record)) }),
  },
  {
    method: 'POST',
    path: '/_mock/keys',
    operationId: 'adminCreateKey',
    summary: 'Create a key',
    description:
      'Creates a key of a kind and mode in a workspace. Restricted keys take `permissions` (resources left out: `none`; no permissions at all: read everything).',
    body: ADMIN_SHAPES.createKey,
    exampleBody: { workspace: 'ws_default', kind: 'restricted', livemode: false, permissions: { payments: 'read' } },
    response: { $ref: '#/components/schemas/KeyEntry' },
    example: EXAMPLE_KEY,
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['workspace', 'kind', 'livemode', 'permissions']);
      const workspace = requiredString(body, 'workspace');
      if (!ctx.store.workspaces.has(workspace)) throw noSuchWorkspace(workspace, 'workspace', 400);
      const kind = requiredString(body, 'kind') as KeyKind;
      if (!KEY_KINDS.includes(kind))
        throw new ApiError('parameter_invalid', `Invalid kind: ${kind}. Use secret, publishable or restricted.`, { param: 'kind' });
      const permissions = readPermissions(body.permissions, kind);
      const record = newKey(ctx.store, {
        kind,
        livemode: optionalBoolean(body, 'livemode') ?? false,
        workspace,
        permissions,
        expires_at: null,
        created: ctx.clockFor(workspace).now(),
      });
      return keyEntry(ctx.store, record);
    },
  },
  {
    method: 'POST',
    path: '/_mock/keys/:key/rotate',
    operationId: 'adminRotateKey',
    summary: 'Rotate a key',
    description:
      'Returns a new key of the same kind; the old one keeps working for `expires_in` on the mock clock (default 24h), then gets 401 `api_key_expired`.',
    body: ADMIN_SHAPES.rotateKey,
    exampleBody: { expires_in: '1h' },
    response: ADMIN_SHAPES.rotation,
    example: { key: EXAMPLE_KEY, old_key_expires_at: 1767229200 },
    handler: ({ ctx, body, path }) => {
      onlyKeys(body, ['expires_in']);
      const old = ctx.store.keys.get(path.key as string);
      if (!old) throw new ApiError('resource_missing', `No such key: '${path.key}'. GET /_mock/keys lists them.`, { param: 'key' });
      if (old.expires_at !== null) {
        // Rotating again would move (or revive) the expiry of a key that has already been replaced.
        const when = new Date(old.expires_at * 1000).toISOString();
        throw new ApiError('parameter_invalid', `Key ${maskKey(old.key)} was rotated already (it stops working at ${when}): rotate the key that replaced it.`, {
          param: 'key',
        });
      }
      const expiresIn = body.expires_in ?? '24h';
      const grace = expiresIn === 'now' ? 0 : asParam('expires_in', () => parseDuration(expiresIn as string | number));
      if (grace < 0)
        throw new ApiError('parameter_invalid', 'Invalid expires_in: it cannot be negative. Use "now" to expire the old key at once.', { param: 'expires_in' });
      if (grace > MAX_ROTATION_GRACE)
        throw new ApiError('parameter_invalid', `Invalid expires_in: at most 365 days (got ${String(expiresIn)}).`, { param: 'expires_in' });
      const now = ctx.clockFor(old.workspace).now();
      const fresh = rotateKey(ctx.store, old, now, grace);
      return { key: keyEntry(ctx.store, fresh), old_key_expires_at: old.expires_at };
    },
  },
];

function readPermissions(value: unknown, kind: KeyKind): Permissions | null {
  if (value === undefined) return kind === 'restricted' ? permissionsOf('read') : null;
  if (kind !== 'restricted') throw new ApiError('parameter_invalid', 'Only restricted keys take permissions.', { param: 'permissions' });
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ApiError('parameter_invalid', 'Invalid permissions: expected an object such as {"payments": "read"}.', { param: 'permissions' });
  const permissions = permissionsOf('none');
  for (const [resource, level] of Object.entries(value)) {
    if (!(PERMISSION_RESOURCES as readonly string[]).includes(resource))
      throw new ApiError('parameter_invalid', `Unknown permission ${resource}. Use ${PERMISSION_RESOURCES.join(', ')}.`, { param: `permissions[${resource}]` });
    if (level !== 'none' && level !== 'read' && level !== 'write')
      throw new ApiError('parameter_invalid', `Invalid level for ${resource}: use none, read or write.`, { param: `permissions[${resource}]` });
    permissions[resource as keyof Permissions] = level;
  }
  return permissions;
}
