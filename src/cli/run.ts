import { MockServer } from '../start-mock';
import { main } from './main';

/**
 * The process around the CLI: exit codes, and a clean shutdown on SIGINT/SIGTERM that saves --state first.
 */
export async function run(argv: string[] = process.argv): Promise<void> {
  let mock: MockServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Still starting (nothing listens, nothing has changed): there is nothing to save or close.
    if (!mock) process.exit();
    try {
      const saved = await mock.saveState();
      if (saved) process.stdout.write(`payments-mock: state saved to ${saved}\n`);
    } catch (error) {
      process.stderr.write(`payments-mock: could not save state: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
    await mock.close();
    process.stdout.write(`payments-mock: stopped (${signal})\n`);
    process.exit();
  };
  // Handlers go in before anything is printed: a parent that reads the listening line and signals at once must
  // not meet the default action (die without saving).
  const onSigint = () => void stop('SIGINT');
  const onSigterm = () => void stop('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);

  const result = await main(argv);
  if (!result.mock) {
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    process.exitCode = result.exitCode;
    return;
  }
  mock = result.mock;
}
