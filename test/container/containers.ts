import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The image scripts/container/ci.sh built. */
export const IMAGE = process.env.PAYMENTS_MOCK_IMAGE ?? '';

/** The parts of `buildah inspect` (Docker format) a user relies on. */
export interface ImageConfig {
  Env: string[];
  Entrypoint: string[];
  Cmd: string[] | null;
  User: string;
  ExposedPorts: Record<string, unknown>;
  Volumes: Record<string, unknown>;
  Healthcheck: { Test: string[]; Interval: number; Timeout: number };
}

export function buildah(args: string[]): string {
  return execFileSync('buildah', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export function imageConfig(): { config: ImageConfig; history: Array<{ created_by?: string }> } {
  const inspected = JSON.parse(buildah(['inspect', '--type', 'image', IMAGE]));
  return { config: inspected.Docker.config, history: inspected.Docker.history ?? [] };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Container {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The entrypoint's process as the host sees it (no PID namespace of buildah's own under chroot isolation). */
  nodePid(): number;
}

const containers: string[] = [];

/**
 * Runs the image's entrypoint and command in a new working container, as an engine would: the image's
 * environment and user, /data bound to `dataDir`, the port moved to a free one (chroot isolation shares the host's
 * network). With `pid1`, the process is PID 1 of a PID namespace of its own (unshare, then setpriv to the image's
 * user), as under `docker run`: such a process gets only the signals it handles.
 */
export async function startContainer(options: { dataDir: string; env?: Record<string, string>; pid1?: boolean }): Promise<Container> {
  const { config } = imageConfig();
  const name = buildah(['from', '--pull=never', IMAGE]);
  containers.push(name);
  // buildah 1.28 gives a declared VOLUME a copy of its own that hides a bind mount at the same path: the working
  // container forgets the declaration (the image keeps it), so /data is the host folder, as `docker run -v` makes it.
  buildah(['config', '--volume', '/data-', name]);
  const port = await freePort();
  const env = { PAYMENTS_MOCK_PORT: String(port), ...options.env };
  const command = [...config.Entrypoint, ...(config.Cmd ?? [])];
  const [uid, gid = uid] = config.User.split(':');
  const asPid1 = ['unshare', '--pid', '--fork', '--mount-proc', 'setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups'];
  const args = [
    'run',
    '--isolation',
    'chroot',
    ...(options.pid1 ? ['--user', '0:0', '--cap-add', 'CAP_SYS_ADMIN'] : []),
    '--volume',
    `${options.dataDir}:/data`,
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    name,
    '--',
    ...(options.pid1 ? asPid1 : []),
    ...command,
  ];
  const child = spawn('buildah', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const started = Date.now();
  while (!output.includes('payments-mock listening on')) {
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`the container did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { name, port, url: `http://127.0.0.1:${port}`, child, output: () => output, exited, nodePid: () => entrypointPid(child.pid as number) };
}

/** The host pid of the node process that descends from `ancestor` (buildah → chroot helper → [unshare →] node). */
function entrypointPid(ancestor: number): number {
  const parents = new Map<number, number>();
  const nodes: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      // By its command line: Node 24 names its main thread, so the process's comm is not `node`.
      // (`node` or the path buildah resolved it to; not buildah's own `buildah-chroot-exec` helper).
      if (/^([^\0]*\/)?node\0\/app\/bin\/payments-mock\.js/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) nodes.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) if (at === ancestor) return true;
    return false;
  };
  const found = nodes.filter(descends);
  if (found.length !== 1) throw new Error(`expected one node process under buildah ${ancestor}, found ${found.length}`);
  return found[0] as number;
}

/** Runs a command in a container of the image (as its user), sharing the host's network; resolves with its exit code. */
export function runIn(name: string, command: string[], env: Record<string, string> = {}): number {
  try {
    execFileSync('buildah', ['run', '--isolation', 'chroot', ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), name, '--', ...command], {
      stdio: 'ignore',
      timeout: 30_000,
    });
    return 0;
  } catch (error) {
    return (error as { status: number | null }).status ?? -1;
  }
}

/** Kills what is still running and removes every working container the tests made. */
export async function removeContainers(running: Container[]): Promise<void> {
  for (const container of running) {
    if (container.child.exitCode !== null) continue;
    try {
      // Killing buildah alone would leave its grandchild, the server, running.
      process.kill(container.nodePid(), 'SIGKILL');
    } catch {
      container.child.kill('SIGKILL');
    }
  }
  await Promise.all(running.map((container) => container.exited));
  for (const name of containers.splice(0)) {
    try {
      buildah(['rm', name]);
    } catch {
      // Already gone.
    }
  }
}
