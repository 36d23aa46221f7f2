import { applyFixtures } from '../state/apply-fixtures';
import { NamedDocument } from '../state/read-fixtures';
import { IdCodec } from '../store/ids';
import { Random } from '../store/random';
import { Partition, Store } from '../store/store';

/**
 * The data a workspace starts with: its fixture contents (relative times counted from `now`, the workspace's
 * own clock), or empty partitions for a workspace made at run time. Fixture ids and derived values are stable
 * (they come from where they sit in the fixtures, not from the store's random source), so a workspace reset
 * brings back the same objects, and the store's id sequence is not touched.
 *
 * @example
 * const { test, live } = fixtureContents(ctx.fixtures, 'acme', ctx.clockFor('acme').now(), ctx.store.ids);
 */
export function fixtureContents(fixtures: NamedDocument[], workspaceId: string, now: number, ids: IdCodec): { test: Partition; live: Partition } {
  for (const { file, document } of fixtures) {
    const fixture = document.workspaces.find((workspace) => workspace.id === workspaceId);
    if (!fixture) continue;
    const scratch = new Store(new Random(0), ids);
    applyFixtures(scratch, [{ file, document: { workspaces: [fixture] } }], now);
    const loaded = scratch.workspaces.get(workspaceId);
    if (loaded) return { test: loaded.test, live: loaded.live };
  }
  return { test: new Partition(false, ids), live: new Partition(true, ids) };
}
