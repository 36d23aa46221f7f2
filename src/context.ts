import { Clock } from './clock/clock';
import { expireEvents } from './domain/events';
import { applyFixtures } from './fixtures/apply-fixtures';
import { exportState } from './fixtures/export-state';
import { loadStateFile } from './fixtures/load-state-file';
import { NamedDocument } from './fixtures/read-fixtures';
import { FixtureDocument } from './fixtures/fixture-types';
import { FaultQueue } from './scenarios/faults';
import { RateLimiter } from './scenarios/rate-limiter';
import { parseScenario, Scenario, ScenarioDice, ScenarioName, ScenarioOptions } from './scenarios/scenarios';
import { InFlight } from './store/in-flight';
import { Journal } from './store/journal';
import { Random } from './store/random';
import { RandomStreams } from './store/random-streams';
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
  /** How often expired events and idempotency records are freed as real time passes (default 60000 ms). */
  sweepIntervalMs?: number;
  onRequest?: (line: RequestLogLine) => void;
}

const DEFAULT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Everything one mock instance owns: its store, clock, scenario, fault queue and journal. Created per instance
 * and passed down; nothing is module-global, so instances in one process are independent.
 */
export class MockContext {
  store: Store;
  readonly clock: Clock;
  /** Seeded random sources, one per purpose (ids, faults, latency, request ids, secrets). */
  readonly streams: RandomStreams;
  readonly dice: ScenarioDice;
  readonly faults = new FaultQueue();
  readonly rateLimiter = new RateLimiter();
  readonly journal: Journal;
  /** /v1 requests running per workspace: reset, import and workspace deletion wait for them. */
  readonly inFlight = new InFlight();
  scenario: Scenario;
  /** The address clients use, for absolute doc_url links; set by startMock once it listens. */
  baseUrl: string | undefined;
  readonly adminToken: string | undefined;
  readonly onRequest: ((line: RequestLogLine) => void) | undefined;
  /** Saves the store to the --state file; set by createContext when there is one. */
  saveState: (() => Promise<string>) | undefined;
  private fixtures: NamedDocument[];

  constructor(options: ContextOptions) {
    this.clock = options.clock;
    this.streams = new RandomStreams(options.seed);
    this.dice = new ScenarioDice(this.streams.faults, this.streams.latency);
    this.journal = new Journal(options.journalSize ?? 1000);
    this.scenario = parseScenario(options.scenario ?? 'happy', options.scenarioOptions);
    this.adminToken = options.adminToken;
    this.onRequest = options.onRequest;
    this.fixtures = options.fixtures;
    this.store = this.freshStore();
    if (this.fixtures.length === 0) {
      // Without fixtures, the generated workspace becomes the fixture: reset brings back the same ids and keys
      // (the ones the banner printed) rather than generating new ones.
      const { random: _random, ...generated } = exportState(this.store);
      this.fixtures = [{ file: 'generated', document: generated }];
    }
    this.clock.onChange(() => this.expire());
    sweepPeriodically(this, options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS);
  }

  /** Back to the fixtures: store, keys and journal; the clock and scenario stay as they are. */
  reset(): void {
    this.store = this.freshStore();
    this.journal.clear();
    this.faults.clear();
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
    if (document.random && restoreRandom) this.streams.restore(document.random);
    this.store = store;
    // What has already expired (events past 30 days, answers past 24 h) is not kept, as if the store had lived on.
    this.expire();
  }

  /**
   * Replaces the store with a --state file, read streamed (a file of any size); false when there is no file.
   * Throws FixtureError (with JSON pointers) or ConfigError and changes nothing if it does not load.
   */
  loadStateFile(path: string): boolean {
    const loaded = loadStateFile(path, this.clock.now(), new Store(this.random));
    if (!loaded) return false;
    if (loaded.random) this.streams.restore(loaded.random);
    this.store = loaded.store;
    this.expire();
    return true;
  }

  /** The id generator, whose state is saved with the store. */
  get random(): Random {
    return this.streams.ids;
  }

  /**
   * Drops events and idempotency records that time has expired, in every partition. Both are kept in creation
   * order, so each partition costs a look at its oldest entries unless something is due.
   */
  expire(): void {
    const now = this.clock.now();
    for (const partition of this.store.partitions()) this.expirePartition(partition, now);
  }

  expirePartition(partition: Partition, now: number): void {
    expireEvents(partition, now);
    expireIdempotency(partition, now);
  }

  private freshStore(): Store {
    const store = new Store(this.random);
    const now = this.clock.now();
    if (this.fixtures.length > 0) applyFixtures(store, this.fixtures, now);
    else newWorkspace(store, { name: 'Default workspace', now });
    // Fixture events already past the 30-day window are not kept (they are not in the feed either).
    for (const partition of store.partitions()) this.expirePartition(partition, now);
    return store;
  }
}

/**
 * Frees what has expired as real time passes (a clock move sweeps at once), not only when a workspace is next
 * used. The timer is unref'd (it never keeps a process alive) and holds the context weakly, so a context that
 * is dropped (an embedded app, a test's sandbox) is collected and its timer stops.
 */
function sweepPeriodically(ctx: MockContext, intervalMs: number): void {
  const ref = new WeakRef(ctx);
  const timer = setInterval(() => {
    const live = ref.deref();
    if (live) live.expire();
    else clearInterval(timer);
  }, intervalMs);
  timer.unref();
}
