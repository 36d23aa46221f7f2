import { main } from './main';

/**
 * The process around the CLI: exit codes, and a clean shutdown on SIGINT/SIGTERM that saves --state first.
 */
export async function run(argv: string[] = process.argv): Promise<void> {
  const { exitCode, mock } = await main(argv);
  if (!mock) {
    process.exitCode = exitCode;
    return;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
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
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
