import { request } from 'node:http';
import { CliIO, main } from '../../src/cli/main';
import { MockServer } from '../../src/start-mock';
import { killAll, runCli, startCli } from '../helpers/cli-process';

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** GET `path` from the mock with the Host header a container would send (fetch may not set Host). */
function getWithHost(url: string, path: string, host: string): Promise<{ status: number; body: { error?: { code: string; doc_url: string } } }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject).end();
  });
}

const started: MockServer[] = [];
async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: true };
  const result = await main(['node', 'payments-mock', ...args], io);
  if (result.mock) started.push(result.mock);
  return { ...result, stdout, stderr };
}
afterEach(async () => {
  delete process.env.PAYMENTS_MOCK_ALLOWED_HOSTS;
  await Promise.all(started.splice(0).map((mock) => mock.close()));
  await killAll();
});

describe('payments-mock --allowed-hosts', () => {
  it('trusts the named hosts on /_mock/* (with or without a port) and still refuses every other name', async () => {
    const { mock } = await cli(['--port', '0', '--fixtures', 'none', '--log', 'off', '--allowed-hosts', 'payments-mock,Mock.Internal']);
    const url = mock!.url;
    expect((await getWithHost(url, '/_mock/health', `payments-mock:${mock!.port}`)).status).toBe(200);
    expect((await getWithHost(url, '/_mock/keys', 'payments-mock')).status).toBe(200);
    expect((await getWithHost(url, '/_mock/keys', 'mock.internal:4010')).status).toBe(200);
    const foreign = await getWithHost(url, '/_mock/keys', `evil.example:${mock!.port}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.code).toBe('host_not_allowed');
  });

  it('reads PAYMENTS_MOCK_ALLOWED_HOSTS like every other flag', async () => {
    process.env.PAYMENTS_MOCK_ALLOWED_HOSTS = 'payments-mock';
    const { mock } = await cli(['--port', '0', '--fixtures', 'none', '--log', 'off']);
    expect((await getWithHost(mock!.url, '/_mock/keys', 'payments-mock:4010')).status).toBe(200);
    expect((await getWithHost(mock!.url, '/_mock/keys', 'other-service:4010')).status).toBe(403);
  });

  it('without it, a service name is refused 403 host_not_allowed (the default holds)', async () => {
    const { mock } = await cli(['--port', '0', '--fixtures', 'none', '--log', 'off']);
    const res = await getWithHost(mock!.url, '/_mock/keys', 'payments-mock:4010');
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('host_not_allowed');
  });

  it.each([
    [['--allowed-hosts', '*'], 'Invalid --allowed-hosts entry "*": wildcards are not accepted'],
    [['--allowed-hosts', 'true'], 'Invalid --allowed-hosts entry "true": true is not accepted'],
    [['--allowed-hosts', 'payments-mock:4010'], 'Invalid --allowed-hosts entry "payments-mock:4010": give the name without a port (payments-mock)'],
    [['--allowed-hosts', 'payments-mock,,db'], 'Invalid --allowed-hosts entry "": give host names'],
  ])('refuses %j with one red line and exit 1, saying what to fix', async (args, message) => {
    const run = await cli(['--port', '0', '--fixtures', 'none', ...args]);
    expect(run.exitCode).toBe(1);
    expect(run.mock).toBeUndefined();
    // One line (red on a terminal: the palette colours it when chalk finds one), no stack trace.
    expect(plain(run.stderr)).toMatch(/^payments-mock: [^\n]+\n$/);
    expect(run.stderr).toContain(message);
  });

  it('on every interface (--host 0.0.0.0, as in a container), links in answers name the address the client used', async () => {
    const { mock } = await cli(['--host', '0.0.0.0', '--port', '0', '--fixtures', 'none', '--log', 'off', '--allowed-hosts', 'payments-mock']);
    const url = `http://127.0.0.1:${mock!.port}`;
    const docUrl = async (host: string) => (await getWithHost(url, '/v1/nope', host)).body.error?.doc_url;
    expect(await docUrl(`payments-mock:${mock!.port}`)).toBe(`http://payments-mock:${mock!.port}/docs/errors#url_invalid`);
    expect(await docUrl(`localhost:${mock!.port}`)).toBe(`http://localhost:${mock!.port}/docs/errors#url_invalid`);
    // A name the admin check refuses is never echoed back into a link: the listening address stands.
    expect(await docUrl(`evil.example:${mock!.port}`)).toBe(`http://0.0.0.0:${mock!.port}/docs/errors#url_invalid`);
  });

  it('is listed in --help with its environment variable', async () => {
    const run = await cli(['--help']);
    expect(run.stdout).toMatch(/--allowed-hosts <names>[\s\S]*PAYMENTS_MOCK_ALLOWED_HOSTS/);
  });

  it('works from the environment in the real process, and a bad value there is one line on stderr, exit 1', async () => {
    const proc = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'off'], { PAYMENTS_MOCK_ALLOWED_HOSTS: 'payments-mock' });
    expect((await getWithHost(proc.url, '/_mock/health', 'payments-mock:4010')).status).toBe(200);
    expect(await proc.stop()).toBe(0);
    const bad = await runCli(['--port', '0'], { PAYMENTS_MOCK_ALLOWED_HOSTS: '.example.com' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual([
      'payments-mock: Invalid --allowed-hosts entry ".example.com": name each host exactly (example.com); subdomain patterns are not supported.',
    ]);
  });
});
