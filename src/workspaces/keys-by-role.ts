import type { KeyKind } from '../schemas/resources';

/** The key of every kind in each mode, by role. */
export interface WorkspaceKeys {
  secret: string;
  publishable: string;
  restricted: string;
  liveSecret: string;
  livePublishable: string;
  liveRestricted: string;
}

/**
 * Picks each role's key from a workspace's keys (a key still in rotation grace is passed over).
 * @example keysByRole(mock.keys.filter((k) => k.workspace === id)).secret // 'sk_test_…'
 */
export function keysByRole(entries: Iterable<{ key: string; kind: KeyKind; livemode: boolean; expires_at: number | null }>): WorkspaceKeys {
  const list = [...entries].filter((entry) => entry.expires_at === null);
  const key = (kind: KeyKind, livemode: boolean) => list.find((k) => k.kind === kind && k.livemode === livemode)?.key ?? '';
  return {
    secret: key('secret', false),
    publishable: key('publishable', false),
    restricted: key('restricted', false),
    liveSecret: key('secret', true),
    livePublishable: key('publishable', true),
    liveRestricted: key('restricted', true),
  };
}
