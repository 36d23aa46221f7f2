import type { Clock } from '../clock/clock';
import type { EventBus } from '../bus/bus';
import { newWorkspace } from '../domain/workspaces';
import type { MemoryBudget } from '../memory/memory-budget';
import type { FaultQueue } from '../scenarios/faults';
import { applyFixtures } from '../state/apply-fixtures';
import { exportState } from '../state/export-state';
import type { FixtureDocument } from '../state/fixture-types';
import type { LoadedState } from '../state/load-state-file';
import type { NamedDocument } from '../state/read-fixtures';
import { SavedControls, savedControlsOf } from '../state/saved-controls';
import type { Journal } from '../store/journal';
import type { RandomStreams } from '../store/random-streams';
import { IdState, Store } from '../store/store';
import { ensureCliEndpoints, CliEndpoint } from '../webhooks/cli-endpoints';
import type { Webhooks } from '../webhooks/webhooks';
import { fixtureContents } from '../workspaces/fixture-contents';
import type { WorkspaceControls } from '../workspaces/workspace-controls';
import { expireAll, expirePartition } from './expiry';

/**
 * What replacing an instance's store touches: the store itself, what it starts from (fixtures, `--webhook`
 * endpoints, the id stream), and whoever must hear of it (memory budget, workspace clocks, webhooks, the bus).
 */
export interface StoreHost {
  store: Store;
  changes: number;
  fixtures: NamedDocument[];
  readonly streams: RandomStreams;
  readonly clock: Clock;
  readonly cliEndpoints: CliEndpoint[];
  readonly memory: MemoryBudget;
  readonly workspaces: WorkspaceControls;
  readonly webhooks: Webhooks;
  readonly bus: EventBus;
  readonly journal: Journal;
  readonly faults: FaultQueue;
  clockFor(workspace: string): Clock;
}

/**
 * A store made from the fixtures (or one generated workspace without any), with the `--webhook` endpoints, and
 * without fixture events already past the 30-day window (they are not in the feed either).
 * @example ctx.store = freshStore(ctx)
 */
export function freshStore(host: Omit<StoreHost, 'store'>): Store {
  const store = new Store(host.streams.ids);
  const now = host.clock.now();
  if (host.fixtures.length > 0) applyFixtures(store, host.fixtures, now);
  else newWorkspace(store, { name: 'Default workspace', now });
  ensureCliEndpoints(store, host.cliEndpoints, now);
  for (const partition of store.partitions()) expirePartition(partition, now);
  return store;
}

/**
 * The store an instance starts with: {@link freshStore}, with fixture workspaces that declare a clock or scenario
 * of their own started on it (a reset keeps whatever they have by then; their relative fixture times count from
 * their own clock). Without fixtures, the generated workspace becomes the fixture: reset brings back the same ids
 * and keys (the ones the banner printed) rather than generating new ones.
 */
export function startingStore(host: StoreHost): Store {
  host.store = freshStore(host);
  for (const { document } of host.fixtures) {
    for (const [id, saved] of savedControlsOf(document.workspaces)) {
      host.workspaces.restore(id, saved);
      if (saved.clock) refill(host, id);
    }
  }
  if (host.fixtures.length === 0) {
    const { random: _random, ...generated } = exportState(host.store);
    host.fixtures = [{ file: 'generated', document: generated }];
  }
  return host.store;
}

/** Puts a workspace's starting data in place of its current data (keys and workspace fields stay). */
export function refill(host: StoreHost, id: string): void {
  const workspace = host.store.workspaces.get(id);
  if (!workspace) return;
  const now = host.clockFor(id).now();
  const { test, live } = fixtureContents(host.fixtures, id, now, host.store.ids);
  host.store.workspaces.set(id, { ...workspace, test, live });
  if (host.store.workspaces.keys().next().value === id) ensureCliEndpoints(host.store, host.cliEndpoints, now);
}

/**
 * A change that drops or replaces stored data: the memory budget reads what is held before and after it, so a
 * collection that ran before it is matched with the store it saw (memory-budget.ts).
 */
export function storeReplaced(host: Pick<StoreHost, 'memory'>, change: () => unknown): void {
  host.memory.sample();
  change();
  host.memory.sample();
}

/**
 * Back to the fixtures: store, keys, journal and deliveries; the clock and scenario stay as they are. Workspaces
 * made at run time are gone with their clocks and scenarios; fixture workspaces keep theirs (and their relative
 * fixture times count from their own clock).
 */
export function resetAll(host: StoreHost): void {
  host.changes++;
  storeReplaced(host, () => {
    host.store = freshStore(host);
    host.journal.clear();
  });
  host.workspaces.keepOnly(host.store.workspaces);
  for (const id of host.workspaces.withOwnClock()) refill(host, id);
  host.faults.clear();
  host.webhooks.reload();
  if (host.bus.reset.hasSubscribers) host.bus.reset.publish({ workspace: null });
}

/**
 * Replaces the store with a saved state (fixture format, checked against the schema already); throws
 * FixtureError and changes nothing if it does not load. Fixtures stay what reset returns to.
 * `restoreRandom`: continue the saved id generator (a restart); a running instance importing an older export
 * keeps its own, which is ahead, so an id already handed out is never handed out again.
 */
export function loadState(host: StoreHost, document: FixtureDocument, file: string, restoreRandom = true): void {
  // A new store may draw its id key: a document that does not load leaves the id stream as it was too.
  const random = host.streams.ids;
  const before = random.state();
  let store: Store;
  try {
    store = new Store(random, restoreRandom ? document.ids : importedIds(document.ids, host.store.idState()));
    applyFixtures(store, [{ file, document }], host.clock.now());
  } catch (error) {
    random.restore(before);
    throw error;
  }
  if (document.random && restoreRandom) host.streams.restore(document.random);
  replaceStore(host, store, savedControlsOf(document.workspaces));
}

/** Replaces the store with one read from a --state file (`loadStateFile`, on Node), continuing the saved ids. */
export function useLoadedState(host: StoreHost, loaded: LoadedState): void {
  if (loaded.random) host.streams.restore(loaded.random);
  replaceStore(host, loaded.store, loaded.controls);
}

/**
 * A loaded state takes over: `--webhook` endpoints made sure of, the saved workspace clocks and scenarios put
 * back (a workspace saved without one keeps what it follows here), deliveries rescheduled on those clocks.
 */
function replaceStore(host: StoreHost, store: Store, controls: ReadonlyMap<string, SavedControls>): void {
  host.changes++;
  ensureCliEndpoints(store, host.cliEndpoints, host.clock.now());
  storeReplaced(host, () => (host.store = store));
  host.workspaces.keepOnly(store.workspaces);
  for (const [id, saved] of controls) host.workspaces.restore(id, saved);
  // What has already expired (events past 30 days, answers past 24 h) is not kept, as if the store had lived on:
  // each workspace by its own clock.
  expireAll(host);
  host.webhooks.reload();
  if (host.bus.reset.hasSubscribers) host.bus.reset.publish({ workspace: null });
}

/**
 * The ids a running instance continues with after importing a document: the document's key, so its ids read back
 * as numbers; counted on from where this store is too when the key is this store's own (an export of this very
 * instance, made before ids it has since handed out), so no id is handed out twice.
 */
function importedIds(saved: FixtureDocument['ids'], own: IdState): IdState | undefined {
  if (!saved) return undefined;
  const same = saved.key.every((word, i) => word === own.key[i]);
  return same ? { key: saved.key, seq: Math.max(saved.seq, own.seq), requests: Math.max(saved.requests, own.requests) } : saved;
}
