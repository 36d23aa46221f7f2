import { boolean, enumOf, integer, keyed, literal, object, Static, string } from '../typed-schema';
import { id } from './shared';

/** What a restricted key's permissions name, one level each. */
export const PERMISSION_RESOURCES = ['payments', 'refunds', 'customers', 'events', 'payment_methods', 'account', 'webhook_endpoints'] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];

const levelSchema = enumOf(['none', 'read', 'write']);
export type PermissionLevel = Static<typeof levelSchema>;

const permissionsSchema = keyed(PERMISSION_RESOURCES, levelSchema);
export type Permissions = Static<typeof permissionsSchema>;

const keyKindSchema = enumOf(['secret', 'publishable', 'restricted']);
export type KeyKind = Static<typeof keyKindSchema>;

export const accountSchema = object({
  id: id('acct'),
  object: literal('account'),
  name: string(),
  livemode: boolean(),
  default_version: string(),
  created: integer(),
  key: object({ kind: keyKindSchema, permissions: permissionsSchema }),
});
/** The account a key belongs to, and what that key may do. */
export type Account = Static<typeof accountSchema>;
