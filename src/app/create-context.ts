import { MockContext } from '../context/mock-context';
import { ConfigError } from '../errors/api-error';
import { FixtureDocument, FixtureError } from '../state/fixture-types';
import type { NamedDocument } from '../state/read-fixtures';
import { checkOptions, contextFromOptions, fixtureDocuments } from './context-from-options';
import { DEFAULT_FIXTURES, MockOptions } from './mock-options';

/** `--webhook-ca`, read and checked now (a refusal at start); the certificate code loads only when it is given. */
function readWebhookCa(options: MockOptions): string[] {
  if (options.webhookTransport === 'fetch')
    throw new ConfigError('webhookCa needs the node webhook transport: the global fetch cannot be given extra CAs (set NODE_EXTRA_CA_CERTS instead).');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when a CA bundle is given
  const { readCaBundle } = require('../tls/pem-files') as typeof import('../tls/pem-files');
  return readCaBundle(String(options.webhookCa));
}

/** `--state`, checked now, and what attaches its file to the instance once built; its code loads only with `--state`. */
function checkedStateFile(options: MockOptions): ((ctx: MockContext) => void) | undefined {
  if (!options.state) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only with --state (above)
  const { stateFile } = require('./state-file-option') as typeof import('./state-file-option');
  return stateFile(options.state, options.autosave, options.onAutosave);
}

/** Builds an instance's context from options; every mistake is a ConfigError with one clear message. */
export function createContext(options: MockOptions = {}): MockContext {
  const clock = checkOptions(options);
  if (options.autosave !== undefined && !options.state)
    throw new ConfigError('--autosave needs --state <file>: it saves the store to that file in the background.');
  const attachState = checkedStateFile(options);
  const ctx = contextFromOptions(options, loadFixtures(options.fixtures), clock, options.webhookCa !== undefined ? readWebhookCa(options) : undefined);
  attachState?.(ctx);
  return ctx;
}

function loadFixtures(fixtures: string | FixtureDocument | undefined): NamedDocument[] {
  if (fixtures === 'none' || typeof fixtures === 'object') return fixtureDocuments(fixtures);
  try {
    // The bundled fixtures are not checked against the schema at each start: loading and running the fixture
    // validator on them was 25-30 ms of CPU of every default start (Node 20 and 24), and the package's tests check
    // them (test/integration/fixtures.default.test.ts). A path given, even to the same file, is checked.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a start with --fixtures none reads no file
    const { readFixtures } = require('../state/read-fixtures') as typeof import('../state/read-fixtures');
    return fixtures === undefined ? readFixtures(DEFAULT_FIXTURES, { checked: true }) : readFixtures(fixtures);
  } catch (error) {
    if (error instanceof FixtureError) throw new ConfigError(`Invalid fixtures: ${error.summary()}`);
    throw error;
  }
}
