import { Clock, ClockMode, ClockState } from '../clock/clock';
import type { Pages } from '../exchange';
import { EventBus } from '../bus/bus';
import { Scope } from '../domain/scope';
import { Scheduler } from '../scheduler/scheduler';
import { expireDeliveries } from '../webhooks/expire-deliveries';
import { ensureCliEndpoints, CliEndpoint } from '../webhooks/cli-endpoints';
import { ATTEMPT_TIMEOUT_MS } from '../webhooks/retry-schedule';
import { Webhooks } from '../webhooks/webhooks';
import { expireEvents } from '../domain/events';
import { applyFixtures } from '../state/apply-fixtures';
import { exportState } from '../state/export-state';
import type { LoadedState } from '../state/load-state-file';
import { SavedControls, savedControlsOf } from '../state/saved-controls';
import { NamedDocument } from '../state/read-fixtures';
import { FixtureDocument } from '../state/fixture-types';
import { FaultQueue } from '../scenarios/faults';
import { RateLimiter } from '../scenarios/rate-limiter';
import { parseScenario, Scenario, ScenarioDice } from '../scenarios/scenarios';
import { InFlight } from '../store/in-flight';
import { Journal } from '../store/journal';
import { makeId, Random } from '../store/random';
import { RandomStreams } from '../store/random-streams';
import { newSecret } from '../webhooks/endpoints';
import { IdState, Partition, Store } from '../store/store';
import { expireIdempotency } from '../domain/idempotency';
import { newWorkspace } from '../domain/workspaces';
import { keyFromHeader } from '../domain/keys';
import { parseDuration } from '../clock/duration';
import { checkRange, parseInstant } from '../clock/clock';
import { WorkspaceControls } from '../workspaces/workspace-controls';
import { fixtureContents } from '../workspaces/fixture-contents';
import { MemoryBudget } from '../memory/memory-budget';
import { nodeHeapSource } from '../memory/heap-source';
import { budgetBytes } from '../memory/budget-size';
import { storeBytes } from '../memory/footprint';
import type { ContextOptions, RequestLogLine } from './context-options';

export type { ContextOptions, RequestLogLine } from './context-options';

const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Everything one mock instance owns: its store, clock, scenario, fault queue and journal. Created per instance
 * and passed down; nothing is module-global, so instances in one process are independent.
 */
export class MockContext {
  store: Store;
  readonly clock: Clock;
  /** Seeded random sources, one per purpose (ids, faults, latency, secrets). */
  readonly streams: RandomStreams;
  readonly dice: ScenarioDice;
  readonly faults = new FaultQueue();
  readonly rateLimiter = new RateLimiter();
  readonly journal: Journal;
  /** /v1 requests running per workspace: reset, import and workspace deletion wait for them. */
  readonly inFlight = new InFlight();
  scenario: Scenario;
  /** What happened, for whoever follows: webhooks, the dashboard stream. */
  readonly bus = new EventBus();
  /** Due work on the server clock (webhook retries). */
  readonly scheduler: Scheduler;
  readonly webhooks: Webhooks;
  readonly webhookTimeoutMs: number;
  /** How long a dashboard stream whose client stopped reading is kept (see dashboard/stream.ts). */
  readonly streamStallMs: number | undefined;
  readonly webhookTransport: 'node' | 'fetch';
  /** The endpoints `--webhook` asked for, with the ids and secrets the banner printed. */
  readonly cliEndpoints: CliEndpoint[];
  /** The pages served beside the route tables (documents, the dashboard, 3-D Secure); given by the app that composes the mock. */
  pages: Pages = { site: [], admin: [] };
  /** The address clients use, for absolute doc_url links; set by startMock once it listens. */
  baseUrl: string | undefined;
  readonly adminToken: string | undefined;
  /** Host names trusted by the admin surface's Host check beside the listening address and loopback. */
  readonly allowedHosts: readonly string[];
  readonly onRequest: ((line: RequestLogLine) => void) | undefined;
  /** Saves the store to the --state file; set by createContext when there is one. */
  saveState: (() => Promise<string>) | undefined;
  /** Whether ids come from a fixed seed (then 3-D Secure tokens do too, so runs repeat byte for byte). */
  readonly seeded: boolean;
  /** The clocks and scenarios that workspaces have of their own (contract section 17). */
  readonly workspaces: WorkspaceControls;
  /** Counts what may have changed the state (writes, resets, clock moves): autosave saves only when it moved. */
  changes = 0;
  /** The review rules each workspace switched off (src/review): kept across a workspace reset, like its clock. */
  readonly reviewRulesOff = new Map<string, ReadonlySet<string>>();
  /** Whether a request may store something new, and what is held (src/memory). */
  readonly memory: MemoryBudget;
  private fixtures: NamedDocument[];

