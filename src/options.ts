import { checkOptions, contextFromOptions, fixtureDocuments } from './context-from-options';
import { MockContext, RequestLogLine } from './context';
import { ConfigError } from './errors/api-error';
import { FixtureDocument, FixtureError } from './fixtures/fixture-types';
import { loadStateFile } from './fixtures/load-state-file';
import { NamedDocument, readFixtures } from './fixtures/read-fixtures';
import { saveStore } from './fixtures/state-file';
import { ScenarioName, ScenarioOptions } from './scenarios/scenarios';
import { Store } from './store/store';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PACKAGE_ROOT } from './package-root';

/** The bundled fixtures, used when no --fixtures is given. */
export const DEFAULT_FIXTURES = join(PACKAGE_ROOT, 'fixtures', 'default.json');

/**
 * Options shared by `startMock`, `createApp` and the CLI.
 * @example { port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1, scenario: 'manual' }
 */
export interface MockOptions {
  /** 0 = any free port. Default 4010. */
  port?: number;
  host?: string;
  /** A fixture file or folder, a fixture document, or 'none' (one generated workspace). Default: the bundled fixtures. */
  fixtures?: string | FixtureDocument;
  /** real | frozen | frozen@<ISO-8601> | offset:<duration>. Default real. */
  clock?: string;
  scenario?: ScenarioName;
  scenarioOptions?: ScenarioOptions;
  /** Makes ids, injected faults and generated data reproducible. */
  seed?: number;
  /** When set, /_mock/* (but health) needs `Authorization: Bearer <token>`. */
  adminToken?: string;
  /** Load the store from this file at start if it exists; save to it on demand and on shutdown. */
  state?: string;
  /** How many /v1 requests the journal keeps (default 1000, at most 100,000; 0 = none). Bodies are cut at 16 KiB. */
  journalSize?: number;
  /** How often expired events and idempotency records are freed as real time passes (default 60000 ms). */
  sweepIntervalMs?: number;
  /** How long a client may take to send a whole request before it is answered 408 request_timeout (default 30000 ms). Standalone server only. */
  bodyTimeoutMs?: number;
  /** Called after every /v1 request (the CLI logs with it). */
  onRequest?: (line: RequestLogLine) => void;
  /** URLs that get every event of the first workspace's test mode, as `--webhook` registers them. */
  webhooks?: string[];
  /** How long a webhook attempt may take, in real milliseconds. Default 10000. */
  webhookTimeoutMs?: number;
  /**
   * How webhook deliveries go out: `node` (node:http with keep-alive; the server's default) or `fetch` (the global
   * `fetch`, so MSW and other fetch interceptors see them; the default of `createFetchHandler`).
   */
  webhookTransport?: 'node' | 'fetch';
}

/** Builds an instance's context from options; every mistake is a ConfigError with one clear message. */
export function createContext(options: MockOptions = {}): MockContext {
  const clock = checkOptions(options);
  if (options.state) checkStatePath(options.state);
  const ctx = contextFromOptions(options, loadFixtures(options.fixtures), clock);
  if (options.state) {
    const path = options.state;
    restoreState(ctx, path);
    ctx.saveState = async () => {
      await saveStore(path, ctx.store);
      return path;
    };
  }
  return ctx;
}

/**
 * A --state file is written at shutdown; a path that can never be written (a missing folder, a folder where the
 * file should be, no permission) must fail now, not after a whole session's work.
 */
function checkStatePath(path: string): void {
  const folder = dirname(resolve(path));
  let stats;
  try {
    stats = statSync(folder);
  } catch {
    throw new ConfigError(`Invalid --state ${path}: the folder ${folder} does not exist. Create it, or pick another path.`);
  }
  if (!stats.isDirectory()) throw new ConfigError(`Invalid --state ${path}: ${folder} is not a folder.`);
  if (existsSync(path) && statSync(path).isDirectory())
    throw new ConfigError(`Invalid --state ${path}: it is a folder; give a file path such as ${join(path, 'state.json')}.`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new ConfigError(`Invalid --state ${path}: the folder ${folder} is not writable, so the state could not be saved. Pick another path.`);
  }
}

function loadFixtures(fixtures: string | FixtureDocument | undefined): NamedDocument[] {
  if (fixtures === 'none' || typeof fixtures === 'object') return fixtureDocuments(fixtures);
  try {
    return readFixtures(fixtures ?? DEFAULT_FIXTURES);
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid fixtures: ${error.summary()}`);
    throw error;
  }
}

function restoreState(ctx: MockContext, path: string): void {
  try {
    const loaded = loadStateFile(path, ctx.clock.now(), new Store(ctx.random));
    if (loaded) ctx.useLoadedState(loaded);
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`State file ${path} is invalid: ${error.summary()}. Fix or delete it.`);
    throw error;
  }
}
