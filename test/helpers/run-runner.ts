import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * Runs a real test runner (vitest, playwright test, node --test) on a fixture project under test/runners, as a
 * user would from that folder; resolves with its exit code and output (never rejects on a failing run).
 */
export function runRunner(folder: string, command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: join(ROOT, 'test', 'runners', folder), env: { ...withoutColor(process.env), ...env, NO_COLOR: '1' }, timeout: 90_000 },
      (error, stdout, stderr) =>
        // eslint-disable-next-line no-control-regex -- removes the colour codes a runner may still print
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}`.replace(/\u001b\[[0-9;]*m/g, '') }),
    );
  });
}

/** A binary of this checkout's node_modules. */
export const bin = (name: string): string => join(ROOT, 'node_modules', '.bin', name);

function withoutColor(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  // Playwright Test refuses to start when it sees it is inside a Jest worker.
  const { FORCE_COLOR: _force, JEST_WORKER_ID: _worker, ...rest } = env;
  return rest;
}
