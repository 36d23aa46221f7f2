import { Command, Option } from 'commander';
import { SCENARIOS } from '../scenarios/scenarios';
import { integer, memorySize } from './option-parsers';
import type { CliIO, CliResult } from './cli-io';
import type { McpOptions } from '../mcp/run-mcp';

const WITH_START = 'with --start:';

/**
 * `payments-mock mcp`: the Model Context Protocol on stdio for coding agents, over a running mock (`--url`) or one
 * it starts in this process (`--start` and the usual start options, port 0 unless told). The MCP SDK is loaded
 * only when this command runs, so it costs the mock's ordinary start-up nothing.
 *
 * @example
 * addMcpCommand(program, io, (result) => (cliResult = result));
 * // payments-mock mcp --start --clock frozen --seed 1
 */
export function addMcpCommand(program: Command, io: CliIO, done: (result: CliResult) => void): void {
  program
    .command('mcp')
    .description(
      'serve the Model Context Protocol on stdin/stdout for a coding agent: tools (workspaces, API requests, clock, scenario, faults, journal, webhook deliveries, reset, export) and resources (OpenAPI, errors, test cards, behaviour) over a running mock, or over one it starts',
    )
    .addOption(new Option('--url <url>', 'the running mock to drive (default: http://127.0.0.1:4010)'))
    .addOption(new Option('--start', 'start a mock in this process instead, and stop it when the agent disconnects (stdin closes)'))
    .addOption(
      new Option('--admin-token <token>', "the mock's --admin-token, sent as Authorization: Bearer on /_mock; with --start, the started mock requires it").env(
        'PAYMENTS_MOCK_ADMIN_TOKEN',
      ),
    )
    .addOption(new Option('--port <n>', `${WITH_START} port to listen on (default: 0, any free port)`).argParser(integer('--port', 0, 65535)))
    .addOption(new Option('--host <addr>', `${WITH_START} address to listen on (default: 127.0.0.1)`))
    .addOption(new Option('--fixtures <path|none>', `${WITH_START} fixture file or folder; none = one empty generated workspace (default: bundled)`))
    .addOption(new Option('--clock <mode>', `${WITH_START} real, frozen, frozen@<ISO-8601> or offset:<duration> (default: real)`))
    .addOption(new Option('--scenario <name>', `${WITH_START} starting scenario (default: happy)`).choices(SCENARIOS))
    .addOption(new Option('--seed <n>', `${WITH_START} makes ids, faults and generated data reproducible`).argParser(integer('--seed', 0, 2 ** 32 - 1)))
    .addOption(new Option('--state <file>', `${WITH_START} load the store from this file if it exists; save it when the agent disconnects`))
    .addOption(
      new Option('--webhook <url>', `${WITH_START} deliver every event of the first workspace (test mode) to this URL; repeatable`).argParser(
        (url: string, previous: string[] = []) => [...previous, url],
      ),
    )
    .addOption(new Option('--journal <n>', `${WITH_START} how many /v1 requests the journal keeps (default: 1000)`).argParser(integer('--journal', 0, 100_000)))
    .addOption(
      new Option('--max-memory <size>', `${WITH_START} memory budget, e.g. 512mb (default: 70% of the V8 old-generation limit)`).argParser(
        memorySize('--max-memory'),
      ),
    )
    .addOption(new Option('--autosave <interval|off>', `${WITH_START} with --state: save in the background this often (default: 30s)`))
    .addHelpText('after', '\nNothing but the protocol goes to stdout; notes go to stderr. See docs/mcp.md for the tools.')
    .action(async (options: McpOptions) => {
      // Loaded here, not at the top: the SDK and the tool table are for this command alone.
      const { runMcp } = await import('../mcp/run-mcp');
      const session = await runMcp(options, (line) => io.stderr(`payments-mock mcp: ${line}\n`));
      done({ exitCode: 0, ...(session.mock ? { mock: session.mock } : {}), quiet: true, session: session.ended });
    });
}
