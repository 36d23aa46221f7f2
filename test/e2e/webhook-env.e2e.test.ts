import { CliIO, main } from '../../src/cli/main';
import { MockServer } from '../../src/start-mock';

// PAYMENTS_MOCK_WEBHOOK: --webhook as an environment variable, which is all a CI service container can be given.
const started: MockServer[] = [];
async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: false };
  const result = await main(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', '--log', 'json', ...args], io);
  if (result.mock) started.push(result.mock);
  const ready = stdout.split('\n').find((line) => line.startsWith('{"msg":"ready"'));
  return { ...result, stderr, webhooks: ready ? ((JSON.parse(ready).webhooks ?? []) as Array<{ url: string }>).map((w) => w.url) : undefined };
}
afterEach(async () => {
  delete process.env.PAYMENTS_MOCK_WEBHOOK;
  await Promise.all(started.splice(0).map((mock) => mock.close()));
});

describe('PAYMENTS_MOCK_WEBHOOK', () => {
  it('registers each URL it lists (separated by spaces) as --webhook does', async () => {
    process.env.PAYMENTS_MOCK_WEBHOOK = 'http://app:3000/webhooks  http://localhost:3001/hooks';
    const run = await cli([]);
    expect(run.webhooks).toEqual(['http://app:3000/webhooks', 'http://localhost:3001/hooks']);
    const endpoints = await run.mock!.inject({ url: '/_mock/state' });
    expect(endpoints.body).toContain('http://app:3000/webhooks');
  });

  it('gives way to --webhook on the command line', async () => {
    process.env.PAYMENTS_MOCK_WEBHOOK = 'http://app:3000/webhooks';
    const run = await cli(['--webhook', 'http://localhost:4000/only']);
    expect(run.webhooks).toEqual(['http://localhost:4000/only']);
  });

  it('refuses a URL that is not one, with one line and exit 1', async () => {
    process.env.PAYMENTS_MOCK_WEBHOOK = 'app:3000/webhooks';
    const run = await cli([]);
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('Invalid --webhook');
  });
});
