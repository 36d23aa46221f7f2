import { Command, Option } from 'commander';
import { DEFAULT_MOCK_URL } from '../app/start-flags';

/**
 * `--url` and `--admin-token`: where a command that talks to a running mock finds it, and how it gets in
 * (`ClientOptions` in mock-client.ts). Every client command takes both, read from the same variables.
 * @example connectionOptions(program.command('journal')).option('--as-flow', '…')
 */
export function connectionOptions(command: Command): Command {
  return command
    .addOption(new Option('--url <url>', 'the running mock').default(DEFAULT_MOCK_URL).env('PAYMENTS_MOCK_URL'))
    .addOption(new Option('--admin-token <token>', "the mock's --admin-token, if it was started with one").env('PAYMENTS_MOCK_ADMIN_TOKEN'));
}
