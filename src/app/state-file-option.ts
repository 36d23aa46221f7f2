import { existsSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { MockContext } from '../context/mock-context';
import { ConfigError } from '../errors/api-error';
import { storeObjects } from '../memory/footprint';
import { autosaveMs, DEFAULT_AUTOSAVE, startAutosave, StateSaver } from '../state/autosave';
import { FixtureError } from '../state/fixture-types';
import { loadStateFile, UnreadableStateError } from '../state/load-state-file';
import { saveStore } from '../state/state-file';
import { StateSaveError } from '../state/state-save-error';
import type { MockOptions } from './mock-options';

/**
 * What `--state <file>` adds to a start (createContext loads this file only then). `--state` and `--autosave` are
 * checked now, before the instance is built (a mistake stops the start); the function returned loads the file into
 * the new instance and gives it its save (POST /_mock/state/save, shutdown) and its autosave.
 * @example const attach = stateFile('state.json', '30s', undefined); const ctx = build(); attach(ctx);
 */
export function stateFile(path: string, autosave: MockOptions['autosave'], onAutosave: MockOptions['onAutosave']): (ctx: MockContext) => void {
  const every = autosaveMs(autosave ?? DEFAULT_AUTOSAVE);
  checkStatePath(path);
  return (ctx) => useStateFile(ctx, path, every, onAutosave);
}

function useStateFile(ctx: MockContext, path: string, every: number | null, onAutosave: MockOptions['onAutosave']): void {
  restoreState(ctx, path);
  // One save at a time, whoever asks (autosave, POST /_mock/state/save, shutdown): a later one waits its turn.
  const saver = new StateSaver(
    () => saveStore(path, ctx.store, ctx.savedControls),
    () => ctx.changes,
  );
  ctx.saveState = async () => {
    try {
      await saver.save();
    } catch (error) {
      throw StateSaveError.of(path, error);
    }
    return path;
  };
  if (every !== null) {
    const describe = () => ({ file: path, objects: storeObjects(ctx.store) });
    ctx.bus.shutdown.subscribe(startAutosave(saver, every, describe, onAutosave));
  }
}

/**
 * A --state file is written at shutdown; a path that can never be written (a missing folder, a folder where the
 * file should be, no permission) must fail now, not after a whole session's work.
 */
function checkStatePath(path: string): void {
  const folder = dirname(resolve(path));
  let stats;
  try {
    stats = statSync(folder);
  } catch {
    throw new ConfigError(`Invalid --state ${path}: the folder ${folder} does not exist. Create it, or pick another path.`);
  }
  if (!stats.isDirectory()) throw new ConfigError(`Invalid --state ${path}: ${folder} is not a folder.`);
  if (existsSync(path) && statSync(path).isDirectory())
    throw new ConfigError(`Invalid --state ${path}: it is a folder; give a file path such as ${join(path, 'state.json')}.`);
  // A file is made beside it and removed, as a save would: permission bits do not tell (root passes every check,
  // and /proc or a read-only mount refuse new files whatever they say).
  const probe = join(folder, `.${basename(path)}.${process.pid}.probe`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError(
      `Invalid --state ${path}: a file cannot be created in the folder ${folder} (${reason}), so the state could not be saved. Pick another path.`,
    );
  }
  unlinkSync(probe);
  removeStaleTemporaries(folder, basename(path));
}

/**
 * A save writes `<file>.<pid>.<n>.tmp` and renames it into place; a process killed mid-save (`kill -9`, a crash)
 * leaves its temporary file behind, as large as the state. Those of processes that no longer run are removed.
 */
function removeStaleTemporaries(folder: string, file: string): void {
  const prefix = `${file}.`;
  for (const name of readdirSync(folder)) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(\d+)\.\d+\.tmp$/.exec(name.slice(prefix.length))?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    try {
      unlinkSync(join(folder, name));
    } catch {
      // Gone already, or not ours to remove: it is only a leftover.
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function restoreState(ctx: MockContext, path: string): void {
  try {
    const loaded = loadStateFile(path, ctx.clock.now(), ctx.random);
    // Replacing the store reads the heap (store-swap.ts: storeReplaced), so a loaded store already past the budget
    // refuses the first write.
    if (loaded) ctx.useLoadedState(loaded);
  } catch (error) {
    // Whatever stops it, the message names the flag to fix.
    if (error instanceof FixtureError) throw new ConfigError(`Invalid --state ${path}: the file is invalid: ${error.summary()}. Fix or delete it.`);
    if (error instanceof UnreadableStateError) throw new ConfigError(`Invalid --state ${path}: the file is unreadable: ${error.message}. Fix or delete it.`);
    throw new ConfigError(`Invalid --state ${path}: ${(error as Error).message}`);
  }
}
