import { Clock } from '../clock/clock';
import { MockContext } from '../context/mock-context';
import { ConfigError } from '../errors/api-error';
import { journalDetails } from '../http/journal-masking';
import { checkAllowedHosts } from '../http/allowed-hosts';
import { FixtureDocument, FixtureError } from '../state/fixture-types';
import type { NamedDocument } from '../state/read-fixtures';
import { schemaProblems } from '../state/schema-problems';
import { urlProblem } from '../webhooks/endpoints';
import type { MockOptions } from './mock-options';
import { sitePages } from './site-pages';
import { startOptionEntries } from './start-options';

/**
 * Checks the options that need no file or socket and reads the clock; every mistake is a ConfigError with one
 * clear message.
 * @example const clock = checkOptions({ seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
 */
export function checkOptions(options: MockOptions): Clock {
  checkStartOptions(options);
  checkInteger('bodyTimeoutMs', options.bodyTimeoutMs, 1, 3_600_000);
  checkInteger('streamStallMs', options.streamStallMs, 1, 3_600_000);
  // At least 1: a sweep due at once would be due again at once, for ever.
  checkInteger('sweepIntervalMs', options.sweepIntervalMs, 1, 86_400_000);
  checkInteger('webhookTimeoutMs', options.webhookTimeoutMs, 1, 3_600_000);
  if (options.webhookTransport !== undefined && options.webhookTransport !== 'node' && options.webhookTransport !== 'fetch') {
    throw new ConfigError(`Invalid webhookTransport ${JSON.stringify(options.webhookTransport)}: use 'node' or 'fetch'.`);
  }
  return readClock(options.clock ?? 'real');
}

/** The options the command line also gives, by the rule their flags are read with (src/app/start-options.ts). */
function checkStartOptions(options: MockOptions): void {
  for (const [, { option, value }] of startOptionEntries()) {
    const given = option && options[option];
    if (given === undefined || !value.holds || value.holds(given)) continue;
    throw new ConfigError(`Invalid ${option} ${JSON.stringify(given)}: use ${value.takes}.`);
  }
}

/** A whole-number option within [min, max], else a ConfigError naming it and its range. */
function checkInteger(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined || (Number.isInteger(value) && value >= min && value <= max)) return;
  throw new ConfigError(`Invalid ${name} ${value}: use milliseconds from ${min} to ${max}.`);
}

/**
 * Builds an instance's context from options and fixture documents already read. It reads no files (createContext
 * in create-context.ts does that, on Node), so the same core runs in a browser page.
 * @example const ctx = contextFromOptions({ seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' }, []);
 */
export function contextFromOptions(
  options: MockOptions,
  fixtures: NamedDocument[],
  clock: Clock = checkOptions(options),
  /** `options.webhookCa` read (createContext does it, on Node). */
  webhookCa?: string[],
): MockContext {
  if (options.webhookCa !== undefined && webhookCa === undefined) throw new ConfigError('webhookCa is a file read on Node: give it to startMock or createApp.');
  let ctx: MockContext;
  try {
    // The instance settings go on as given (InstanceSettings); what the context keeps in another form is read here.
    const { allowedHosts, webhooks, adminToken, webhookCa: _caFile, ...settings } = options;
    ctx = new MockContext({
      ...settings,
      fixtures,
      clock,
      journalDetails,
      ...(adminToken ? { adminToken } : {}),
      ...(allowedHosts ? { allowedHosts: checkAllowedHosts(allowedHosts) } : {}),
      ...(webhooks ? { webhooks: checkWebhookUrls(webhooks) } : {}),
      ...(webhookCa ? { webhookCa } : {}),
    });
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid fixtures: ${error.summary()}`);
    if (error instanceof ConfigError) throw error;
    throw new ConfigError((error as Error).message);
  }
  ctx.pages = sitePages(ctx);
  return ctx;
}

/**
 * Fixtures given as a document (checked against the schema) or `none`, as named documents.
 * @example fixtureDocuments('none') // []
 */
export function fixtureDocuments(fixtures: FixtureDocument | 'none'): NamedDocument[] {
  if (fixtures === 'none') return [];
  const problems = schemaProblems('fixtures', fixtures);
  if (problems.length > 0) throw new ConfigError(`Invalid fixtures: ${new FixtureError(problems).summary()}`);
  return [{ file: 'fixtures', document: fixtures }];
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
