import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../../src/app/create-context';
import { main } from '../../src/cli/main';
import { MockContext } from '../../src/context/mock-context';
import { handleRequest } from '../../src/http/handle-request';
import type { AutosaveReport } from '../../src/state/autosave';

const FROZEN = 'frozen@2026-01-01T00:00:00Z';

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'payments-mock-autosave-'));
}

async function createCustomer(ctx: MockContext, email: string): Promise<string> {
  const key = [...ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const response = await handleRequest(ctx, {
    method: 'POST',
    url: '/v1/customers',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(new URLSearchParams({ email }).toString()),
  });
  return (JSON.parse(response.body) as { id: string }).id;
}

const savedIds = (file: string) => JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));

describe('autosave', () => {
  // Autosave runs on real time; fake timers stand in for it. setImmediate stays real: the streaming writer yields with it.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask', 'performance'] }));
  afterEach(() => jest.useRealTimers());

  /** Autosave reports as they come, and the next one as a promise (the file is written on real I/O). */
  const recorder = () => {
    const reports: AutosaveReport[] = [];
    let waiting: ((report: AutosaveReport) => void) | undefined;
    return {
      reports,
      onAutosave: (report: AutosaveReport) => {
        reports.push(report);
        waiting?.(report);
      },
      /** Advances real time by `ms` and resolves with the save it brings. */
      after: async (ms: number) => {
        const next = new Promise<AutosaveReport>((resolve) => (waiting = resolve));
        await jest.advanceTimersByTimeAsync(ms);
        return next;
      },
    };
  };

  it('saves every 30 s by default when something changed, on real time (a frozen mock clock does not hold it back)', async () => {
    const file = join(folder(), 'state.json');
    const { reports, onAutosave, after } = recorder();
    const ctx = createContext({ fixtures: 'none', clock: FROZEN, seed: 1, state: file, onAutosave });
    try {
      await jest.advanceTimersByTimeAsync(120_000);
      expect(existsSync(file)).toBe(false); // nothing changed: nothing written
      const id = await createCustomer(ctx, 'a@example.com');
      expect(await after(30_000)).toMatchObject({ file, objects: 1 });
      expect(savedIds(file)).toContain(id);
      await jest.advanceTimersByTimeAsync(300_000);
      expect(reports).toHaveLength(1);
      const second = await createCustomer(ctx, 'b@example.com');
      expect(await after(30_000)).toMatchObject({ objects: 2 });
      expect(savedIds(file)).toContain(second);
    } finally {
      ctx.close();
    }
  });

  it('--autosave off saves nothing in the background; an explicit save still writes', async () => {
    const file = join(folder(), 'state.json');
    const { reports, onAutosave } = recorder();
    const ctx = createContext({ fixtures: 'none', clock: FROZEN, seed: 1, state: file, autosave: 'off', onAutosave });
    try {
      await createCustomer(ctx, 'a@example.com');
      await jest.advanceTimersByTimeAsync(3_600_000);
      expect(existsSync(file)).toBe(false);
      // Saves run one at a time: this one starts after any background save already begun has finished.
      await ctx.saveState!();
      await new Promise((resolve) => setImmediate(resolve));
      expect(reports).toEqual([]);
      expect(existsSync(file)).toBe(true);
    } finally {
      ctx.close();
    }
  });

  it('a save that fails midway leaves the previous file whole and no temporary file behind; the next interval saves', async () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    const { onAutosave, after } = recorder();
    const ctx = createContext({ fixtures: 'none', clock: FROZEN, seed: 1, state: file, autosave: '1s', onAutosave });
    let failed: (line: string) => void = () => undefined;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((line) => {
      failed(String(line));
      return true;
    });
    try {
      await createCustomer(ctx, 'a@example.com');
      await after(1000);
      const previous = readFileSync(file, 'utf8');
      // A second workspace, and a writer that fails when its turn comes: the first workspace is already written.
      ctx.store.addWorkspace({ id: 'ws_second', name: 'second', account: 'acct_second', created: 0, default_version: '2025-08-27' });
      const controls = ctx.savedControls;
      let calls = 0;
      Object.defineProperty(ctx, 'savedControls', {
        value: (id: string) => {
          if (++calls === 2) throw new Error('disk full');
          return controls(id);
        },
      });
      await createCustomer(ctx, 'b@example.com');
      const line = new Promise<string>((resolve) => (failed = resolve));
      await jest.advanceTimersByTimeAsync(1000);
      expect(await line).toContain(`autosave to ${file} failed: disk full. The previous file is whole`);
      expect(readFileSync(file, 'utf8')).toBe(previous);
      expect(readdirSync(dir)).toEqual(['state.json']);
      Object.defineProperty(ctx, 'savedControls', { value: controls });
      expect(await after(1000)).toMatchObject({ objects: 2 });
      expect(JSON.parse(readFileSync(file, 'utf8')).workspaces).toHaveLength(2);
    } finally {
      stderr.mockRestore();
      ctx.close();
    }
  });

  it('stops with the instance', async () => {
    const file = join(folder(), 'state.json');
    const { reports, onAutosave } = recorder();
    const ctx = createContext({ fixtures: 'none', clock: FROZEN, seed: 1, state: file, autosave: '1s', onAutosave });
    await createCustomer(ctx, 'a@example.com');
    ctx.close();
    await jest.advanceTimersByTimeAsync(10_000);
    // Saves run one at a time: this explicit one ends only once any background save those 10 s began has been
    // written and reported, so a save still on its way to disk cannot slip past the check.
    await ctx.saveState!();
    expect(reports).toEqual([]);
  });
});

