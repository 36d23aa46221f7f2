import { fromBase64, utf8Text } from '../runtime/bytes';
import { ApiError } from '../errors/api-error';
import { maskKey } from '../masking/mask-text';
import { KeyKind, PERMISSION_RESOURCES, PermissionLevel, PermissionResource, Permissions } from '../schemas/resources/account';
import { KeyRecord, Store } from '../store/store';

const PREFIX: Record<KeyKind, string> = { secret: 'sk', publishable: 'pk', restricted: 'rk' };

export function permissionsOf(level: PermissionLevel, overrides: Partial<Permissions> = {}): Permissions {
  const permissions = Object.fromEntries(PERMISSION_RESOURCES.map((name) => [name, level])) as Permissions;
  for (const name of PERMISSION_RESOURCES) if (overrides[name]) permissions[name] = overrides[name];
  return permissions;
}

/** What a key of each kind may do, as an object a client can read (`GET /v1/account`). */
export function effectivePermissions(record: KeyRecord): Permissions {
  if (record.kind === 'secret') return permissionsOf('write');
  if (record.kind === 'publishable') return permissionsOf('none', { payment_methods: 'write' });
  return record.permissions ?? permissionsOf('read');
}

export function newKey(store: Store, fields: Omit<KeyRecord, 'key'> & { key?: string }): KeyRecord {
  const key = fields.key ?? `${PREFIX[fields.kind]}_${fields.livemode ? 'live' : 'test'}_${store.newId('k').slice(2)}`;
  const record: KeyRecord = {
    ...fields,
    key,
    permissions: fields.kind === 'restricted' ? (fields.permissions ?? permissionsOf('read')) : null,
  };
  store.keys.set(key, record);
  return record;
}

/** The API key in an Authorization header: `Bearer <key>` or Basic with the key as user name (`curl -u key:`). */
export function keyFromHeader(header: string | undefined): string {
  if (!header) {
    throw new ApiError(
      'missing_api_key',
      'You did not provide an API key. Send it as `Authorization: Bearer <key>` (or `curl -u <key>:`); GET /_mock/keys lists the keys.',
    );
  }
  const space = header.indexOf(' ');
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (space > 0 && scheme === 'bearer' && value) return value;
  if (space > 0 && scheme === 'basic' && value) {
    const decoded = utf8Text(fromBase64(value));
    const colon = decoded.indexOf(':');
    const key = colon === -1 ? decoded : decoded.slice(0, colon);
    if (key) return key;
  }
  throw new ApiError('invalid_api_key', 'Invalid Authorization header: use `Bearer <key>` or Basic with the key as the user name and an empty password.');
}

/**
 * The key record for a request, or the 401 that the spec prescribes. `now` may depend on the key's workspace
 * (a workspace with a clock of its own judges its keys' grace by it).
 */
export function authenticate(store: Store, header: string | undefined, now: number | ((workspace: string) => number)): KeyRecord {
  const key = keyFromHeader(header);
  const record = store.keys.get(key);
  if (!record) throw new ApiError('invalid_api_key', `Invalid API key provided: ${maskKey(key)}. Use a key from the start-up banner or GET /_mock/keys.`);
  if (record.expires_at !== null && (typeof now === 'number' ? now : now(record.workspace)) >= record.expires_at) {
    throw new ApiError(
      'api_key_expired',
      `The API key ${maskKey(key)} was rotated and expired at ${new Date(record.expires_at * 1000).toISOString()}. Use the key that replaced it.`,
    );
  }
  return record;
}

/** Whether a key may use a permission (write implies read). */
export function allows(record: KeyRecord, resource: PermissionResource, level: 'read' | 'write'): boolean {
  const granted = effectivePermissions(record)[resource];
  return granted === 'write' || granted === level;
}

/**
 * Replaces a key with a new one of the same kind and permissions; the old one keeps working for `graceSeconds`
 * on the mock clock, then answers 401 api_key_expired. Rotating a key again may shorten its grace but never
 * lengthens it, so an expired key is never brought back.
 */
export function rotateKey(store: Store, old: KeyRecord, now: number, graceSeconds: number): KeyRecord {
  const expiresAt = now + Math.max(0, graceSeconds);
  old.expires_at = old.expires_at === null ? expiresAt : Math.min(old.expires_at, expiresAt);
  const { key: _old, ...fields } = old;
  return newKey(store, { ...fields, permissions: old.permissions ? { ...old.permissions } : null, expires_at: null, created: now });
}
