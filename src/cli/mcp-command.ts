import { ConfigError } from '../errors/api-error';
import { START_OPTIONS, startOptionEntries, StartOption } from '../app/start-options';
import { text } from '../app/option-values';
import { DEFAULT_MOCK_URL } from '../app/start-flags';
import type { CliIO, CliResult } from './cli-io';
import type { McpOptions } from '../mcp/run-mcp';
import { FlagSpec, readFlags, withEnvironment } from './read-flags';
import { helpPage, HelpRow, optionRow } from './start-help';

/** What `payments-mock mcp` does, in `--help`. */
export const MCP_DESCRIPTION =
  'serve the Model Context Protocol on stdin/stdout for a coding agent: tools (workspaces, API requests, clock, scenario, faults, journal, webhook deliveries, reset, export) and resources (OpenAPI, errors, test cards, behaviour) over a running mock, or over one it starts';

/** mcp's own flags; the start options (all but --log) follow them, for --start. */
const OWN_FLAGS = {
  url: { flag: '--url', arg: '<url>', value: text },
  start: { flag: '--start', arg: '' },
} satisfies Record<string, FlagSpec>;

/** The start options `mcp --start` takes: all but those marked otherwise in the table. */
function mcpStartOptions(): Array<[string, StartOption]> {
  return startOptionEntries().filter(([, entry]) => entry.mcp !== false);
}

/**
 * `payments-mock mcp`: the Model Context Protocol on stdio for coding agents, over a running mock (`--url`) or one
 * it starts in this process (`--start` and the start options, on port 0 unless told). The start options and their
 * environment variables are read from the one table (src/app/start-options.ts); the variables only with --start, so
 * a shell set up for a mock elsewhere does not make `mcp --url` refuse them. The MCP SDK is loaded only when this
 * command runs, so it costs the mock's ordinary start-up nothing.
 *
 * @example await runMcpCommand(['--start', '--clock', 'frozen', '--seed', '1'], io)
 */
export async function runMcpCommand(args: string[], io: CliIO): Promise<CliResult> {
  const specs: Record<string, FlagSpec> = { ...OWN_FLAGS, ...Object.fromEntries(mcpStartOptions()) };
  const read = readFlags(args, specs);
  if (read.help) {
    io.stdout(mcpHelp());
    return { exitCode: 0 };
  }
  if (read.positionals.length > 0)
    throw new ConfigError(`mcp takes no words (got "${read.positionals[0]}"): its options are flags (payments-mock mcp --help).`);
  // The admin token is sent to a mock at --url too; every other start option configures the mock --start owns.
  const env = read.values.start ? process.env : { [START_OPTIONS.adminToken.env]: process.env[START_OPTIONS.adminToken.env] };
  const options = withEnvironment(read.values, specs, env) as McpOptions;
  // Loaded here, not at the top: the SDK and the tool table are for this command alone.
  const { runMcp } = await import('../mcp/run-mcp');
  const session = await runMcp(options, (line) => io.stderr(`payments-mock mcp: ${line}\n`));
  return { exitCode: 0, ...(session.mock ? { mock: session.mock } : {}), quiet: true, session: session.ended };
}

function mcpHelp(): string {
  const rows: HelpRow[] = [
    ['--url <url>', `the running mock to drive (default: ${DEFAULT_MOCK_URL})`],
    ['--start', 'start a mock in this process instead, and stop it when the agent disconnects (stdin closes)'],
    ...mcpStartOptions().map(([name, entry]): HelpRow => {
      const under = entry.mcp || {};
      // The token goes to a mock at --url as well; the rest configure the started one.
      return name === 'adminToken' ? optionRow(entry, under) : optionRow(entry, { ...under, help: `with --start: ${under.help ?? entry.help}` });
    }),
    ['-h, --help', 'display help for command'],
  ];
  return helpPage(
    'payments-mock mcp [options]',
    MCP_DESCRIPTION,
    [['Options:', rows]],
    'Nothing but the protocol goes to stdout; notes go to stderr. See docs/mcp.md for the tools.',
  );
}
