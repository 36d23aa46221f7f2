import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// What the podman tests share: the engine called as a user calls it, and the waits a user does by hand. Every
// address checked is 127.0.0.1 (published ports): nothing is sent to the bridge's addresses from the host.

const ROOT = join(__dirname, '..', '..');

/** Runs podman and answers its stdout; throws with its stderr when it fails. */
export function podman(args: string[], timeout = 60_000): string {
  return execFileSync('podman', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout }).trim();
}

/** The same, for clean-up: never throws (what it removes may already be gone). */
export function podmanQuiet(args: string[]): void {
  try {
    podman(args);
  } catch {
    // Already gone.
  }
}

/** A command split as a shell would split a plain line (no quotes in the docs' lines). */
export const words = (line: string): string[] => line.trim().split(/\s+/);

/**
 * The `docker run` line of docs/container.md's run block (`<!-- container:run -->`), which the README repeats.
 * @example runLine() // 'docker run --rm -p 4010:4010 -v payments-mock-data:/data payments-mock'
 */
export function runLine(): string {
  const page = readFileSync(join(ROOT, 'docs', 'container.md'), 'utf8');
  const block = /<!-- container:run -->\n\n```sh\n([\s\S]*?)```/.exec(page)?.[1] ?? '';
  const line = block.split('\n').find((text) => text.startsWith('docker run '));
  if (!line) throw new Error('docs/container.md has no docker run line after <!-- container:run -->');
  return line;
}

/** GET with a bound wait: an answer, or undefined when nothing answers (yet). */
export async function tryGet(url: string, headers: Record<string, string> = {}): Promise<Response | undefined> {
  try {
    return await fetch(url, { headers, signal: AbortSignal.timeout(2_000) });
  } catch {
    return undefined;
  }
}

/** Waits (bounded) until `url` answers 200: a container's port is published before its server listens. */
export async function waitForOk(url: string, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if ((await tryGet(url))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer 200 at ${url} within ${timeoutMs} ms`);
}

/** The first workspace's test secret key, from the admin API (answered on 127.0.0.1). */
export async function secretKey(url: string): Promise<string> {
  const keys = (await (await fetch(`${url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  const key = keys.data.find((entry) => entry.kind === 'secret' && !entry.livemode)?.key;
  if (!key) throw new Error(`${url} lists no test secret key`);
  return key;
}

/** A process in the foreground, as a user's terminal runs it, with what it printed. */
export interface Foreground {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export function foreground(command: string[]): Foreground {
  const child = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output: () => output, exited };
}
