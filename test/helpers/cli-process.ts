import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'payments-mock.js');
const BUILT = join(ROOT, 'dist', 'cli', 'run.js');

/** The e2e tests run the built CLI, as users do; CI builds before testing. */
export function requireBuild(): void {
  if (!existsSync(BUILT)) {
    throw new Error(`${BUILT} is missing: run \`npm run build\` before the end-to-end tests (CI builds first).`);
  }
}

export interface CliProcess {
  child: ChildProcess;
  /** stdout so far, one entry a line. */
  lines: string[];
  stderr(): string;
  /** Resolves with the first stdout line (already printed or still to come) that matches; rejects on exit or timeout. */
  waitForLine(match: (line: string) => boolean, what: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

/**
 * Kills every CLI process a test spawned that is still running, so a failed test never leaves one behind.
 * Call it in afterEach.
 */
export async function killAll(): Promise<void> {
  const left = [...running];
  await Promise.all(
    left.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('close', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** Spawns `node bin/payments-mock.js <args>` with stdout and stderr piped (so --log defaults to json). */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): CliProcess {
  requireBuild();
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_MOCK_')));
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.on('close', () => running.delete(child));
  const lines: string[] = [];
  let pending = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => {
    child.on('close', (code) => {
      if (pending) lines.push(pending);
      pending = '';
      resolve(code);
      for (const wake of waiters) wake();
    });
  });
  let ended = false;
  void exited.then(() => (ended = true));

  const waitForLine = (match: (line: string) => boolean, what: string, timeoutMs = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found !== undefined) return finish(() => resolve(found));
        if (ended || child.exitCode !== null)
          return finish(() =>
            reject(new Error(`payments-mock exited (${child.exitCode}) before printing ${what}. stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`)),
          );
        return undefined;
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error(`no ${what} within ${timeoutMs} ms. stdout:\n${lines.join('\n')}\nstderr:\n${stderr}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        settle();
      };
      waiters.add(check);
      check();
      void exited.then(check);
    });

  return { child, lines, stderr: () => stderr, waitForLine, exited };
}

export interface RunningCli extends CliProcess {
  url: string;
  /** Sends a signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const LISTENING = /^payments-mock listening on (http:\/\/\S+)$/;

/** Spawns the CLI and waits for `payments-mock listening on <url>` and the banner after it (none with --log off). */
export async function startCli(args: string[], env?: NodeJS.ProcessEnv): Promise<RunningCli> {
  const cli = spawnCli(args, env);
  try {
    const line = await cli.waitForLine((text) => LISTENING.test(text), 'the listening line');
    const silent = args.some((arg, i) => arg === '--log' && args[i + 1] === 'off');
    if (!silent) await cli.waitForLine((text) => text.startsWith('{"msg":"ready"') || text.includes('scenario'), 'the banner');
    const url = LISTENING.exec(line)?.[1] as string;
    return {
      ...cli,
      url,
      stop: async (signal = 'SIGTERM') => {
        if (cli.child.exitCode === null) cli.child.kill(signal);
        return cli.exited;
      },
    };
  } catch (error) {
    cli.child.kill('SIGKILL');
    throw error;
  }
}

/** Runs the CLI to its end (options that fail at start-up, one-shot commands). */
export async function runCli(args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = spawnCli(args, env);
  const code = await cli.exited;
  return { code, stdout: cli.lines.join('\n'), stderr: cli.stderr() };
}
