import { Clock, ClockMode, ClockState } from '../clock/clock';
import type { Pages } from '../request-response';
import { EventBus } from '../bus/bus';
import { Scope } from '../domain/scope';
import { Scheduler } from '../scheduler/scheduler';
import { CliEndpoint } from '../webhooks/cli-endpoints';
import { newSecret } from '../webhooks/endpoints';
import { ATTEMPT_TIMEOUT_MS } from '../webhooks/retry-schedule';
import { Webhooks } from '../webhooks/webhooks';
import type { LoadedState } from '../state/load-state-file';
import type { SavedControls } from '../state/saved-controls';
import { NamedDocument } from '../state/read-fixtures';
import { FixtureDocument } from '../state/fixture-types';
import { FaultQueue } from '../scenarios/faults';
import { RateLimiter } from '../scenarios/rate-limiter';
import { parseScenario, Scenario, ScenarioDice } from '../scenarios/scenarios';
import { InFlight } from '../store/in-flight';
import { Journal } from '../store/journal';
import { makeId, Random } from '../store/random';
import { RandomStreams } from '../store/random-streams';
import { Store } from '../store/store';
import { keyFromHeader } from '../domain/keys';
import { WorkspaceControls } from '../workspaces/workspace-controls';
import { MemoryBudget } from '../memory/memory-budget';
import { nodeHeapSource } from '../memory/heap-source';
import { budgetFor } from '../memory/budget-size';
import { storeBytes } from '../memory/footprint';
import type { ContextOptions, RequestLogLine } from './context-options';
import { advanceClock, advanceWorkspaceClock, setClock, setWorkspaceClock } from './clock-moves';
import { expireAll, expireWorkspace, sweepOnSchedule } from './expiry';
import { loadState, resetAll, startingStore, useLoadedState } from './store-swap';
import { deleteWorkspace, resetWorkspace, setScenarioOf } from './workspace-actions';

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
  /** CA certificates that deliveries trust on top of the system's (`--webhook-ca`). */
  readonly webhookCa: readonly string[] | undefined;
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
  /** What a reset brings back: the fixture documents (or the generated workspace, made the fixture at start). */
  fixtures: NamedDocument[];

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
    this.workspaces = new WorkspaceControls(this.clock, this.scheduler, (workspace) => expireWorkspace(this, workspace));
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.streamStallMs = options.streamStallMs;
    this.webhookTransport = options.webhookTransport ?? 'node';
    this.webhookCa = options.webhookCa;
    this.webhooks = new Webhooks(this);
    const heap = options.heapSource ?? nodeHeapSource();
    const onMemory = options.onMemory;
    this.memory = new MemoryBudget(
      budgetFor(options.maxMemory, heap),
      heap,
      // The journal too: a reset clears it, and a request too large for its slab is kept as objects.
      () => storeBytes(this.store) + this.journal.bytes,
      (notice) => {
        onMemory?.(notice);
        if (this.bus.memory.hasSubscribers) this.bus.memory.publish(notice);
      },
    );
    // From the secrets stream, so that --webhook never shifts the ids of the objects (and keys) that follow.
    this.cliEndpoints = (options.webhooks ?? []).map((url) => ({ url, id: makeId(this.streams.secrets, 'we'), secret: newSecret(this.streams.secrets) }));
    this.store = startingStore(this);
    this.clock.onChange(() => expireAll(this));
    sweepOnSchedule(this, this.scheduler, this.clock, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
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

  // What follows changes the instance; each job lives in a module of its own (clock-moves, workspace-actions,
  // store-swap, expiry), and these are the doors the rest of the code uses.
  readonly advanceWorkspaceClock = (workspace: string, by: string | number): Promise<ClockState> => advanceWorkspaceClock(this, workspace, by);
  readonly setWorkspaceClock = (workspace: string, mode: ClockMode, now?: string | number): Promise<ClockState> =>
    setWorkspaceClock(this, workspace, mode, now);
  readonly advanceClock = (by: string | number): Promise<ClockState> => advanceClock(this, by);
  readonly setClock = (mode: ClockMode, now?: string | number): Promise<ClockState> => setClock(this, mode, now);
  /** `null`: the workspace follows the server's scenario again. */
  readonly setWorkspaceScenario = (workspace: string, scenario: Scenario | null): void => setScenarioOf(this, workspace, scenario);
  readonly setScenario = (scenario: Scenario): void => setScenarioOf(this, null, scenario);
  readonly resetWorkspace = (id: string): boolean => resetWorkspace(this, id);
  readonly deleteWorkspace = (id: string): boolean => deleteWorkspace(this, id);
  readonly reset = (): void => resetAll(this);
  readonly loadState = (document: FixtureDocument, file: string, restoreRandom = true): void => loadState(this, document, file, restoreRandom);
  readonly useLoadedState = (loaded: LoadedState): void => useLoadedState(this, loaded);
  readonly expire = (): void => expireAll(this);
  readonly expireWorkspace = (id: string): void => expireWorkspace(this, id);

  /** What a saved state keeps of a workspace's own clock and scenario (given to the state writers). */
  readonly savedControls = (workspace: string): SavedControls => this.workspaces.saved(workspace);

  /** Tells followers about an object that changed without an event (a webhook endpoint). */
  publishObject(scope: Scope, object: { id: string; object: string }, deleted = false): void {
    if (this.bus.object.hasSubscribers)
      this.bus.object.publish({ workspace: scope.workspace.id, livemode: scope.livemode, object, ...(deleted ? { deleted } : {}) });
  }

  /** Stops what runs on its own: timers, scheduled attempts, deliveries in flight. */
  close(): void {
    if (this.bus.shutdown.hasSubscribers) this.bus.shutdown.publish({});
    this.webhooks.close();
    this.scheduler.close();
    this.workspaces.close();
    this.memory.heap.release?.();
  }

  /** The id generator, whose state is saved with the store. */
  get random(): Random {
    return this.streams.ids;
  }
}
