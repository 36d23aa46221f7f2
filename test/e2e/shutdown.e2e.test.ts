import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, requireBuild, startCli } from '../helpers/cli-process';

const ROOT = join(__dirname, '..', '..');
let dir: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'payments-mock-shutdown-'));
});
afterEach(killAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const args = (file: string) => ['--port', '0', '--log', 'off', '--fixtures', 'none', '--seed', '5', '--clock', 'frozen@2026-01-01T00:00:00Z', '--state', file];
const savedPaymentIds = (file: string) =>
  new Set(
    (JSON.parse(readFileSync(file, 'utf8')) as { workspaces: Array<{ test: { payments: Array<{ id: string }> } }> }).workspaces[0]!.test.payments.map(
      (p) => p.id,
    ),
  );

async function secretKey(url: string): Promise<string> {
  const keys = (await (await fetch(`${url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  return keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
}

/** Pids of running processes whose command line mentions `text` (to clean up what a failed test left). */
function pidsMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM under load', () => {
  it('every create a client was told succeeded is in the saved file (50 clients, signal mid-stream)', async () => {
    const file = join(dir, 'load.json');
    const cli = await startCli(args(file));
    const key = await secretKey(cli.url);
    const succeeded: string[] = [];
    let running = true;
    const client = async () => {
      while (running) {
        try {
          const res = await fetch(`${cli.url}/v1/payments`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${key}` },
            body: new URLSearchParams({ amount: '100', currency: 'usd' }),
          });
          const body = (await res.json()) as { id: string };
          if (res.status === 200) succeeded.push(body.id);
        } catch {
          // Refused or closed once the server stops: not a success, so it need not be saved.
          if (cli.child.exitCode !== null || cli.child.signalCode !== null) return;
        }
      }
    };
    const clients = Array.from({ length: 50 }, client);
    // Enough to be mid-stream; the count is not a speed target (a loaded machine makes a few hundred a second).
    await until(() => succeeded.length >= 300, '300 creates', 20_000);
    const exit = cli.stop('SIGTERM');
    expect(await exit).toBe(0);
    running = false;
    await Promise.all(clients);
    const saved = savedPaymentIds(file);
    const lost = succeeded.filter((id) => !saved.has(id));
    expect({ succeeded: succeeded.length >= 300, lost }).toEqual({ succeeded: true, lost: [] });
  }, 45_000);
});

describe('exit with the process that started it', () => {
  it('a mock whose parent is killed (SIGKILL) saves its state and exits', async () => {
    const file = join(dir, 'orphan.json');
    const wrapper = join(dir, 'wrapper.js');
    writeFileSync(
      wrapper,
      `
      const { spawn } = require('node:child_process');
      const child = spawn(process.execPath, [${JSON.stringify(join(ROOT, 'bin', 'payments-mock.js'))}, ...${JSON.stringify(args(file))}], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout.on('data', (chunk) => process.stdout.write(chunk));
      process.stdout.write('child ' + child.pid + '\\n');
    `,
    );
    const parent = spawn(process.execPath, [wrapper], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    await until(() => /listening on (\S+)/.test(out) && /child (\d+)/.test(out), 'the listening line');
    const childPid = Number(/child (\d+)/.exec(out)![1]);
    const url = /listening on (\S+)/.exec(out)![1]!;
    try {
      const key = await secretKey(url);
      const created = (await (
        await fetch(`${url}/v1/payments`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}` },
          body: new URLSearchParams({ amount: '100', currency: 'usd' }),
        })
      ).json()) as { id: string };
      parent.kill('SIGKILL');
      await until(() => !existsSync(`/proc/${childPid}`) || readFileSync(`/proc/${childPid}/stat`, 'utf8').includes(') Z '), 'the orphaned mock to exit');
      expect(savedPaymentIds(file).has(created.id)).toBe(true);
    } finally {
      if (existsSync(`/proc/${childPid}`)) process.kill(childPid, 'SIGKILL');
    }
  }, 20_000);

  it('a mock started with `npx payments-mock` stops and saves when npx is killed (SIGKILL)', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
    symlinkSync(join(ROOT, 'bin', 'payments-mock.js'), join(project, 'node_modules', '.bin', 'payments-mock'));
    const file = join(dir, 'npx.json');
    const npx = spawn('npx', ['--no-install', 'payments-mock', ...args(file)], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    let out = '';
    npx.stdout.setEncoding('utf8').on('data', (chunk: string) => void (out += chunk));
    try {
      await until(() => /listening on (\S+)/.test(out), 'the listening line', 20_000);
      const url = /listening on (\S+)/.exec(out)![1]!;
      const key = await secretKey(url);
      const created = (await (await fetch(`${url}/v1/customers`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } })).json()) as { id: string };
      npx.kill('SIGKILL');
      await until(() => pidsMentioning(file).length === 0, 'the mock to exit');
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { workspaces: Array<{ test: { customers: Array<{ id: string }> } }> };
      expect(saved.workspaces[0]!.test.customers.map((c) => c.id)).toEqual([created.id]);
      await expect(fetch(`${url}/_mock/health`)).rejects.toThrow();
    } finally {
      for (const pid of pidsMentioning(file)) process.kill(pid, 'SIGKILL');
    }
  }, 40_000);
});
