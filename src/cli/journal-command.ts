import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { connectionOptions } from './connection-options';
import { ConfigError } from '../errors/api-error';
import type { FlowDocument } from '../triggers/flow-types';
import type { Palette } from './colors';
import { getAdmin } from './mock-client';

interface JournalFlags {
  url: string;
  adminToken?: string;
  asFlow?: boolean;
  workspace?: string;
  since?: string;
  out?: string;
}

/**
 * `payments-mock journal [--as-flow]`: the running mock's request journal (`GET /_mock/requests`), or with
 * `--as-flow` the session as a flow document (`GET /_mock/requests?as=flow`) that `payments-mock flow` replays.
 * Written to stdout, or to `--out <file>` (then one line says what was written). A flow's warnings (ids made by
 * requests it does not hold) are also printed on stderr, one yellow line each: the document stays pipeable.
 */
export function addJournalCommand(program: Command, io: { stdout: (text: string) => void; stderr: (text: string) => void }, chalk: Palette): void {
  connectionOptions(
    program.command('journal').description("print a running mock's request journal; --as-flow: the session as a flow file that `payments-mock flow` replays"),
  )
    .option('--as-flow', 'write the session as a flow document: references for the ids it made, its clock moves and scenario changes, each status')
    .option('--workspace <id>', 'with --as-flow: the session of this workspace (default: the workspace of its first request)')
    .option('--since <request id or unix time>', 'with --as-flow: from this Request-Id (req_…) on, or from this Unix time on')
    .option('--out <file>', 'write the document to this file instead of stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  $ payments-mock journal --as-flow --out checkout.flow.json\n  $ payments-mock journal --as-flow --workspace globex --since req_4Xq2nUyV7pBz0cR3tL9mKw1E\n  $ payments-mock flow checkout.flow.json --url http://127.0.0.1:4011',
    )
    .action(async (flags: JournalFlags) => {
      if (!flags.asFlow && (flags.workspace !== undefined || flags.since !== undefined))
        throw new ConfigError('--workspace and --since choose the session of a flow: add --as-flow.');
      const query = new URLSearchParams({
        ...(flags.asFlow ? { as: 'flow' } : {}),
        ...(flags.workspace !== undefined ? { workspace: flags.workspace } : {}),
        ...(flags.since !== undefined ? { since: flags.since } : {}),
      }).toString();
      const document = await getAdmin<FlowDocument | { data: unknown[] }>(flags, `/_mock/requests${query ? `?${query}` : ''}`);
      const text = `${JSON.stringify(document, null, 2)}\n`;
      const warn = () => {
        for (const warning of 'steps' in document ? (document.warnings ?? []) : []) io.stderr(`${chalk.yellow(`! ${warning}`)}\n`);
      };
      if (flags.out === undefined) {
        io.stdout(text);
        return warn();
      }
      try {
        writeFileSync(flags.out, text);
      } catch (error) {
        throw new ConfigError(`cannot write ${flags.out}: ${(error as Error).message}.`);
      }
      const what =
        'steps' in document
          ? `a flow of ${document.steps.length} steps (workspace ${document.workspace ?? '?'}, ${document.livemode ? 'live' : 'test'} mode)`
          : `${document.data.length} journal entries`;
      io.stdout(`${chalk.green('✓')} wrote ${what} to ${flags.out}\n`);
      warn();
    });
}
