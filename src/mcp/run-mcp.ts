import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ConfigError } from '../errors/api-error';
import { DEFAULT_MOCK_URL, mockBaseUrl, optionsFromFlags, StartFlags } from '../app/start-flags';
import { MockServer, startMock } from '../start-mock';
import { startOptionEntries } from '../app/start-options';
import { buildTools } from './build-tools';
import { createMcpServer } from './mcp-server';
import { MockApi } from './mock-api';
import { operationSchemas } from './operation-schemas';
import { MCP_RESOURCES } from './resources';
import { MCP_TOOLS } from './tool-table';

/** `payments-mock mcp` options: where the mock is (or that it owns one), and the owned mock's start options. */
export interface McpOptions extends StartFlags {
  url?: string;
  start?: boolean;
}

/** A running MCP session: the mock it owns (with --start), and when it ends (the agent went away). */
export interface McpSession {
  mock?: MockServer;
  ended: Promise<void>;
}

/**
 * Serves MCP on stdin/stdout for a running mock (`--url`) or for one it starts in this process (`--start`, on port 0
 * unless told). Nothing but the protocol goes to stdout; notes go to `log` (stderr). The session ends when stdin
 * closes; the caller then stops the owned mock, so no process or port outlives the agent.
 *
 * @example
 * const { ended } = await runMcp({ start: true, clock: 'frozen' }, (line) => process.stderr.write(`${line}\n`));
 */
export async function runMcp(options: McpOptions, log: (line: string) => void): Promise<McpSession> {
  if (options.start && options.url !== undefined)
    throw new ConfigError('--url and --start exclude each other: --url talks to a running mock, --start owns one.');
  // Every start option but the admin token (sent to a mock at --url too) configures the mock --start owns.
  const given = startOptionEntries().find(
    ([name]) => name !== 'adminToken' && (name === 'webhook' ? (options.webhook ?? []).length > 0 : options[name] !== undefined),
  );
  if (!options.start && given)
    throw new ConfigError(`${given[1].flag} needs --start: it configures the mock that --start owns (a mock at --url keeps the options it was started with).`);
  const tools = buildTools(MCP_TOOLS, operationSchemas());

  const mock = options.start ? await startMock({ ...optionsFromFlags(options), port: options.port ?? 0 }) : undefined;
  const api = new MockApi(mock ? mock.url : mockBaseUrl(options.url ?? DEFAULT_MOCK_URL), options.adminToken);
  const server = createMcpServer(api, tools, MCP_RESOURCES, log);
  server.onerror = (error) => log(`protocol error: ${error.message}`);
  const ended = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    // The stdio transport does not watch for the end of its input: an agent that goes away closes our stdin.
    const close = () => void server.close();
    process.stdin.once('end', close).once('close', close);
    process.stdout.once('error', close);
  });
  await server.connect(new StdioServerTransport());
  log(`serving MCP on stdio for ${api.url}${mock ? ' (started here; it stops when the agent disconnects)' : ''}`);
  if (!mock) void warnIfUnreachable(api, log);
  return { ...(mock ? { mock } : {}), ended };
}

/** The agent may start before the mock: say so once on stderr, and let each tool call say it again until it runs. */
async function warnIfUnreachable(api: MockApi, log: (line: string) => void): Promise<void> {
  try {
    await api.admin('GET', '/_mock/health');
  } catch (error) {
    log(`${(error as Error).message} Tools answer with this error until it runs.`);
  }
}
