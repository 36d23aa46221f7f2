import { optionsFromFlags, StartFlags } from '../app/start-flags';
import { Command, CommanderError, Option } from 'commander';
import { ConfigError } from '../errors/api-error';
import { FixtureError } from '../state/fixture-types';
import { readFixtures } from '../state/read-fixtures';
import { applyFixtures } from '../state/apply-fixtures';
import { PACKAGE_VERSION } from '../package-version';
import { FIXTURE_SCHEMA } from '../schemas/fixtures';
import { SCENARIOS } from '../scenarios/scenarios';
import { MockServer, startMock } from '../start-mock';
import { Random } from '../store/random';
import { Store } from '../store/store';
import { banner } from './banner';
import { addClientCommands } from './client-commands';
import { addDeliveryCommands } from './delivery-commands';
import { addJournalCommand } from './journal-command';
import { addReviewCommands } from './review-commands';
import { Palette, palette } from './colors';
import { integer, memorySize, onOff } from './option-parsers';
import { formatRequestLine, LogFormat } from './log-format';
import type { CliIO, CliResult } from './cli-io';
import { addMcpCommand } from './mcp-command';
import { splitAllowedHosts } from '../http/allowed-hosts';
import { memoryLine } from './memory-log';
import { autosaveLine } from './autosave-log';
import { addTlsCommand } from './tls-command';

export type { CliIO, CliResult };

const processIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  isTTY: Boolean(process.stdout.isTTY),
};

interface ServeOptions extends StartFlags {
  port: number;
  log?: LogFormat;
  webhook: string[];
}

/**
 * Runs the command line. Serving resolves once the server listens (with the server, so tests can close it);
 * the one-shot subcommands resolve with their exit code. Never throws: problems are one line on stderr, exit 1.
 */
