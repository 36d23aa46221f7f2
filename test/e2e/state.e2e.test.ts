import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportState } from '../../src/state/export-state';
import { writeStateFile } from '../../src/state/state-file';
import { createContext } from '../../src/app/create-context';
import { killAll, requireBuild, runCli, RunningCli, startCli } from '../helpers/cli-process';

let dir: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'payments-mock-state-'));
});
afterEach(killAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const stateFile = () => join(dir, `state-${++counter}.json`);
const args = (file: string) => ['--port', '0', '--log', 'json', '--fixtures', 'none', '--seed', '3', '--clock', 'frozen@2026-01-01T00:00:00Z', '--state', file];
const leftovers = () => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

/** A client of a spawned mock, with the generated workspace's test secret key from the JSON banner. */
function client(cli: RunningCli) {
  const banner = JSON.parse(cli.lines.find((line) => line.startsWith('{"msg":"ready"')) as string) as {
    workspaces: Array<{ test_keys: Array<{ kind: string; key: string }> }>;
  };
  const secret = banner.workspaces[0]?.test_keys.find((k) => k.kind === 'secret')?.key as string;
  const call = async (method: string, path: string, form?: Record<string, string>) => {
    const res = await fetch(`${cli.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${secret}` },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
  };
  return { secret, call };
}

describe('--state <file> through the real CLI', () => {
  it('saves on SIGTERM (exit 0) and a restart with the same --state finds the same objects and never repeats an id', async () => {
    const file = stateFile();
    const first = await startCli(args(file));
    const a = client(first);
    const customer = (await a.call('POST', '/v1/customers', { email: 'ada@example.com' })).body;
    const payment = (await a.call('POST', '/v1/payments', { amount: '2000', currency: 'usd', customer: customer.id })).body;
    const refund = (await a.call('POST', `/v1/payments/${payment.id}/refund`, { amount: '500' })).body;
    const paths = [`/v1/customers/${customer.id}`, `/v1/payments/${payment.id}`, `/v1/refunds/${refund.id}`, '/v1/events?limit=100', '/v1/customers'];
    const before = await Promise.all(paths.map(async (path) => (await a.call('GET', path)).body));
    const events = before[3] as unknown as { data: Array<{ id: string }> };
    const seen = new Set([customer.id, payment.id, refund.id, ...events.data.map((e) => e.id)]);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.lines).toContain(`payments-mock: state saved to ${file}`);
    expect(first.stderr()).toBe('');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).workspaces[0].test.payments[0].id).toBe(payment.id);
    expect(leftovers()).toEqual([]);

    const second = await startCli(args(file));
    try {
      const b = client(second);
      expect(b.secret).toBe(a.secret);
      const after = await Promise.all(paths.map(async (path) => (await b.call('GET', path)).body));
      expect(after).toEqual(before);
      const fresh = [
        (await b.call('POST', '/v1/customers', { email: 'bo@example.com' })).body.id,
        (await b.call('POST', '/v1/payments', { amount: '100', currency: 'usd' })).body.id,
      ];
      for (const id of fresh) expect(seen.has(id)).toBe(false);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });

  it('saves on POST /_mock/state/save, atomically, and the file survives a kill', async () => {
    const file = stateFile();
    const cli = await startCli(args(file));
    const { call } = client(cli);
    const customer = (await call('POST', '/v1/customers', { name: 'Grace' })).body;
    const res = await fetch(`${cli.url}/_mock/state/save`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', file });
    expect(JSON.parse(readFileSync(file, 'utf8')).workspaces[0].test.customers[0].id).toBe(customer.id);
    expect(leftovers()).toEqual([]);
    await cli.stop('SIGKILL');

    const again = await startCli(args(file));
    try {
      expect((await client(again).call('GET', `/v1/customers/${customer.id}`)).status).toBe(200);
    } finally {
      await again.stop();
    }
  });

  it('starts empty when the file does not exist yet, and creates it on exit', async () => {
    const file = stateFile();
    const cli = await startCli(args(file));
    expect(existsSync(file)).toBe(false);
    expect(await cli.stop()).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).workspaces).toHaveLength(1);
  });

  it.each([
    ['is not JSON', '{"workspaces": [', /is unreadable: not valid JSON/],
    [
      'breaks the schema',
      JSON.stringify({ workspaces: [{ id: 'x', name: 'X', keys: [{ key: 'nope' }] }] }),
      /is invalid: .*\/workspaces\/0\/keys\/0\/key: must match pattern/,
    ],
    [
      'refunds an unknown payment',
      JSON.stringify({ workspaces: [{ id: 'x', name: 'X', keys: [], test: { refunds: [{ id: 're_1', payment: 'pay_nope' }] } }] }),
      /is invalid: .*\/workspaces\/0\/test\/refunds\/0\/payment: no payment "pay_nope"/,
    ],
  ])('refuses to start when the state file %s: exit 1, one line on stderr, no stack trace', async (_case, content, message) => {
    const file = stateFile();
    writeFileSync(file, content);
    const { code, stdout, stderr } = await runCli(args(file));
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^payments-mock: State file .* (is unreadable|is invalid)/);
    expect(lines[0]).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe(content);
  });
});

describe('writeStateFile', () => {
  it('leaves the previous file whole and no temporary file behind when a save fails midway', async () => {
    const file = stateFile();
    const ctx = createContext({ fixtures: 'none', seed: 1 });
    await writeStateFile(file, exportState(ctx.store));
    const saved = readFileSync(file, 'utf8');
    const broken = {
      ...exportState(ctx.store),
      workspaces: [
        {
          toJSON: () => {
            throw new Error('disk full');
          },
        },
      ],
    } as unknown as Parameters<typeof writeStateFile>[1];
    await expect(writeStateFile(file, broken)).rejects.toThrow('disk full');
    expect(readFileSync(file, 'utf8')).toBe(saved);
    expect(leftovers()).toEqual([]);
  });

  it('survives two saves at once', async () => {
    const file = stateFile();
    const ctx = createContext({ fixtures: 'none', seed: 1 });
    await Promise.all([writeStateFile(file, exportState(ctx.store)), writeStateFile(file, exportState(ctx.store))]);
    expect(JSON.parse(readFileSync(file, 'utf8')).workspaces).toHaveLength(1);
    expect(leftovers()).toEqual([]);
  });
});
