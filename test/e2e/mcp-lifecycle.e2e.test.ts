import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer as createHttpServer } from 'node:http';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { MockServer, startMock } from '../../src/start-mock';
import { killAll, spawnCli } from '../helpers/cli-process';
import { closeAgents, connectAgent, textOf } from '../helpers/mcp-agent';

/** How `payments-mock mcp` starts, ends and talks to the mock: its options, --start, --url, --admin-token, stdout. */
const ROOT = join(__dirname, '..', '..');

afterEach(async () => {
  await closeAgents();
  await killAll();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A port that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('payments-mock mcp --help', () => {
  it('lists every option', async () => {
    const cli = spawnCli(['mcp', '--help']);
    expect(await cli.exited).toBe(0);
    const help = cli.lines.join('\n');
    for (const flag of ['--url <url>', '--start', '--admin-token <token>', '--port <n>', '--host <addr>', '--fixtures <path|none>', '--clock <mode>']) {
      expect(help).toContain(flag);
    }
    for (const flag of ['--scenario <name>', '--seed <n>', '--state <file>', '--webhook <url>', '--journal <n>', '-h, --help']) expect(help).toContain(flag);
  });
});

describe('mistaken options', () => {
  it.each([
    [['--url', 'http://127.0.0.1:4010', '--start'], /--url and --start exclude each other/],
    [['--port', '0'], /--port needs --start/],
    [['--start', 'now'], /mcp takes no words \(got "now"\): its options are flags/],
    [['--url', 'ftp://example.com'], /Invalid --url ftp:\/\/example\.com: use an http: or https: address/],
    [['--url', 'not a url'], /Invalid --url not a url: give the mock's address/],
    [['--start', '--clock', 'sometimes'], /clock/],
  ])('%j: one line on stderr, exit 1, nothing on stdout', async (args, message) => {
    const cli = spawnCli(['mcp', ...args]);
    expect(await cli.exited).toBe(1);
    expect(cli.stderr().trim().split('\n')).toEqual([expect.stringMatching(message)]);
    expect(cli.lines.filter(Boolean)).toEqual([]);
  });
});

describe('--start', () => {
  it('reads the start options from their environment variables, by the table the CLI reads them with', async () => {
    const agent = await connectAgent(['--start', '--fixtures', 'none'], {
      PAYMENTS_MOCK_CLOCK: 'frozen@2026-03-04T05:06:07Z',
      PAYMENTS_MOCK_SCENARIO: 'decline',
    });
    expect(await agent.ok('get_clock')).toMatchObject({ iso: '2026-03-04T05:06:07.000Z' });
    const { workspaces } = await agent.ok('list_workspaces');
    expect(workspaces[0].scenario).toMatchObject({ scenario: 'decline' });
    await agent.close();
  });

  it('owns a mock in its own process and leaves nothing behind when stdin closes', async () => {
    const agent = await connectAgent(['--start']);
    const { url } = await agent.ok('list_workspaces');
    expect((await fetch(`${url}/_mock/health`)).status).toBe(200);
    // The mock runs inside the MCP server's process: no child process to outlive it.
    expect(childrenOf(agent.pid)).toEqual([]);

    await agent.close();
    // It ended by itself when its stdin closed (the SDK's client would SIGTERM it only after 2 s of waiting).
    expect(await agent.exited).toEqual({ code: 0, signal: null });
    expect(agent.stderr()).toMatch(/payments-mock: stopped \(agent disconnected\)\n$/);
    expect(alive(agent.pid)).toBe(false);
    await expect(fetch(`${url}/_mock/health`)).rejects.toThrow();
  });

  it('saves --state when the agent disconnects, and requires its --admin-token of other clients', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mcp-state-'));
    const file = join(folder, 'state.json');
    try {
      const agent = await connectAgent(['--start', '--fixtures', 'none', '--state', file, '--admin-token', 'tok']);
      const { url } = await agent.ok('list_workspaces');
      expect((await fetch(`${url}/_mock/clock`)).status).toBe(401);
      const customer = await agent.ok('request', { method: 'POST', path: '/v1/customers', params: { email: 'kept@example.com' } });
      await agent.close();
      expect(await agent.exited).toEqual({ code: 0, signal: null });
      expect(agent.stderr()).toContain(`payments-mock: state saved to ${file}\npayments-mock: stopped (agent disconnected)\n`);
      expect(readFileSync(file, 'utf8')).toContain(customer.body.id);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps stdout for the protocol: every line is a JSON-RPC message, even after a line that is not JSON', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'payments-mock.js'), 'mcp', '--start'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => void (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
    // 'close', not 'exit': by then all the process wrote to stdout and stderr has been read.
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    const send = (message: unknown) => child.stdin.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
    send('this is not JSON');
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_clock', arguments: {} } });
    send({ jsonrpc: '2.0', id: 3, method: 'no/such/method' });
    while (stdout.split('\n').filter(Boolean).length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    child.stdin.end();
    expect(await exited).toBe(0);
    const messages = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    // Answers may come in any order (they are asynchronous): by id.
    messages.sort((a, b) => a.id - b.id);
    expect(messages.map((message) => message.id)).toEqual([1, 2, 3]);
    expect(messages[1].result.structuredContent.mode).toBe('real');
    expect(messages[2].error.code).toBe(-32601);
    expect(stderr).toMatch(/payments-mock mcp: serving MCP on stdio/);
  });
});

describe('--url', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMock({ port: 0, adminToken: 's3cret', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
  });

  afterAll(async () => {
    await mock.close();
  });

  it('drives a running mock with the right --admin-token', async () => {
    const agent = await connectAgent(['--url', mock.url, '--admin-token', 's3cret']);
    expect(await agent.ok('advance_clock', { by: '1d' })).toMatchObject({ iso: '2026-01-02T00:00:00.000Z' });
    expect(mock.clock.state().iso).toBe('2026-01-02T00:00:00.000Z');
    await mock.clock.set('frozen', '2026-01-01T00:00:00Z');
  });

  it('leaves the other PAYMENTS_MOCK_* variables alone without --start (a shell set up for a mock elsewhere)', async () => {
    const agent = await connectAgent(['--url', mock.url, '--admin-token', 's3cret'], { PAYMENTS_MOCK_PORT: '4999', PAYMENTS_MOCK_SEED: '7' });
    expect((await agent.ok('list_workspaces')).url).toBe(mock.url);
  });

  it('takes the token from PAYMENTS_MOCK_ADMIN_TOKEN too', async () => {
    const agent = await connectAgent(['--url', mock.url], { PAYMENTS_MOCK_ADMIN_TOKEN: 's3cret' });
    expect((await agent.ok('list_workspaces')).url).toBe(mock.url);
  });

  it.each([
    ['without a token', []],
    ['with a wrong token', ['--admin-token', 'guess']],
  ])('%s, every admin tool answers with the API message about the token', async (_what, token) => {
    const agent = await connectAgent(['--url', mock.url, ...token]);
    for (const name of ['get_clock', 'list_workspaces', 'request']) {
      const result = await agent.call(name, name === 'request' ? { method: 'GET', path: '/v1/payments' } : {});
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('This server was started with --admin-token: send `Authorization: Bearer <token>` to /_mock endpoints.');
    }
    expect(mock.clock.state().iso).toBe('2026-01-01T00:00:00.000Z');
  });

  it('says how to start the mock when nothing answers, for tools and resources, and keeps serving', async () => {
    const port = await closedPort();
    const agent = await connectAgent(['--url', `http://127.0.0.1:${port}`]);
    const result = await agent.call('get_clock');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      `Cannot reach payments-mock at http://127.0.0.1:${port} (ECONNREFUSED). Start it (npx payments-mock --port ${port}), or let the MCP server own one: payments-mock mcp --start.`,
    );
    await expect(agent.client.readResource({ uri: 'payments-mock://openapi.json' })).rejects.toThrow(/Cannot reach payments-mock/);
    // The reference that ships with the package reads without a mock.
    const cards = await agent.client.readResource({ uri: 'payments-mock://test-cards' });
    expect(cards.contents).toHaveLength(1);
    // Said once on stderr by a check of its own at start-up, which comes apart from the answers on stdout: waited for.
    await agent.waitForStderr(/Cannot reach payments-mock .* Tools answer with this error until it runs\./);
    expect(agent.stderr()).toMatch(/Cannot reach payments-mock .* Tools answer with this error until it runs\./);
  });

  it('says so when what answers is not a payments-mock', async () => {
    const page = createHttpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>my app</title>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    try {
      const agent = await connectAgent(['--url', url]);
      const result = await agent.call('get_clock');
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(`${url} answered GET /_mock/clock with 200 (text/html), not JSON: is --url the address of a payments-mock?`);
    } finally {
      await new Promise<void>((resolve) => page.close(() => resolve()));
    }
  });
});

describe('start-up cost', () => {
  // The SDK ships bundled in dist/vendor/mcp-sdk.js (a file of its own, scripts/vendored.js), or from node_modules.
  it('does not load the MCP SDK when the CLI runs anything else', () => {
    const probe = `require('./dist/cli/run').run(['node', 'payments-mock', '--version']).then(() => process.stderr.write('sdk modules: ' + Object.keys(require.cache).filter((k) => /@modelcontextprotocol|vendor[\\\\/]mcp-sdk/.test(k)).length))`;
    const { stderr, status } = spawnSync(process.execPath, ['-e', probe], { cwd: ROOT, encoding: 'utf8' });
    expect(status).toBe(0);
    expect(stderr).toBe('sdk modules: 0');
  });
});