export async function main(argv: string[], io: CliIO = processIO): Promise<CliResult> {
  let result: CliResult = { exitCode: 0 };
  const chalk = palette(io.isTTY);
  const program = new Command('payments-mock')
    .description('A strict, stateful, in-memory sandbox of the payments API.')
    .version(PACKAGE_VERSION, '-v, --version')
    // Options after a subcommand are the subcommand's: `payments-mock mcp --start --port 0` sets mcp's --port.
    .enablePositionalOptions()
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(chalk.red(text)) })
    .addOption(
      new Option('--port <n>', 'port to listen on; 0 = any free port')
        .default(4010)
        .env('PAYMENTS_MOCK_PORT')
        .argParser(integer('--port', 0, 65535)),
    )
    .addOption(new Option('--host <addr>', 'address to listen on').default('127.0.0.1').env('PAYMENTS_MOCK_HOST'))
    .addOption(
      new Option('--fixtures <path|none>', 'fixture file or folder; none = one empty generated workspace (default: bundled fixtures/default.json)').env(
        'PAYMENTS_MOCK_FIXTURES',
      ),
    )
    .addOption(
      new Option('--clock <mode>', 'real, frozen, frozen@<ISO-8601> or offset:<duration> (e.g. offset:-2d)').default('real').env('PAYMENTS_MOCK_CLOCK'),
    )
    .addOption(new Option('--scenario <name>', 'starting scenario').choices(SCENARIOS).default('happy').env('PAYMENTS_MOCK_SCENARIO'))
    .addOption(
      new Option('--seed <n>', 'makes ids, faults and generated data reproducible (default: random)')
        .env('PAYMENTS_MOCK_SEED')
        .argParser(integer('--seed', 0, 2 ** 32 - 1)),
    )
    .addOption(
      new Option('--log <format>', 'request log: pretty, json or off (default: pretty on a terminal, else json)')
        .choices(['pretty', 'json', 'off'])
        .env('PAYMENTS_MOCK_LOG'),
    )
    .addOption(
      new Option('--state <file>', 'load the store from this file if it exists; save it on SIGINT/SIGTERM and POST /_mock/state/save (default: none)').env(
        'PAYMENTS_MOCK_STATE',
      ),
    )
    .addOption(
      new Option(
        '--webhook <url>',
        'deliver every event of the first workspace (test mode) to this URL; repeatable (in the environment: URLs separated by spaces)',
      )
        .default([])
        .env('PAYMENTS_MOCK_WEBHOOK')
        // A URL holds no space, so the environment variable (one value) can carry several, as a container needs.
        .argParser((urls: string, previous: string[]) => [...previous, ...urls.split(/\s+/).filter((url) => url !== '')]),
    )
    .addOption(
      new Option(
        '--admin-token <token>',
        'require Authorization: Bearer <token> on /_mock/* except GET /_mock/health and the dashboard page, which asks for it (default: none)',
      ).env('PAYMENTS_MOCK_ADMIN_TOKEN'),
    )
    .addOption(
      new Option(
        '--allowed-hosts <names>',
        'host names (comma-separated) the admin API and dashboard also answer, on any port, such as a container service name; every other name is still refused (default: none)',
      )
        .env('PAYMENTS_MOCK_ALLOWED_HOSTS')
        .argParser(splitAllowedHosts),
    )
    .addOption(
      new Option('--journal <n>', 'how many /v1 requests GET /_mock/requests keeps (bodies cut at 16 KiB); 0 = none')
        .default(1000)
        .env('PAYMENTS_MOCK_JOURNAL')
        .argParser(integer('--journal', 0, 100_000)),
    )
    .addOption(
      new Option(
        '--max-memory <size>',
        'memory budget, e.g. 512mb or 2gb: past it, requests that store something new get 503 (default: 70% of the V8 old-generation limit, which --max-old-space-size sets)',
      )
        .env('PAYMENTS_MOCK_MAX_MEMORY')
        .argParser(memorySize('--max-memory')),
    )
    .addOption(
      new Option(
        '--autosave <interval|off>',
        'with --state: save in the background this often (real time) when something changed, e.g. 30s, 5m, 500ms (default: 30s)',
      ).env('PAYMENTS_MOCK_AUTOSAVE'),
    )
    .addOption(
      new Option('--tls [on|off]', 'serve HTTPS (HTTP/2 and HTTP/1.1) on --port instead of HTTP, with a certificate of the local CA (see: payments-mock tls)')
        .env('PAYMENTS_MOCK_TLS')
        .argParser(onOff('--tls')),
    )
    .addOption(
      new Option('--tls-port <n>', 'serve HTTPS on this port as well, beside HTTP on --port, over one state; 0 = any free port')
        .env('PAYMENTS_MOCK_TLS_PORT')
        .argParser(integer('--tls-port', 0, 65535)),
    )
    .addOption(
      new Option('--tls-cert <file>', "PEM certificate to serve HTTPS with, such as mkcert's (default: issued by the local CA)").env('PAYMENTS_MOCK_TLS_CERT'),
    )
    .addOption(new Option('--tls-key <file>', 'PEM private key of --tls-cert').env('PAYMENTS_MOCK_TLS_KEY'))
    .addOption(
      new Option('--webhook-ca <file>', 'PEM bundle of CA certificates that webhook deliveries to https: receivers trust on top of the system store').env(
        'PAYMENTS_MOCK_WEBHOOK_CA',
      ),
    )
    .action(async (options: ServeOptions) => {
      const log: LogFormat = options.log ?? (io.isTTY ? 'pretty' : 'json');
      result = { exitCode: 0, mock: await serve(options, log, io, chalk), quiet: log === 'off' };
    });

  const fixtures = program.command('fixtures').description('work with fixture files');
  fixtures
    .command('validate <path>')
    .description('check a fixture file or folder; prints each problem as file: /json/pointer: message')
    .action((path: string) => {
      result = { exitCode: validateFixtures(path, io) };
    });
  fixtures
    .command('schema')
    .description('print the JSON Schema of fixture files')
    .action(() => io.stdout(`${JSON.stringify(FIXTURE_SCHEMA, null, 2)}\n`));
  program
    .command('openapi')
    .description('print the OpenAPI 3.1 document')
    .action(() => {
      // Loaded for this command only: a start does not build the document (docs/performance.md, "Boot").
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
      const { openApiDocument } = require('../openapi/build-openapi') as typeof import('../openapi/build-openapi');
      io.stdout(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
    });
  addClientCommands(program, io, chalk);
  addDeliveryCommands(program, io, chalk);
  addJournalCommand(program, io, chalk);
  addReviewCommands(program, io, chalk, (exitCode) => (result = { exitCode }));
  addMcpCommand(program, io, (mcp) => (result = mcp));
  addTlsCommand(program, io);

  try {
    await program.parseAsync(argv);
    return result;
  } catch (error) {
    if (error instanceof CommanderError) return { exitCode: error.exitCode === 0 ? 0 : 1 };
    if (error instanceof ConfigError) {
      io.stderr(`${chalk.red(`payments-mock: ${error.message.replace(/\s*\n\s*/g, ' ')}`)}\n`);
      return { exitCode: 1 };
    }
    io.stderr(`${chalk.red(`payments-mock: unexpected error: ${(error as Error).message}`)}\n`);
    return { exitCode: 1 };
  }
}

async function serve(options: ServeOptions, log: LogFormat, io: CliIO, chalk: Palette): Promise<MockServer> {
  const mock = await startMock({
    ...optionsFromFlags(options),
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
