import { Clock } from '../clock/clock';
import { MockContext } from '../context';
import { ConfigError } from '../errors/api-error';
import { FixtureDocument, FixtureError } from '../state/fixture-types';
import { NamedDocument, readFixtures, schemaProblems } from '../state/read-fixtures';
import { saveStore } from '../state/state-file';
import { existsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { urlProblem } from '../webhooks/endpoints';
import { DEFAULT_FIXTURES, MockOptions } from './mock-options';
import { journalDetails } from '../http/journal-masking';
import { sitePages } from './site-pages';

/** Builds an instance's context from options; every mistake is a ConfigError with one clear message. */
export function createContext(options: MockOptions = {}): MockContext {
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) throw new ConfigError(`Invalid seed ${options.seed}: use an integer.`);
  if (options.bodyTimeoutMs !== undefined && (!Number.isInteger(options.bodyTimeoutMs) || options.bodyTimeoutMs < 1 || options.bodyTimeoutMs > 3_600_000)) {
    throw new ConfigError(`Invalid bodyTimeoutMs ${options.bodyTimeoutMs}: use milliseconds from 1 to 3600000.`);
  }
  if (options.journalSize !== undefined && (!Number.isInteger(options.journalSize) || options.journalSize < 0 || options.journalSize > 100_000)) {
    throw new ConfigError(`Invalid journalSize ${options.journalSize}: use an integer from 0 to 100000.`);
  }
  if (options.streamStallMs !== undefined && (!Number.isInteger(options.streamStallMs) || options.streamStallMs < 1 || options.streamStallMs > 3_600_000)) {
    throw new ConfigError(`Invalid streamStallMs ${options.streamStallMs}: use milliseconds from 1 to 3600000.`);
  }
  const clock = readClock(options.clock ?? 'real');
  if (options.state) checkStatePath(options.state);
  const fixtures = loadFixtures(options.fixtures);
  let ctx: MockContext;
  try {
    ctx = new MockContext({
      fixtures,
      clock,
      journalDetails,
      ...(options.scenario ? { scenario: options.scenario } : {}),
      ...(options.scenarioOptions ? { scenarioOptions: options.scenarioOptions } : {}),
      ...(options.seed !== undefined ? { seed: options.seed } : {}),
      ...(options.adminToken ? { adminToken: options.adminToken } : {}),
      ...(options.journalSize !== undefined ? { journalSize: options.journalSize } : {}),
      ...(options.sweepIntervalMs !== undefined ? { sweepIntervalMs: options.sweepIntervalMs } : {}),
      ...(options.onRequest ? { onRequest: options.onRequest } : {}),
      ...(options.webhooks ? { webhooks: checkWebhookUrls(options.webhooks) } : {}),
      ...(options.webhookTimeoutMs !== undefined ? { webhookTimeoutMs: options.webhookTimeoutMs } : {}),
      ...(options.streamStallMs !== undefined ? { streamStallMs: options.streamStallMs } : {}),
    });
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid fixtures: ${error.summary()}`);
    if (error instanceof ConfigError) throw error;
    throw new ConfigError((error as Error).message);
  }
  ctx.pages = sitePages(ctx);
  if (options.state) {
    const path = options.state;
    restoreState(ctx, path);
    ctx.saveState = async () => {
      await saveStore(path, ctx.store, ctx.savedControls);
      return path;
    };
  }
  return ctx;
}

function checkWebhookUrls(urls: string[]): string[] {
  for (const url of urls) {
    const problem = urlProblem(url);
    if (problem) throw new ConfigError(`Invalid --webhook: ${problem}`);
  }
  return urls;
}

/** The clock option; its mistakes name the flag that sets it, so a CLI user knows what to fix. */
function readClock(spec: string): Clock {
  try {
    return Clock.fromSpec(spec);
  } catch (error) {
    const message = (error as Error).message;
    const own = `Invalid clock "${spec}"`;
    const detail = message.startsWith(own) ? message.slice(own.length + 1).trim() : `${message.charAt(0).toLowerCase()}${message.slice(1)}`;
    throw new ConfigError(`Invalid --clock "${spec}": ${detail}`);
  }
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
  // A file is made beside it and removed, as a save would: permission bits do not tell (root passes every check,
  // and /proc or a read-only mount refuse new files whatever they say).
  const probe = join(folder, `.${basename(path)}.${process.pid}.probe`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(
      `Invalid --state ${path}: a file cannot be created in the folder ${folder} (${reason}), so the state could not be saved. Pick another path.`,
    );
  }
  unlinkSync(probe);
}

function loadFixtures(fixtures: string | FixtureDocument | undefined): NamedDocument[] {
  if (fixtures === 'none') return [];
  try {
    if (typeof fixtures === 'object') {
      const problems = schemaProblems('fixtures', fixtures);
      if (problems.length > 0) throw new FixtureError(problems);
      return [{ file: 'fixtures', document: fixtures }];
    }
    return readFixtures(fixtures ?? DEFAULT_FIXTURES);
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid fixtures: ${error.summary()}`);
    throw error;
  }
}

function restoreState(ctx: MockContext, path: string): void {
  try {
    ctx.loadStateFile(path);
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid --state ${path}: the file is invalid: ${error.summary()}. Fix or delete it.`);
    // Whatever else stops it, the message names the flag to fix.
    const message = (error as Error).message;
    if (error instanceof ConfigError && message.startsWith('Invalid --state')) throw error;
    throw new ConfigError(`Invalid --state ${path}: ${message}`);
  }
}
