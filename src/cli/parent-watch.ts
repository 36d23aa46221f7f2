import { readFileSync } from 'node:fs';

/** Shells that package runners (`npx`, `npm exec`, `npm run`) start commands through: `sh -c 'payments-mock …'`. */
const SCRIPT_SHELL = /^(?:\/\S*\/)?(?:sh|bash|dash|zsh)\0-c\0/;

/**
 * Calls `onGone` once when the process that started this one exits or is killed, so a mock started through
 * `npx payments-mock` (npm exec → sh -c → node) stops, and saves, with it instead of running on orphaned. Watches
 * the parent (reparenting changes `process.ppid`) and, when the parent is a package runner's script shell that
 * would outlive a killed runner, the parent's parent too (Linux, through /proc). Polls with an unref'd timer.
 *
 * @example
 * const stop = watchParent(() => void shutdown('parent exited'));
 */
export function watchParent(onGone: () => void, intervalMs = 500): () => void {
  const parent = process.ppid;
  // Already orphaned (or started by init, as in a container): there is no starter to follow.
  if (parent <= 1) return () => undefined;
  const grandparent = SCRIPT_SHELL.test(read(`/proc/${parent}/cmdline`)) ? parentOf(parent) : undefined;
  const timer = setInterval(() => {
    const gone = process.ppid !== parent || (grandparent !== undefined && parentOf(parent) !== grandparent);
    if (!gone) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The parent pid of `pid` from /proc/<pid>/stat, or undefined where there is no /proc or no such process. */
function parentOf(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ppid = Number(fields[1]);
  return stat && Number.isInteger(ppid) ? ppid : undefined;
}

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