  constructor(options: ContextOptions) {
    this.clock = options.clock;
    this.streams = new RandomStreams(options.seed);
    this.dice = new ScenarioDice(this.streams.faults, this.streams.latency);
    this.journal = new Journal(options.journalSize ?? 1000, options.journalDetails);
    this.scenario = parseScenario(options.scenario ?? 'happy', options.scenarioOptions);
    this.adminToken = options.adminToken;
    this.allowedHosts = options.allowedHosts ?? [];
    this.onRequest = options.onRequest;
    this.fixtures = options.fixtures;
    this.seeded = options.seed !== undefined;
    this.scheduler = new Scheduler(this.clock);
    this.workspaces = new WorkspaceControls(this.clock, this.scheduler, (workspace) => this.expireWorkspace(workspace));
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.streamStallMs = options.streamStallMs;
    this.webhookTransport = options.webhookTransport ?? 'node';
    this.webhooks = new Webhooks(this);
    const heap = options.heapSource ?? nodeHeapSource();
    const onMemory = options.onMemory;
    this.memory = new MemoryBudget(
      budgetBytes(options.maxMemory, heap),
      heap,
      () => storeBytes(this.store),
      (notice) => {
        onMemory?.(notice);
        if (this.bus.memory.hasSubscribers) this.bus.memory.publish(notice);
      },
    );
    // From the secrets stream, so that --webhook never shifts the ids of the objects (and keys) that follow.
    this.cliEndpoints = (options.webhooks ?? []).map((url) => ({ url, id: makeId(this.streams.secrets, 'we'), secret: newSecret(this.streams.secrets) }));
    this.store = this.freshStore();
    // Fixture workspaces that declare a clock or scenario of their own start with it (a reset keeps whatever
    // they have by then); their relative fixture times then count from their own clock.
    for (const { document } of this.fixtures) {
      for (const [id, saved] of savedControlsOf(document.workspaces)) {
        this.workspaces.restore(id, saved);
        if (saved.clock) this.refill(id);
      }
    }
    if (this.fixtures.length === 0) {
      // Without fixtures, the generated workspace becomes the fixture: reset brings back the same ids and keys
      // (the ones the banner printed) rather than generating new ones.
      const { random: _random, ...generated } = exportState(this.store);
      this.fixtures = [{ file: 'generated', document: generated }];
    }
    this.clock.onChange(() => this.expire());
    sweepOnSchedule(this, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
    this.webhooks.reload();
  }

  /** The scheduler whose clock a workspace follows: its own once its clock was set or advanced, else the server's. */
  schedulerFor(workspace: string): Scheduler {
    return this.workspaces.scheduler(workspace);
  }

  /** The clock a workspace follows: everything time-based in it (`created`, idempotency, events, key grace) reads it. */
  clockFor(workspace: string): Clock {
    return this.workspaces.clock(workspace);
  }

  /** Unix seconds on the clock a workspace follows (one function for the request path, made once). */
  readonly nowFor = (workspace: string): number => this.clockFor(workspace).now();

  /** The scenario for requests made with a workspace's keys: its own, or the server's. */
  scenarioFor(workspace: string): Scenario {
    return this.workspaces.scenario(workspace) ?? this.scenario;
  }

  /** The scenario for a request's Authorization header (the server's unless the key's workspace has its own). */
  scenarioForKey(authorization: string | undefined): Scenario {
    if (!this.workspaces.anyScenario || authorization === undefined) return this.scenario;
    let key: string;
    try {
      key = keyFromHeader(authorization);
    } catch {
      return this.scenario;
    }
    const record = this.store.keys.get(key);
    return record ? this.scenarioFor(record.workspace) : this.scenario;
  }

  /**
   * Moves one workspace's clock (giving it a clock of its own first, if it followed the server), running its
   * webhook attempts that come due on the way. Other workspaces, and the server clock, stay where they are.
   */
  async advanceWorkspaceClock(workspace: string, by: string | number): Promise<ClockState> {
    // Checked first: a refused duration leaves the workspace following whatever it followed.
    checkRange(this.clockFor(workspace).nowMs() + parseDuration(by) * 1000);
    const before = this.clockFor(workspace).now();
    const state = await this.ownScheduler(workspace).advance(by);
    return this.clockMoved(state, workspace, before);
  }

  async setWorkspaceClock(workspace: string, mode: ClockMode, now?: string | number): Promise<ClockState> {
    if (mode === 'real' && now !== undefined) new Clock().set(mode, now); // throws the clock's own explanation
    if (now !== undefined) checkRange(parseInstant(now));
    const before = this.clockFor(workspace).now();
    const state = await this.ownScheduler(workspace).set(mode, now);
    return this.clockMoved(state, workspace, before);
  }

  /** `null`: the workspace follows the server's scenario again. */
  setWorkspaceScenario(workspace: string, scenario: Scenario | null): void {
    this.changes++;
    this.workspaces.setScenario(workspace, scenario);
    this.journal.controls.record({
      kind: 'scenario',
      scenario: scenario?.scenario ?? null,
      workspace,
      after: this.journal.recorded,
      created: this.clock.now(),
    });
    if (this.bus.scenario.hasSubscribers) this.bus.scenario.publish({ workspace, scenario: scenario?.scenario ?? null });
  }

  /**
   * Empties one workspace: a fixture workspace goes back to its fixture contents (relative times from its own
   * clock), one made at run time goes empty. Its deliveries go with its data and its webhook work in flight is
   * dropped; its keys, clock and scenario stay. Returns false if there is no such workspace.
   */
  resetWorkspace(id: string): boolean {
    const workspace = this.store.workspaces.get(id);
    if (!workspace) return false;
    this.changes++;
    this.webhooks.dropWorkspace(workspace);
    this.storeReplaced(() => this.refill(id));
    this.webhooks.loadWorkspace(id);
    if (this.bus.reset.hasSubscribers) this.bus.reset.publish({ workspace: id });
    return true;
  }

  /** Drops a workspace, its keys, its data, its clock and scenario. Returns false if there is no such workspace. */
  deleteWorkspace(id: string): boolean {
    const workspace = this.store.workspaces.get(id);
    if (!workspace) return false;
    this.changes++;
    this.webhooks.dropWorkspace(workspace);
    this.storeReplaced(() => this.store.removeWorkspace(id));
    this.workspaces.drop(id);
    this.webhooks.sync();
    return true;
  }

  /** Moves the server clock, running the webhook attempts that come due on the way. */
  async advanceClock(by: string | number): Promise<ClockState> {
    const before = this.clock.now();
    return this.clockMoved(await this.scheduler.advance(by), null, before);
  }

  async setClock(mode: ClockMode, now?: string | number): Promise<ClockState> {
    const before = this.clock.now();
    return this.clockMoved(await this.scheduler.set(mode, now), null, before);
  }

  setScenario(scenario: Scenario): void {
    this.changes++;
    this.scenario = scenario;
    this.journal.controls.record({ kind: 'scenario', scenario: scenario.scenario, workspace: null, after: this.journal.recorded, created: this.clock.now() });
    if (this.bus.scenario.hasSubscribers) this.bus.scenario.publish({ workspace: null, scenario: scenario.scenario });
  }

  /** Tells followers about an object that changed without an event (a webhook endpoint). */
  publishObject(scope: Scope, object: { id: string; object: string }, deleted = false): void {
    if (this.bus.object.hasSubscribers)
      this.bus.object.publish({ workspace: scope.workspace.id, livemode: scope.livemode, object, ...(deleted ? { deleted } : {}) });
  }

  /**
   * Back to the fixtures: store, keys, journal and deliveries; the clock and scenario stay as they are. Workspaces
   * made at run time are gone with their clocks and scenarios; fixture workspaces keep theirs (and their relative
   * fixture times count from their own clock).
   */
  reset(): void {
    this.changes++;
    this.storeReplaced(() => (this.store = this.freshStore()));
    this.workspaces.keepOnly(this.store.workspaces);
    for (const id of this.workspaces.withOwnClock()) this.refill(id);
    this.journal.clear();
    this.faults.clear();
    this.webhooks.reload();
    if (this.bus.reset.hasSubscribers) this.bus.reset.publish({ workspace: null });
  }

  /** Stops what runs on its own: timers, scheduled attempts, deliveries in flight. */
  close(): void {
    if (this.bus.shutdown.hasSubscribers) this.bus.shutdown.publish({});
    this.webhooks.close();
    this.scheduler.close();
    this.workspaces.close();
  }

  /**
   * Replaces the store with a saved state (fixture format, checked against the schema already); throws
   * FixtureError and changes nothing if it does not load. Fixtures stay what reset returns to.
   * `restoreRandom`: continue the saved id generator (a restart); a running instance importing an older export
   * keeps its own, which is ahead, so an id already handed out is never handed out again.
   */
  loadState(document: FixtureDocument, file: string, restoreRandom = true): void {
    // A new store may draw its id key: a document that does not load leaves the id stream as it was too.
    const before = this.random.state();
    let store: Store;
    try {
      store = new Store(this.random, restoreRandom ? document.ids : importedIds(document.ids, this.store.idState()));
      applyFixtures(store, [{ file, document }], this.clock.now());
    } catch (error) {
      this.random.restore(before);
      throw error;
    }
    if (document.random && restoreRandom) this.streams.restore(document.random);
    this.replaceStore(store, savedControlsOf(document.workspaces));
  }

  /**
   * Replaces the store with one read from a --state file (`loadStateFile`, on Node: the core reads no files),
   * continuing the saved id generator.
   */
  useLoadedState(loaded: LoadedState): void {
    if (loaded.random) this.streams.restore(loaded.random);
    this.replaceStore(loaded.store, loaded.controls);
  }

  /** What a saved state keeps of a workspace's own clock and scenario (given to the state writers). */
  readonly savedControls = (workspace: string): SavedControls => this.workspaces.saved(workspace);

  /**
   * A loaded state takes over: `--webhook` endpoints made sure of, the saved workspace clocks and scenarios put
   * back (a workspace saved without one keeps what it follows here), deliveries rescheduled on those clocks.
   */
  private replaceStore(store: Store, controls: ReadonlyMap<string, SavedControls>): void {
    this.changes++;
    ensureCliEndpoints(store, this.cliEndpoints, this.clock.now());
    this.storeReplaced(() => (this.store = store));
    this.workspaces.keepOnly(store.workspaces);
    for (const [id, saved] of controls) this.workspaces.restore(id, saved);
    // What has already expired (events past 30 days, answers past 24 h) is not kept, as if the store had lived on:
    // each workspace by its own clock.
    this.expire();
    this.webhooks.reload();
    if (this.bus.reset.hasSubscribers) this.bus.reset.publish({ workspace: null });
  }

  /** A change that drops or replaces stored data: the memory budget reads what is held before and after it, so a collection that ran before it is matched with the store it saw (memory-budget.ts). */
  private storeReplaced(change: () => unknown): void {
    this.memory.sample();
    change();
    this.memory.sample();
  }

  /** The id generator, whose state is saved with the store. */
  get random(): Random {
    return this.streams.ids;
  }

  /**
   * Drops events and idempotency records that time has expired, in every workspace (each by its own clock). Both
   * are kept in creation order, so each partition costs a look at its oldest entries unless something is due.
   */
  expire(): void {
    for (const id of this.store.workspaces.keys()) this.expireWorkspace(id);
  }

  expireWorkspace(id: string): void {
    const workspace = this.store.workspaces.get(id);
    if (!workspace) return;
    const now = this.clockFor(id).now();
    this.expirePartition(workspace.test, now);
    this.expirePartition(workspace.live, now);
  }

  expirePartition(partition: Partition, now: number): void {
    expireEvents(partition, now);
    expireIdempotency(partition, now);
    if (partition.webhookDeliveries.size > 0) expireDeliveries(partition, now);
  }

  private freshStore(): Store {
    const store = new Store(this.random);
    const now = this.clock.now();
    if (this.fixtures.length > 0) applyFixtures(store, this.fixtures, now);
    else newWorkspace(store, { name: 'Default workspace', now });
    ensureCliEndpoints(store, this.cliEndpoints, now);
    // Fixture events already past the 30-day window are not kept (they are not in the feed either).
    for (const partition of store.partitions()) this.expirePartition(partition, now);
    return store;
  }

  /** Tells followers, and notes the move among the journal's requests (a session kept as a flow replays it). */
  private clockMoved(clock: ClockState, workspace: string | null, before: number): ClockState {
    this.changes++;
    const seconds = clock.now - before;
    if (seconds !== 0) this.journal.controls.record({ kind: 'advance', seconds, workspace, after: this.journal.recorded, created: this.clock.now() });
    if (this.bus.clock.hasSubscribers) this.bus.clock.publish({ workspace, clock });
    return clock;
  }

  /** The workspace's own scheduler, made now if it followed the server (its pending attempts move onto it). */
  private ownScheduler(workspace: string): Scheduler {
    const { scheduler, created } = this.workspaces.ownClock(workspace);
    if (created) this.webhooks.rescheduleWorkspace(workspace);
    return scheduler;
  }

  /** Puts a workspace's starting data in place of its current data (keys and workspace fields stay). */
  private refill(id: string): void {
    const workspace = this.store.workspaces.get(id);
    if (!workspace) return;
    const now = this.clockFor(id).now();
    const { test, live } = fixtureContents(this.fixtures, id, now, this.store.ids);
    this.store.workspaces.set(id, { ...workspace, test, live });
    if (this.store.workspaces.keys().next().value === id) ensureCliEndpoints(this.store, this.cliEndpoints, now);
  }
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

/**
 * Frees what has expired as the mock clock passes (a clock move also sweeps at each stop), never on the request
 * path: a job on the server's scheduler that books its own next run. The job holds the context weakly, so a
 * context that is dropped without close() (an embedded app, a test's sandbox) is still collected, and its
 * schedule ends at the next run.
 */
function sweepOnSchedule(ctx: MockContext, intervalMs: number): void {
  const ref = new WeakRef(ctx);
  const scheduler = ctx.scheduler;
  const clock = ctx.clock;
  const sweep = (): void => {
    const live = ref.deref();
    if (!live) return;
    live.expire();
    scheduler.scheduleChore(clock.nowMs() + intervalMs, sweep);
  };
  scheduler.scheduleChore(clock.nowMs() + intervalMs, sweep);
}