describe('--autosave', () => {
  const run = async (args: string[]) => {
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
    const result = await main(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', '--log', 'off', ...args], io);
    return { result, out };
  };

  it('needs --state: without it, one line and exit 1', async () => {
    const { result, out } = await run(['--autosave', '5s']);
    expect(result.exitCode).toBe(1);
    expect(out.join('')).toContain('--autosave needs --state <file>');
  });

  it('refuses an interval it cannot read, naming what to give', async () => {
    const { result, out } = await run(['--state', join(folder(), 's.json'), '--autosave', 'often']);
    expect(result.exitCode).toBe(1);
    expect(out.join('')).toContain('Invalid --autosave often: give an interval from 100ms to 24h, such as 30s, 5m or 500ms, or off.');
  });

  it('logs each background save with its object count and the moment the file is a copy of (--log json)', async () => {
    const file = join(folder(), 's.json');
    writeFileSync(file, JSON.stringify({ workspaces: [] }));
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
    const { mock } = await main(['node', 'payments-mock', '--port', '0', '--log', 'json', '--state', file, '--autosave', '100ms'], io);
    try {
      const saved = new Promise<Record<string, unknown>>((resolve) => {
        const push = out.push.bind(out);
        out.push = (...texts: string[]) => {
          for (const text of texts) if (text.includes('"type":"autosave"')) resolve(JSON.parse(text));
          return push(...texts);
        };
      });
      await mock!.createWorkspace({ name: 'worker' });
      const line = await saved;
      expect(line).toMatchObject({ type: 'autosave', file, objects: 0 });
      expect(Date.parse(line.as_of as string)).toBeLessThanOrEqual(Date.parse(line.time as string));
      expect(JSON.parse(readFileSync(file, 'utf8')).workspaces).toHaveLength(1);
    } finally {
      await mock?.close();
    }
  });
});

describe('a save cut short', () => {
  it('leaves a temporary file that the next start removes, when the process that wrote it is gone', () => {
    const dir = folder();
    const file = join(dir, 'state.json');
    // A pid no process has (above the kernel's pid_max), and this process's own (a save in progress).
    writeFileSync(join(dir, 'state.json.4194305.3.tmp'), '{"workspaces":[');
    writeFileSync(join(dir, `state.json.${process.pid}.1.tmp`), '');
    writeFileSync(join(dir, 'other.json.4194305.1.tmp'), '');
    const ctx = createContext({ fixtures: 'none', state: file, autosave: 'off' });
    ctx.close();
    expect(readdirSync(dir).sort()).toEqual(['other.json.4194305.1.tmp', `state.json.${process.pid}.1.tmp`]);
  });
});
