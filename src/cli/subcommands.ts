import { Command, CommanderError } from 'commander';
import { FixtureError } from '../state/fixture-types';
import { readFixtures } from '../state/read-fixtures';
import { applyFixtures } from '../state/apply-fixtures';
import { FIXTURE_SCHEMA } from '../schemas/fixtures';
import { Random } from '../store/random';
import { Store } from '../store/store';
import { addClientCommands } from './client-commands';
import { addDeliveryCommands } from './delivery-commands';
import { addJournalCommand } from './journal-command';
import { addReviewCommands } from './review-commands';
import { addTlsCommand } from './tls-command';
import type { Palette } from './colors';
import type { CliIO, CliResult } from './cli-io';
import type { HelpRow } from './start-help';

/*
 * The one-shot subcommands (fixtures, openapi, the clients of a running mock, tls), on commander. main.ts loads
 * this file only when one is asked for, so a start never loads commander (docs/performance.md, "Boot").
 */

/**
 * Runs the subcommand that `words` start with (`['trigger', 'payment.succeeded', '--json']`): its exit code.
 * @example await runSubcommand(['openapi'], io, chalk) // { exitCode: 0 }, the document on stdout
 */
export async function runSubcommand(words: string[], io: CliIO, chalk: Palette): Promise<CliResult> {
  let result: CliResult = { exitCode: 0 };
  const program = subcommandProgram(io, chalk, (exitCode) => (result = { exitCode }));
  try {
    await program.parseAsync(words, { from: 'user' });
    return result;
  } catch (error) {
    if (error instanceof CommanderError) return { exitCode: error.exitCode === 0 ? 0 : 1 };
    throw error;
  }
}

/** The subcommands' rows of `payments-mock --help`: each one's usage and what it does. */
export function subcommandRows(io: CliIO, chalk: Palette): HelpRow[] {
  const program = subcommandProgram(io, chalk, () => undefined);
  const help = program.createHelp();
  return program.commands.map((command) => [help.subcommandTerm(command), help.subcommandDescription(command)]);
}

function subcommandProgram(io: CliIO, chalk: Palette, exit: (code: number) => void): Command {
  const program = new Command('payments-mock')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(chalk.red(text)) });
  const fixtures = program.command('fixtures').description('work with fixture files');
  fixtures
    .command('validate <path>')
    .description('check a fixture file or folder; prints each problem as file: /json/pointer: message')
    .action((path: string) => exit(validateFixtures(path, io)));
  fixtures
    .command('schema')
    .description('print the JSON Schema of fixture files')
    .action(() => io.stdout(`${JSON.stringify(FIXTURE_SCHEMA, null, 2)}\n`));
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document')
    .action(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the document is built for this command only
      const { openApiDocument } = require('../openapi/build-openapi') as typeof import('../openapi/build-openapi');
      io.stdout(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
    });
  addClientCommands(program, io, chalk);
  addDeliveryCommands(program, io, chalk);
  addJournalCommand(program, io, chalk);
  addReviewCommands(program, io, chalk, exit);
  addTlsCommand(program, io);
  return program;
}

function validateFixtures(path: string, io: CliIO): number {
  try {
    const documents = readFixtures(path);
    applyFixtures(new Store(new Random(0)), documents, 0);
    io.stdout(`${path}: ok (${documents.length} file${documents.length === 1 ? '' : 's'})\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    for (const problem of error.problems) io.stderr(`${problem.file}: ${problem.pointer || '/'}: ${problem.message}\n`);
    return 1;
  }
}
