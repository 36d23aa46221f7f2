import { MockServer } from '../start-mock';
import { main } from './main';
import { watchParent } from './parent-watch';
import { boundHeapGrowthSoon } from './heap-growth';
import { bundleRequestValidators } from './bundled-validators';

bundleRequestValidators();

/** Undoes the V8 flags the CLI set after start-up, for a code cache made at exit (bin/payments-mock.js). */
export { unboundHeapGrowth as restoreStartFlags } from './heap-growth';
/** A create and a retrieve on a throwaway instance, run before a code cache of the CLI is learned (bin/payments-mock.js). */
export { trainCodeCache } from './code-cache-training';

let startedMock = false;

/**
 * Whether this process started a mock, so that a code cache of what it ran holds a start (bin/payments-mock.js
 * learns one only then): a first `--version`, `--help` or client command would leave every later start to
 * compile its start-up.
 */
export function learnsCodeCache(): boolean {
  return startedMock;
}

/**
 * The process around the CLI: exit codes, and a clean shutdown on SIGINT/SIGTERM/SIGHUP or when the process
 * that started it goes away: stop accepting, let requests being answered finish (up to 5 s), save --state, exit.
 */
export async function run(argv: string[] = process.argv): Promise<void> {
  let mock: MockServer | undefined;
  let quiet = false;
  let mcp = false;
  let stopping = false;
  // Shutdown notes go to stdout (unless --log off); under `mcp`, whose stdout is the protocol, to stderr.
  const note = (line: string) => {
    if (mcp) process.stderr.write(`${line}\n`);
    else if (!quiet) process.stdout.write(`${line}\n`);
  };
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    // Still starting (nothing listens, nothing has changed), or an `mcp` session without a mock of its own: there is
    // nothing to save or close.
    if (!mock) {
      if (mcp) note(`payments-mock: stopped (${reason})`);
      process.exit();
    }
    try {
      const saved = await mock.shutdown();
      if (saved) note(`payments-mock: state saved to ${saved}`);
    } catch (error) {
      process.stderr.write(`payments-mock: could not save state: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
    note(`payments-mock: stopped (${reason})`);
    process.exit();
  };
  // Handlers go in before anything is printed: a parent that reads the listening line and signals at once must
  // not meet the default action (die without saving).
  const handlers = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => {
    const handler = () => void stop(signal);
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  const unwatch = watchParent(() => void stop('parent exited'));
  // A reader that stops early (`payments-mock openapi | head`) closes the pipe: the output is no longer wanted, which
  // is no crash. A serving mock whose log nobody reads goes on serving; `mcp` ends its session on its own handler.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' && !mock && !mcp) process.exit();
  });

  const result = await main(argv);
  startedMock = result.mock !== undefined;
  if (result.session) {
    // `mcp`: stdout is the protocol (nothing else may go there), and the agent going away ends everything.
    mock = result.mock;
    mcp = true;
    void result.session.then(() => stop('agent disconnected'));
    return;
  }
  if (!result.mock) {
    for (const off of handlers) off();
    unwatch();
    process.exitCode = result.exitCode;
    return;
  }
  mock = result.mock;
  quiet = result.quiet ?? false;
  // After start-up: a large --state file grows the heap fast, and collects less often with V8's default.
  boundHeapGrowthSoon();
}
