import { createServer, Server } from 'node:net';
import { AddressInfo } from 'node:net';
import { CliIO, main } from '../../src/cli/main';
import { PACKAGE_VERSION } from '../../src/package-version';
import { MockServer } from '../../src/start-mock';
import Stripe from 'stripe';
import { killAll, requireBuild, runCli, startCli } from '../helpers/cli-process';
import { startReceiver } from '../helpers/receiver';

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
const ACME_SECRET = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

/** Runs `payments-mock <args>` in-process with a fake terminal; the server it may start is closed after the test. */
const started: MockServer[] = [];
async function cli(args: string[], isTTY = false) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY };
  const result = await main(['node', 'payments-mock', ...args], io);
  if (result.mock) started.push(result.mock);
  return { ...result, stdout: () => plain(stdout), stderr: () => plain(stderr) };
}
afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()));
  await killAll();
});

const expectOneCleanLine = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]!.length).toBeGreaterThan(10);
  expect(stderr).not.toMatch(/\n\s+at |Error:|\.ts:\d+|\.js:\d+/);
};

describe('payments-mock --help', () => {
  it.each([
    ['--port <n>', 'default: 4010'],
    ['--host <addr>', 'default: 127.0.0.1'],
    ['--fixtures <path|none>', 'default: bundled fixtures/default.json'],
    ['--clock <mode>', 'default: real'],
    ['--scenario <name>', 'default: happy'],
    ['--seed <n>', 'default: random'],
    ['--log <format>', 'default: pretty on a terminal, else json'],
    ['--state <file>', 'default: none'],
    ['--admin-token <token>', 'default: none'],
    ['--webhook <url>', 'repeatable'],
  ])('lists %s with its default (%s)', async (flag, text) => {
    const { exitCode, stdout } = await cli(['--help']);
    expect(exitCode).toBe(0);
    // Commander wraps long lines: read each option as one block of text.
    const blocks = stdout()
      .split(/\n(?=\s{2}-)/)
      .map((block) => block.replace(/\s+/g, ' ').trim());
    const block = blocks.find((b) => b.startsWith(flag) || b.includes(`, ${flag}`));
    expect(block).toBeDefined();
    expect(block).toContain(text);
  });

  it('lists the subcommands and the version', async () => {
    const help = (await cli(['--help'])).stdout();
    expect(help).toMatch(/fixtures/);
    expect(help).toMatch(/openapi/);
    expect((await cli(['fixtures', '--help'])).stdout()).toMatch(/validate <path>/);
    const version = await cli(['--version']);
    expect(version.exitCode).toBe(0);
    expect(version.stdout().trim()).toBe(PACKAGE_VERSION);
  });
});

