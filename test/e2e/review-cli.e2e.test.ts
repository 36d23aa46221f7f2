import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { killAll, requireBuild, runCli, startCli } from '../helpers/cli-process';

// `payments-mock review` and `probe-webhooks` as CI runs them: the built CLI spawned against a mock the CLI itself
// started, real HTTP in between, the exit status read.
let handler: Server;
let handlerUrl: string;

beforeAll(async () => {
  requireBuild();
  // A webhook handler that parses JSON and never verifies.
  handler = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{"received":true}'));
  });
  await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
  handlerUrl = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/webhooks`;
});
afterAll(async () => {
  await killAll();
  handler.closeAllConnections();
  await new Promise((resolve) => handler.close(resolve));
});

async function serve() {
  const mock = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'off']);
  const keys = (await (await fetch(`${mock.url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  const key = keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const call = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${mock.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, ...headers }, body: new URLSearchParams(params) }).then(
      (r) => r.json() as Promise<Record<string, string>>,
    );
  return { url: mock.url, call };
}

describe('payments-mock review', () => {
  it('exits 0 on a clean session and 1 with --fail-on critical once a create was retried without a key', async () => {
    const { url, call } = await serve();
    const pinned = { 'Service-Version': '2025-08-27' };
    await call('/v1/payments', { amount: '2000', currency: 'usd' }, { ...pinned, 'Idempotency-Key': 'order-1' });
    const clean = await runCli(['review', '--fail-on', 'critical', '--url', url]);
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout).toMatch(/1 requests, 0 deliveries — 0 critical, 0 warning, 0 info\n✓ no finding/);

    await call('/v1/payments', { amount: '500', currency: 'eur' }, pinned);
    await call('/v1/payments', { amount: '500', currency: 'eur' }, pinned);
    const warned = await runCli(['review', '--fail-on', 'critical', '--url', url]);
    expect(warned.code).toBe(1);
    expect(warned.stdout).toContain('CRITICAL duplicate_object');
    expect(warned.stdout).toContain(`fix: ${url}/docs/review#duplicate_object`);
    expect(warned.stdout).toContain('WARNING idempotency_key_missing');
    // Without --fail-on it only reports; with --json it prints the admin API's document.
    expect((await runCli(['review', '--url', url])).code).toBe(0);
    const json = await runCli(['review', '--json', '--url', url]);
    expect((JSON.parse(json.stdout) as { counts: unknown }).counts).toEqual({ critical: 1, warning: 1, info: 0 });
  });

  it('--fail-on warning fails on a warning; a bad --fail-on and an unreachable mock are one line and exit 1', async () => {
    const { url, call } = await serve();
    await call('/v1/payments', { amount: '2000', currency: 'usd' }, { 'Service-Version': '2025-08-27' });
    expect((await runCli(['review', '--fail-on', 'critical', '--url', url])).code).toBe(0);
    expect((await runCli(['review', '--fail-on', 'warning', '--url', url])).code).toBe(1);
    const bad = await runCli(['review', '--fail-on', 'severe', '--url', url]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/Allowed choices are critical, warning, info/);
    const none = await runCli(['review', '--url', 'http://127.0.0.1:9']);
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe("the README's review command", () => {
  it('runs as written and prints what the README shows', async () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const block = /<!-- commands:review -->\n```sh\n([\s\S]*?)```\n\n```\n([\s\S]*?)```/.exec(readme);
    expect(block).not.toBeNull();
    const command = (block![1] as string).split('#')[0]!.trim().split(/\s+/);
    expect(command.slice(0, 2)).toEqual(['npx', 'payments-mock']);
    const { url, call } = await serve();
    const pinned = { 'Service-Version': '2025-08-27' };
    for (let i = 0; i < 2; i++) await call('/v1/payments', { amount: '2000', currency: 'usd' }, pinned);
    const run = await runCli(command.slice(2), { PAYMENTS_MOCK_URL: url });
    expect(run.code).toBe(1);
    const shown = (block![2] as string).split('\n');
    const printed = run.stdout.split('\n');
    expect(printed[0]).toMatch(/^payments-mock review: 2 requests, 0 deliveries — 1 critical, 1 warning, 0 info$/);
    expect(shown[0]).toMatch(/^payments-mock review: \d+ requests, \d+ deliveries — 1 critical, 1 warning, 0 info$/);
    for (const [i, prefix] of [
      [1, 'CRITICAL duplicate_object ('],
      [2, '  1 retry without an Idempotency-Key made a second object: POST /v1/payments with the same parameters made pay_'],
      [3, '  evidence: req_'],
      [5, 'WARNING idempotency_key_missing ('],
    ] as const) {
      expect(printed[i]).toContain(prefix);
      expect(shown[i]).toContain(prefix);
    }
    expect(printed[4]).toBe(`  fix: ${url}/docs/review#duplicate_object`);
    expect(shown[4]).toBe('  fix: http://127.0.0.1:4010/docs/review#duplicate_object');
  });
});

describe('payments-mock probe-webhooks', () => {
  it("prints each probe's verdict in a table and exits 1 for a handler that takes forged deliveries", async () => {
    const { url, call } = await serve();
    const endpoint = await call('/v1/webhook_endpoints', { url: handlerUrl, 'enabled_events[]': '*' });
    const run = await runCli(['probe-webhooks', endpoint.id as string, '--url', url]);
    expect(run.code).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toContain(`${endpoint.id} → ${handlerUrl}`);
    expect(lines[0]).toMatch(/: critical$/);
    expect(lines[1]).toMatch(/^probe\s+must\s+answer\s+time\s+verdict/);
    expect(lines.find((l) => l.startsWith('no_signature'))).toMatch(/refuse\s+200\s+\d+ ms\s+critical/);
    expect(lines.find((l) => l.startsWith('valid'))).toMatch(/accept\s+200\s+\d+ ms\s+pass/);
    expect(run.stdout).toMatch(/CRITICAL replayed: Answered 200 .* a recorded delivery can be replayed/);
    const missing = await runCli(['probe-webhooks', 'we_nope', '--url', url]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/No webhook endpoint 'we_nope'/);
  });
});
