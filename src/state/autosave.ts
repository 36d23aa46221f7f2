import { ConfigError } from '../errors/api-error';
import { systemMs } from '../clock/clock';
import { parseDuration } from '../clock/duration';
import { unrefTimer, writeError } from '../runtime/platform';

/** What one background save wrote, for the log line. */
export interface AutosaveReport {
  file: string;
  /** Objects in the store when the save began (payments, customers, refunds, payment methods, webhook endpoints). */
  objects: number;
  /**
   * When the save began (real time, Unix ms): every change answered before it is in the file (each workspace is
   * snapshotted when its turn comes, which is later).
   */
  asOf: number;
  /** How long it took, in milliseconds. */
  ms: number;
}

/** The default interval: a crash or `kill -9` loses at most this much work. */
export const DEFAULT_AUTOSAVE = '30s';
const MIN_MS = 100;
const MAX_MS = 86_400_000;

/**
 * `--autosave` / `autosave` in milliseconds, or null for `off`: `30s`, `5m`, `1h`, `500ms`, or seconds as a number.
 * @example autosaveMs('500ms') // 500
 */
export function autosaveMs(given: string | number): number | null {
  if (given === 'off') return null;
  const shown = String(given).slice(0, 40);
  let ms: number;
  try {
    const text = String(given).trim();
    ms = /^\d+ms$/.test(text) ? Number(text.slice(0, -2)) : parseDuration(given) * 1000;
  } catch {
    ms = Number.NaN;
  }
  if (!Number.isFinite(ms) || ms < MIN_MS || ms > MAX_MS)
    throw new ConfigError(`Invalid --autosave ${shown}: give an interval from 100ms to 24h, such as 30s, 5m or 500ms, or off.`);
  return ms;
}

/**
 * Saves of one state file, one at a time: a save asked for while another runs starts once it is done (and so
 * writes the newer state), never beside it. Remembers which change the last completed save included.
 *
 * @example
 * const saver = new StateSaver(() => saveStore(path, ctx.store), () => ctx.changes);
 * await saver.save();
 */
export class StateSaver {
  private queue: Promise<unknown> = Promise.resolve();
  private running = 0;
  /** The change count the last completed save began at. */
  savedChanges: number;

  constructor(
    private readonly write: () => Promise<void>,
    private readonly changes: () => number,
  ) {
    this.savedChanges = changes();
  }

  get busy(): boolean {
    return this.running > 0;
  }

  /** Whether something changed since the last completed save began. */
  get dirty(): boolean {
    return this.changes() !== this.savedChanges;
  }

  save(): Promise<void> {
    this.running++;
    const run = this.queue.then(async () => {
      const changes = this.changes();
      await this.write();
      this.savedChanges = changes;
    });
    this.queue = run.catch(() => undefined).finally(() => this.running--);
    return run;
  }
}

/**
 * Saves in the background every `everyMs` of real time (not the mock clock: a frozen clock must not stop saves),
 * when something changed and no save is running. A failed save is one line on stderr; the previous file stays
 * whole (saves are atomic) and the next interval tries again. Returns the function that stops it.
 *
 * @example
 * const stop = startAutosave(saver, 30_000, () => ({ file: path, objects: 0 }), (report) => log(report));
 */
export function startAutosave(
  saver: StateSaver,
  everyMs: number,
  describe: () => { file: string; objects: number },
  onSaved?: (report: AutosaveReport) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tick = async (): Promise<void> => {
    if (saver.dirty && !saver.busy) {
      const { file, objects } = describe();
      const asOf = systemMs();
      try {
        await saver.save();
        onSaved?.({ file, objects, asOf, ms: systemMs() - asOf });
      } catch (error) {
        writeError(`payments-mock: autosave to ${file} failed: ${(error as Error).message}. The previous file is whole; trying again in ${everyMs} ms.`);
      }
    }
    schedule();
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void tick(), everyMs);
    // A mock embedded in a test run must not keep the process alive for its next save.
    unrefTimer(timer);
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