describe('start-up', () => {
  it('prints the listening line first, then a banner with each workspace, its test keys, the scenario and the clock', async () => {
    const run = await cli(['--port', '0', '--log', 'pretty', '--clock', 'frozen@2026-01-01T00:00:00Z', '--scenario', 'manual'], true);
    expect(run.exitCode).toBe(0);
    const [first, ...rest] = run.stdout().split('\n');
    expect(first).toBe(`payments-mock listening on ${run.mock!.url}`);
    expect(run.mock!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(run.mock!.url).not.toMatch(/:0$/);
    const banner = rest.join('\n');
    for (const text of [
      'Acme Books',
      'Globex Games',
      ACME_SECRET,
      'pk_test_acme_',
      'rk_test_acme_',
      'sk_test_globex_',
      'manual',
      'frozen',
      '2026-01-01T00:00:00.000Z',
      `${run.mock!.url}/_mock/dashboard`,
    ])
      expect(banner).toContain(text);
    expect(banner).not.toMatch(/sk_live_|pk_live_|rk_live_/);
    expect(run.stderr()).toBe('');
  });

  it('prints the banner as one JSON object with --log json', async () => {
    const run = await cli(['--port', '0', '--log', 'json', '--fixtures', 'none', '--seed', '7']);
    const lines = run.stdout().trim().split('\n');
    expect(lines).toHaveLength(2);
    const banner = JSON.parse(lines[1]!);
    expect(banner).toMatchObject({
      msg: 'ready',
      url: run.mock!.url,
      dashboard: `${run.mock!.url}/_mock/dashboard`,
      scenario: 'happy',
      clock: { mode: 'real' },
    });
    expect(banner.workspaces).toHaveLength(1);
    expect(banner.workspaces[0].test_keys.map((k: { kind: string }) => k.kind).sort()).toEqual(['publishable', 'restricted', 'secret']);
  });

  it('names the admin token in the JSON ready line when one is set, and only then (suites in other languages read it there)', async () => {
    const ready = async (args: string[]) =>
      JSON.parse((await cli(['--port', '0', '--log', 'json', '--fixtures', 'none', ...args])).stdout().trim().split('\n')[1]!);
    expect((await ready(['--admin-token', 'hunter2-token'])).admin_token).toBe('hunter2-token');
    expect(await ready([])).not.toHaveProperty('admin_token');
  });

  it.each([
    [['--port', 'abc'], /--port must be an integer/],
    [['--port', '70000'], /--port must be an integer from 0 to 65535/],
    [['--clock', 'bogus'], /Invalid --clock "bogus": use real, frozen, frozen@<ISO-8601>, or offset:<duration>/],
    [['--clock', 'frozen@not-a-date'], /Invalid --clock "frozen@not-a-date": invalid time "not-a-date": use Unix seconds or ISO-8601/],
    [['--clock', 'offset:soon'], /Invalid --clock "offset:soon"/],
    [['--state', '/nonexistent-folder/state.json'], /Invalid --state \/nonexistent-folder\/state.json: the folder \/nonexistent-folder does not exist/],
    [['--state', '/'], /Invalid --state \/: it is a folder/],
    [['--scenario', 'nope'], /--scenario "nope" is not known: use one of happy, manual, decline/],
    [['--seed', 'x'], /--seed must be an integer/],
    [['--log', 'loud'], /--log "loud" is not known: use one of pretty, json, off/],
    [['--fixtures', '/nonexistent'], /Invalid fixtures: \/nonexistent: \/: cannot read: no such file or directory/],
    [['--port', '0', '--bogus'], /unknown option '--bogus'/],
    [['--prot', '0'], /unknown option '--prot': did you mean --port\? \(--help lists them\)/],
    [['--port'], /--port needs a value: --port <n>\./],
    [['--seed', '-1'], /--seed must be an integer from 0 to 4294967295/],
    [['--port', '0', '--webhook', 'ftp://example.com/hooks'], /Invalid --webhook: .*http: or https:/],
    [['--port', '0', '--webhook', 'http://127.0.0.1:0/'], /Invalid --webhook: "http:\/\/127.0.0.1:0\/" names port 0/],
  ])('refuses %j: exit 1, one clear line on stderr, no stack trace', async (args, message) => {
    const run = await cli(args);
    expect(run.exitCode).toBe(1);
    expect(run.mock).toBeUndefined();
    expectOneCleanLine(run.stderr());
    expect(run.stderr()).toMatch(message);
    expect(run.stdout()).not.toContain('listening');
  });

  it('--webhook registers an endpoint for every event of the first workspace, prints its secret, and delivers', async () => {
    const receiver = await startReceiver();
    try {
      const run = await cli(['--port', '0', '--log', 'pretty', '--clock', 'frozen@2026-01-01T00:00:00Z', '--webhook', receiver.url], true);
      expect(run.exitCode).toBe(0);
      const line = run
        .stdout()
        .split('\n')
        .find((l) => l.includes('webhook'));
      expect(line).toContain(receiver.url);
      const secret = /whsec_[A-Za-z0-9+/]+=*/.exec(line ?? '')?.[0] as string;
      expect(secret).toBeDefined();
      const res = await fetch(`${run.mock!.url}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ACME_SECRET}` },
        body: new URLSearchParams({ name: 'Ada' }),
      });
      expect(res.status).toBe(200);
      await run.mock!.webhooks.flush();
      expect(receiver.events().map((e) => e.type)).toEqual(['customer.created']);
      const delivered = receiver.received[0]!;
      expect(new Stripe('sk_test_unused').webhooks.constructEvent(delivered.body, delivered.headers['service-signature'] as string, secret).type).toBe(
        'customer.created',
      );
      // Reset brings the endpoint back with the secret the banner printed.
      await run.mock!.reset();
      expect(run.mock!.webhooks.endpoints().map((e) => [e.url, e.secret, e.enabled_events])).toEqual([[receiver.url, secret, ['*']]]);
      const json = await cli(['--port', '0', '--log', 'json', '--fixtures', 'none', '--webhook', receiver.url, '--webhook', `${receiver.url}/2`]);
      const banner = JSON.parse(json.stdout().trim().split('\n')[1]!);
      expect(banner.webhooks.map((w: { url: string }) => w.url)).toEqual([receiver.url, `${receiver.url}/2`]);
      expect(banner.webhooks[0].secret).toMatch(/^whsec_/);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a busy port: exit 1 with a clear message', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const run = await cli(['--port', String(port), '--fixtures', 'none']);
      expect(run.exitCode).toBe(1);
      expectOneCleanLine(run.stderr());
      expect(run.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
      expect(run.stderr()).toContain('--port');
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});

describe('request logs', () => {
  const request = (url: string, path: string, key = ACME_SECRET, init: RequestInit = {}) =>
    fetch(`${url}${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) } });

  it('--log json prints one JSON object per request, with no key in it', async () => {
    const run = await cli(['--port', '0', '--log', 'json']);
    const url = run.mock!.url;
    await request(url, '/v1/account');
    await request(url, '/v1/account', 'sk_test_wrong_key_0000000000');
    const post = { method: 'POST', body: new URLSearchParams({ amount: '100', currency: 'usd' }), headers: { 'Idempotency-Key': 'k1' } };
    await request(url, '/v1/payments', ACME_SECRET, post);
    await request(url, '/v1/payments', ACME_SECRET, post);
    const lines = run.stdout().trim().split('\n').slice(2);
    expect(lines).toHaveLength(4);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((e) => [e.method, e.path, e.status, e.error_code, e.key_kind, e.replayed])).toEqual([
      ['GET', '/v1/account', 200, null, 'secret', false],
      ['GET', '/v1/account', 401, 'invalid_api_key', null, false],
      ['POST', '/v1/payments', 200, null, 'secret', false],
      ['POST', '/v1/payments', 200, null, 'secret', true],
    ]);
    for (const entry of entries) {
      expect(entry.request_id).toMatch(/^req_/);
      expect(typeof entry.duration_ms).toBe('number');
      expect(Number.isNaN(Date.parse(entry.time as string))).toBe(false);
    }
    expect(lines.join('\n')).not.toMatch(/sk_test_acme_4eC39|sk_test_wrong/);
  });

  it('--log pretty prints one line per request: method, path, status, time, key kind and a replayed marker', async () => {
    const run = await cli(['--port', '0', '--log', 'pretty'], true);
    const url = run.mock!.url;
    const post = { method: 'POST', body: new URLSearchParams({ amount: '100', currency: 'usd' }), headers: { 'Idempotency-Key': 'k1' } };
    await request(url, '/v1/payments', ACME_SECRET, post);
    await request(url, '/v1/payments', ACME_SECRET, post);
    const lines = run
      .stdout()
      .trim()
      .split('\n')
      .filter((line) => line.includes('/v1/payments') && !line.includes('curl'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/POST\s+\/v1\/payments 200 \d+\.\dms secret$/);
    expect(lines[1]).toMatch(/POST\s+\/v1\/payments 200 \d+\.\dms secret replayed$/);
    expect(lines.join('\n')).not.toContain(ACME_SECRET);
  });

  it('--log pretty names the error code of an error answer', async () => {
    const run = await cli(['--port', '0', '--log', 'pretty'], true);
    await request(run.mock!.url, '/v1/payments/pay_missing');
    const line = run
      .stdout()
      .split('\n')
      .find((text) => text.includes('/v1/payments/pay_missing'));
    expect(line).toMatch(/GET\s+\/v1\/payments\/pay_missing 404 resource_missing \d+\.\dms secret$/);
  });

  it('--log off prints the listening line and nothing else: no banner, no request lines', async () => {
    const run = await cli(['--port', '0', '--log', 'off']);
    expect(run.stdout()).toBe(`payments-mock listening on ${run.mock!.url}\n`);
    const before = run.stdout();
    await request(run.mock!.url, '/v1/account');
    await request(run.mock!.url, '/v1/nope');
    expect(run.stdout()).toBe(before);
  });

  it('--log defaults to json when stdout is not a terminal, and to pretty on a terminal', async () => {
    const piped = await cli(['--port', '0', '--fixtures', 'none']);
    expect(() => JSON.parse(piped.stdout().trim().split('\n')[1]!)).not.toThrow();
    const terminal = await cli(['--port', '0', '--fixtures', 'none'], true);
    expect(terminal.stdout()).toContain('scenario happy');
  });
});

describe('the real process (bin/payments-mock.js)', () => {
  beforeAll(requireBuild);

  it('--port 0 prints the real URL first, logs requests as JSON lines when piped, and exits 0 on SIGTERM', async () => {
    const proc = await startCli(['--port', '0', '--fixtures', 'none']);
    expect(proc.lines[0]).toBe(`payments-mock listening on ${proc.url}`);
    expect(proc.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
    const health = await fetch(`${proc.url}/_mock/health`);
    expect(await health.json()).toEqual({ status: 'ok', version: PACKAGE_VERSION });
    await fetch(`${proc.url}/v1/account`);
    const line = await proc.waitForLine((text) => text.includes('"/v1/account"'), 'a request log line');
    expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/v1/account', status: 401, key_kind: null });
    expect(await proc.stop('SIGTERM')).toBe(0);
    expect(proc.stderr()).toBe('');
  });

  it('--log off: only the listening line, from start to shutdown (a --state save included)', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'pm-log-off-')), 'state.json');
    const proc = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'off', '--state', file]);
    await fetch(`${proc.url}/v1/account`);
    await fetch(`${proc.url}/v1/payments`, { method: 'POST' });
    expect(await proc.stop('SIGINT')).toBe(0);
    expect(proc.lines.filter((line) => line !== '')).toEqual([`payments-mock listening on ${proc.url}`]);
  });

  it('a bad option: exit 1, one line on stderr, no stack trace', async () => {
    const { code, stdout, stderr } = await runCli(['--port', 'abc']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expectOneCleanLine(stderr);
  });

  it('fixtures validate: exit code and problems from the real process', async () => {
    expect((await runCli(['fixtures', 'validate', 'fixtures/default.json'])).code).toBe(0);
    const bad = await runCli(['fixtures', 'validate', '/nonexistent.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe('/nonexistent.json: /: cannot read: no such file or directory');
  });
});

describe('a reader that stops early', () => {
  it('ends the one-shot command quietly, exit 0, as `payments-mock openapi | head -1` needs', async () => {
    requireBuild();
    const { spawn } = await import('node:child_process');
    const { join } = await import('node:path');
    const child = spawn(process.execPath, [join(__dirname, '../../bin/payments-mock.js'), 'openapi'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    // The reader takes the first bytes and goes away, as head does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
