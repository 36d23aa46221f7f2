import type { KeyRecord, Store } from '../store/store';

/** A key as the dashboard (`GET /_mock/keys`) shows it: whole, with its workspace and account. */
export function keyEntry(store: Store, record: KeyRecord) {
  return {
    key: record.key,
    kind: record.kind,
    livemode: record.livemode,
    workspace: record.workspace,
    account: store.workspaces.get(record.workspace)?.account ?? null,
    permissions: record.permissions,
    expires_at: record.expires_at,
  };
}

/** A key entry of the admin API, `GET /_mock/keys`. */
export type KeyEntry = ReturnType<typeof keyEntry>;
