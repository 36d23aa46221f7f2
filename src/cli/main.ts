import { optionsFromFlags, StartFlags } from '../app/start-flags';
import { START_OPTIONS } from '../app/start-options';
import { ConfigError } from '../errors/api-error';
import { PACKAGE_VERSION } from '../package-version';
import { MockServer, startMock } from '../start-mock';
import { banner } from './banner';
import { Palette, palette } from './colors';
import { formatRequestLine, LogFormat } from './log-format';
import type { CliIO, CliResult } from './cli-io';
import { memoryLine } from './memory-log';
import { autosaveLine } from './autosave-log';
import { readFlags, withEnvironment } from './read-flags';
import { helpPage, HelpRow, startOptionRows } from './start-help';

export type { CliIO, CliResult };

const processIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
};

const DESCRIPTION = 'A strict, stateful, in-memory sandbox of the payments API.';

/**
 * Runs the command line. Serving resolves once the server listens (with the server, so tests can close it);
 * the one-shot subcommands resolve with their exit code. Never throws: problems are one line on stderr, exit 1.
 *
 * A start reads its flags from the one option table (src/app/start-options.ts) and loads nothing else: `mcp` and
 * the subcommands load their own code when asked for (docs/performance.md, "Boot").
 */
export async function main(argv: string[], io: CliIO = processIO): Promise<CliResult> {
  const chalk = palette(io.isTTY);
  try {
    const read = readFlags(argv.slice(2), START_OPTIONS, { version: true, stopAtWord: true });
    const [command, ...rest] = read.positionals;
    if (command === 'mcp') return await loadMcpCommand().runMcpCommand(rest, io);
    // `payments-mock help` is `--help` (`help <command>` is that command's, from commander).
    if (command === 'help' && rest.length === 0) return help(io, chalk);
    if (command !== undefined) return await loadSubcommands().runSubcommand(read.positionals, io, chalk);
    if (read.help) return help(io, chalk);
    if (read.version) {
      io.stdout(`${PACKAGE_VERSION}\n`);
      return { exitCode: 0 };
    }
    const flags = withEnvironment(read.values, START_OPTIONS, process.env) as StartFlags;
    const log: LogFormat = flags.log ?? (io.isTTY ? 'pretty' : 'json');
    return { exitCode: 0, mock: await serve(flags, log, io, chalk), quiet: log === 'off' };
  } catch (error) {
    const message = error instanceof ConfigError ? error.message.replace(/\s*\n\s*/g, ' ') : `unexpected error: ${(error as Error).message}`;
    io.stderr(`${chalk.red(`payments-mock: ${message}`)}\n`);
    return { exitCode: 1 };
  }
}

function help(io: CliIO, chalk: Palette): CliResult {
  const { MCP_DESCRIPTION } = loadMcpCommand();
  const commands: HelpRow[] = [...loadSubcommands().subcommandRows(io, chalk), ['mcp [options]', MCP_DESCRIPTION]];
  const options: HelpRow[] = [['-v, --version', 'output the version number'], ...startOptionRows(), ['-h, --help', 'display help for command']];
  io.stdout(
    helpPage('payments-mock [options] [command]', DESCRIPTION, [
      ['Options:', options],
      ['Commands:', commands],
    ]),
  );
  return { exitCode: 0 };
}

/* eslint-disable @typescript-eslint/no-require-imports -- loaded when asked for (above) */
function loadSubcommands(): typeof import('./subcommands') {
  return require('./subcommands') as typeof import('./subcommands');
}

function loadMcpCommand(): typeof import('./mcp-command') {
  return require('./mcp-command') as typeof import('./mcp-command');
}
/* eslint-enable @typescript-eslint/no-require-imports */

async function serve(flags: StartFlags, log: LogFormat, io: CliIO, chalk: Palette): Promise<MockServer> {
  const mock = await startMock({
    ...optionsFromFlags(flags),
    ...(log !== 'off' ? { onRequest: (line) => io.stdout(`${formatRequestLine(line, log, new Date(), chalk)}\n`) } : {}),
    ...(log !== 'off' ? { onAutosave: (report) => io.stdout(`${autosaveLine(report, log, new Date(), chalk)}\n`) } : {}),
    // A memory crossing is logged whatever --log says: with --log off (stdout is the listening line alone), on stderr.
    onMemory: (notice) =>
      log === 'off' ? io.stderr(`${memoryLine(notice, 'json', new Date(), chalk)}\n`) : io.stdout(`${memoryLine(notice, log, new Date(), chalk)}\n`),
  });
  io.stdout(`payments-mock listening on ${mock.url}\n`);
  // --log off is for parents that read the port: the listening line is all they get.
  if (log !== 'off') io.stdout(`${banner(mock, log, chalk)}\n`);
  return mock;
}
