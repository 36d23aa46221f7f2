import { Command, Option } from 'commander';
import type { CliIO } from './cli-io';

/**
 * `payments-mock tls`: where the local CA is, its SHA-256 fingerprint, and how to trust it on each platform. Makes the
 * CA if there is none yet (so it can be trusted before the first start). `--path` prints the certificate's path
 * alone, for `NODE_EXTRA_CA_CERTS=$(payments-mock tls --path)`.
 */
export function addTlsCommand(program: Command, io: CliIO): void {
  program
    .command('tls')
    .description('print where the local CA is, its SHA-256 fingerprint and how to trust it (macOS, Linux, Windows, iOS, Android, Node)')
    .addOption(new Option('--path', "print only the CA certificate's path"))
    .action((options: { path?: boolean }) => {
      // The certificate code loads for this command only.
      /* eslint-disable @typescript-eslint/no-require-imports */
      const { localCa } = require('../tls/local-ca') as typeof import('../tls/local-ca');
      const { trustHelp } = require('../tls/trust-help') as typeof import('../tls/trust-help');
      /* eslint-enable @typescript-eslint/no-require-imports */
      const ca = localCa();
      io.stdout(options.path ? `${ca.certPath}\n` : `${trustHelp(ca)}\n`);
    });
}
