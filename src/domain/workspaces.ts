import { ApiError } from '../errors/api-error';
import { KeyKind } from '../schemas/resources';
import { KeyRecord, Store, Workspace } from '../store/store';
import { newKey } from './keys';
import { versionAt } from './versions';

const KINDS: KeyKind[] = ['secret', 'publishable', 'restricted'];

/** A fresh, empty workspace with a key of every kind in test and live mode (restricted keys read-only). */
export function newWorkspace(store: Store, options: { name?: string; now: number }): { workspace: Workspace; keys: KeyRecord[] } {
  const id = store.newId('ws');
  const workspace = store.addWorkspace({
    id,
    name: options.name ?? `Workspace ${id.slice(-6)}`,
    account: store.newId('acct'),
    created: options.now,
    default_version: versionAt(options.now),
  });
  const keys: KeyRecord[] = [];
  for (const livemode of [false, true]) {
    for (const kind of KINDS) {
      keys.push(newKey(store, { kind, livemode, workspace: id, permissions: null, expires_at: null, created: options.now }));
    }
  }
  return { workspace, keys };
}

/**
 * The error for a workspace id that names none, one message wherever it is met (a path, a body, a query, a flow, a
 * handle): what was asked for, and where the ids are.
 * @example if (!store.workspaces.has(id)) throw noSuchWorkspace(id, 'workspace', 400);
 */
export function noSuchWorkspace(id: unknown, param: string, status?: number): ApiError {
  const message = `No such workspace: '${String(id).slice(0, 100)}'. GET /_mock/workspaces lists them; POST /_mock/workspaces makes one.`;
  return new ApiError('resource_missing', message, status === undefined ? { param } : { param, status });
}
