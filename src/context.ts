import { Clock, ClockMode, ClockState } from './clock/clock';
import { EventBus } from './events/bus';
import { Scope } from './domain/scope';
import { Scheduler } from './scheduler/scheduler';
import { expireDeliveries } from './webhooks/expire-deliveries';
import { ensureCliEndpoints, CliEndpoint } from './webhooks/cli-endpoints';
import { ATTEMPT_TIMEOUT_MS } from './webhooks/retry-schedule';
import { Webhooks } from './webhooks/webhooks';
import { expireEvents } from './domain/events';
import { applyFixtures } from './fixtures/apply-fixtures';
import { exportState } from './fixtures/export-state';
import { NamedDocument } from './fixtures/read-fixtures';
import { FixtureDocument } from './fixtures/fixture-types';
import { FaultQueue } from './scenarios/faults';
import { RateLimiter } from './scenarios/rate-limiter';
import { parseScenario, Scenario, ScenarioDice, ScenarioName, ScenarioOptions } from './scenarios/scenarios';
import { Journal } from './store/journal';
import { makeId, Random } from './store/random';
import { newSecret } from './webhooks/endpoints';
import { Partition, Store } from './store/store';
import { expireIdempotency } from './domain/idempotency';
import { newWorkspace } from './domain/workspaces';

/** Where a request log line goes; the CLI prints it, embedders may collect it. */
export interface RequestLogLine {
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  key_kind: string | null;
  replayed: boolean;
  request_id: string;
}

export interface ContextOptions {
  /** Parsed fixture documents; empty = one generated workspace. */
  fixtures: NamedDocument[];
  clock: Clock;
  scenario?: ScenarioName;
  scenarioOptions?: ScenarioOptions;
  seed?: number;
  adminToken?: string;
  journalSize?: number;
  onRequest?: (line: RequestLogLine) => void;
  /** URLs that get every event of the first workspace's test mode (`--webhook`). */
  webhooks?: string[];
  /** How long a webhook attempt may take, in real milliseconds (default 10 s). */
  webhookTimeoutMs?: number;
}

/**
 * Everything one mock instance owns: its store, clock, scenario, fault queue and journal. Created per instance
 * and passed down; nothing is module-global, so instances in one process are independent.
 */
export class MockContext {
  store: Store;
  readonly clock: Clock;
  readonly random: Random;
  readonly dice: ScenarioDice;
  readonly faults = new FaultQueue();
  readonly rateLimiter = new RateLimiter();
  readonly journal: Journal;
  scenario: Scenario;
  /** What happened, for whoever follows: webhooks, the dashboard stream. */
  readonly bus = new EventBus();
  /** Due work on the server clock (webhook retries). */
  readonly scheduler: Scheduler;
  readonly webhooks: Webhooks;
  readonly webhookTimeoutMs: number;
  /** The endpoints `--webhook` asked for, with the ids and secrets the banner printed. */
  readonly cliEndpoints: CliEndpoint[];
  /** The address clients use, for absolute doc_url links; set by startMock once it listens. */
  baseUrl: string | undefined;
  readonly adminToken: string | undefined;
  readonly onRequest: ((line: RequestLogLine) => void) | undefined;
  /** Saves the store to the --state file; set by createContext when there is one. */
  saveState: (() => Promise<string>) | undefined;
  private fixtures: NamedDocument[];

  constructor(options: ContextOptions) {
    this.clock = options.clock;
    this.random = new Random(options.seed);
    this.dice = new ScenarioDice(this.random);
    this.journal = new Journal(options.journalSize ?? 1000);
    this.scenario = parseScenario(options.scenario ?? 'happy', options.scenarioOptions);
    this.adminToken = options.adminToken;
    this.onRequest = options.onRequest;
    this.fixtures = options.fixtures;
    this.scheduler = new Scheduler(this.clock);
    this.webhookTimeoutMs = options.webhookTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.webhooks = new Webhooks(this);
    this.cliEndpoints = (options.webhooks ?? []).map((url) => ({ url, id: makeId(this.random, 'we'), secret: newSecret(this.random) }));
    this.store = this.freshStore();
    if (this.fixtures.length === 0) {
      // Without fixtures, the generated workspace becomes the fixture: reset brings back the same ids and keys
      // (the ones the banner printed) rather than generating new ones.
      const { random: _random, ...generated } = exportState(this.store);
      this.fixtures = [{ file: 'generated', document: generated }];
    }
    this.clock.onChange(() => this.expire());
    this.webhooks.reload();
  }

  /** The scheduler whose clock a workspace follows. */
  schedulerFor(_workspace: string): Scheduler {
    return this.scheduler;
  }

  /** Moves the server clock, running the webhook attempts that come due on the way. */
  async advanceClock(by: string | number): Promise<ClockState> {
    return this.clockMoved(await this.scheduler.advance(by));
  }

  async setClock(mode: ClockMode, now?: string | number): Promise<ClockState> {
    return this.clockMoved(await this.scheduler.set(mode, now));
  }

  setScenario(scenario: Scenario): void {
    this.scenario = scenario;
    if (this.bus.scenario.hasSubscribers) this.bus.scenario.publish({ workspace: null, scenario: scenario.scenario });
  }

  /** Tells followers about an object that changed without an event (a webhook endpoint). */
  publishObject(scope: Scope, object: { id: string; object: string }, deleted = false): void {
    if (this.bus.object.hasSubscribers) this.bus.object.publish({ workspace: scope.workspace.id, livemode: scope.livemode, object, ...(deleted ? { deleted } : {}) });
  }

  /** Back to the fixtures: store, keys, journal and deliveries; the clock and scenario stay as they are. */
  reset(): void {
    this.store = this.freshStore();
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
  }

  /**
   * Replaces the store with a saved state (fixture format, checked against the schema already); throws
   * FixtureError and changes nothing if it does not load. Fixtures stay what reset returns to.
   * `restoreRandom`: continue the saved id generator (a restart); a running instance importing an older export
   * keeps its own, which is ahead, so an id already handed out is never handed out again.
   */
  loadState(document: FixtureDocument, file: string, restoreRandom = true): void {
    const store = new Store(this.random);
    applyFixtures(store, [{ file, document }], this.clock.now());
    if (document.random && restoreRandom) this.random.restore(document.random);
    ensureCliEndpoints(store, this.cliEndpoints, this.clock.now());
    this.store = store;
    this.webhooks.reload();
    if (this.bus.reset.hasSubscribers) this.bus.reset.publish({ workspace: null });
  }

  /** Drops events and idempotency records that time has expired, in every partition. */
  expire(): void {
    const now = this.clock.now();
    for (const partition of this.store.partitions()) this.expirePartition(partition, now);
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
    return store;
  }

  private clockMoved(clock: ClockState): ClockState {
    if (this.bus.clock.hasSubscribers) this.bus.clock.publish({ workspace: null, clock });
    return clock;
  }
}
