import { nextTurn, unrefTimer, writeError } from '../runtime/platform';
import { checkRange, Clock, ClockMode, ClockState, parseInstant, systemMs } from '../clock/clock';
import { parseDuration } from '../clock/duration';

/** Work due at a moment of the mock clock. Its promise settles when the work is done (a webhook attempt answered). */
export type Job = () => Promise<void> | void;

interface Entry {
  dueMs: number;
  /** Orders jobs due at the same moment: the order they were scheduled in. */
  seq: number;
  job: Job;
  canceled: boolean;
}

export interface Scheduled {
  readonly dueMs: number;
  cancel(): void;
}

/** setTimeout takes at most 2^31-1 ms; a later job is looked at again when that much time has passed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * How many due jobs start in one turn of the event loop. The rest start in the following turns (setImmediate), so
 * requests are answered in between: a clock move with 100,000 attempts due at one instant never holds the server
 * for the time it takes to start them all. Order is kept: jobs start in due order, slice after slice.
 */
export const SLICE_JOBS = 500;

/**
 * Due work on the mock clock: a heap ordered by due time. Under a running clock (real, offset) one timer waits
 * for the earliest job. When the clock is moved (`advance`, `set`), every job that comes due inside the span
 * runs, in order, with the clock standing at its due time, and the move resolves only when they are done: a test
 * advances `3h` and then asserts what happened. Sinon's fake timers (`tickAsync`) are the model.
 */
export class Scheduler {
  private readonly heap: Entry[] = [];
  /** Housekeeping (freeing expired records): due like other jobs, but never a stop of a clock move. */
  private readonly chores: Entry[] = [];
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Cancels the pending run after this turn. */
  private immediate: (() => void) | undefined;
  private readonly running = new Set<Promise<void>>();
  /** Clock moves run one after another. */
  private moves: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(readonly clock: Clock) {
    clock.onChange(() => this.arm());
  }

  /** How many jobs wait (canceled ones included until they reach the front). */
  get size(): number {
    return this.heap.length;
  }

  /** Runs `job` when the mock clock reaches `dueMs`; at once (after the current request) if that is now or past. */
  schedule(dueMs: number, job: Job): Scheduled {
    const entry: Entry = { dueMs, seq: ++this.seq, job, canceled: false };
    // A closed scheduler runs nothing more, so it keeps nothing (a move after close() then has nothing to step through).
    if (!this.closed) this.push(entry);
    this.arm();
    return {
      dueMs,
      cancel: () => {
        entry.canceled = true;
      },
    };
  }

  /**
   * Runs `job` once the mock clock reaches `dueMs`, like `schedule`, for housekeeping that need not happen at
   * each moment of a clock move: a move does not stop at it (a 10-year jump is not 5 million sweeps). A due chore
   * runs at the next stop of the move (a job's due time), or once the move has placed the clock at its end;
   * chores due together run in the order they were scheduled.
   */
  scheduleChore(dueMs: number, job: Job): Scheduled {
    const entry: Entry = { dueMs, seq: ++this.seq, job, canceled: false };
    if (!this.closed) this.chores.push(entry);
    this.arm();
    return {
      dueMs,
      cancel: () => {
        entry.canceled = true;
      },
    };
  }

  /** Starts what is due now, then waits until nothing due is left and nothing runs (new due work included). */
  async settle(): Promise<void> {
    for (;;) {
      // More due than one slice: a turn of the event loop first (jobs that settle at once would otherwise start
      // slice after slice in one go of microtasks).
      if (this.runDue()) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (this.running.size === 0) return;
      await Promise.allSettled([...this.running]);
    }
  }

  /** Moves the clock forward by a duration ("3h", seconds), running what comes due on the way. */
  advance(by: string | number): Promise<ClockState> {
    return this.move(() => {
      const targetMs = this.clock.nowMs() + parseDuration(by) * 1000;
      return { targetMs, apply: () => this.clock.placeAt(targetMs) };
    });
  }

  /** Sets the clock's mode and time (as `Clock.set`), running what comes due if that moves it forward. */
  set(mode: ClockMode, now?: string | number): Promise<ClockState> {
    return this.move(() => {
      if (mode === 'real' && now !== undefined) this.clock.set(mode, now); // throws the clock's own explanation
      const targetMs = now === undefined ? this.clock.nowMs() : parseInstant(now);
      const apply = (): ClockState => (mode === 'real' || now === undefined ? this.clock.set(mode) : this.clock.set(mode, Math.floor(targetMs / 1000)));
      // `real` jumps to the machine's time: whatever is due by then runs first.
      return { targetMs: mode === 'real' ? systemMs() : targetMs, apply };
    });
  }

  /** Stops the timer; jobs still waiting never run. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.immediate?.();
    this.heap.length = 0;
    this.chores.length = 0;
  }

  private move(plan: () => { targetMs: number; apply: () => ClockState }): Promise<ClockState> {
    const run = async (): Promise<ClockState> => {
      await this.settle();
      const { targetMs, apply } = plan();
      // Validated before anything runs: a refused time leaves the clock as it was.
      checkRange(targetMs);
      for (;;) {
        const next = this.peek();
        if (!next || next.dueMs > targetMs) break;
        if (next.dueMs > this.clock.nowMs()) this.clock.placeAt(next.dueMs);
        await this.settle();
      }
      const state = apply();
      this.runDue();
      return state;
    };
    const result = this.moves.then(run, run);
    this.moves = result.catch(() => undefined);
    return result;
  }

  /**
   * Starts the jobs due by now, in order, at most SLICE_JOBS of them; what they return is tracked until it settles.
   * When more are due, `arm` starts the next slice in the next turn of the event loop; returns whether more are.
   */
  private runDue(): boolean {
    if (this.closed) return false;
    const now = this.clock.nowMs();
    let started = 0;
    for (let next = this.peek(); next && next.dueMs <= now && started < SLICE_JOBS; next = this.peek()) {
      started++;
      this.pop();
      const entry = next;
      // Checked when it starts, not when it left the heap: a job due at the same moment may have canceled it.
      const done = Promise.resolve()
        .then(() => (entry.canceled ? undefined : entry.job()))
        .catch((error: unknown) => {
          writeError(`payments-mock: a scheduled job failed: ${error instanceof Error ? error.stack : String(error)}`);
        });
      this.running.add(done);
      void done.finally(() => this.running.delete(done));
    }
    if (this.chores.length > 0) this.runChores(now);
    this.arm();
    return started === SLICE_JOBS && (this.peek()?.dueMs ?? Infinity) <= now;
  }

  /** Starts the chores due by now (few: one sweep per clock), in the order they were scheduled. */
  private runChores(now: number): void {
    const due = this.chores.filter((chore) => chore.canceled || chore.dueMs <= now);
    if (due.length === 0) return;
    this.chores.splice(0, this.chores.length, ...this.chores.filter((chore) => !due.includes(chore)));
    const report = (error: unknown): void => writeError(`payments-mock: a scheduled chore failed: ${error instanceof Error ? error.stack : String(error)}`);
    for (const chore of due) {
      if (chore.canceled) continue;
      try {
        // Synchronous when it can be (the sweep), so a move has freed what expired before it answers.
        const result = chore.job();
        if (result instanceof Promise) result.catch(report);
      } catch (error) {
        report(error);
      }
    }
  }

  /** Arranges for the earliest job to run when due: after the current request if due now, else on a timer. */
  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.peek();
    let dueMs = next ? next.dueMs : Infinity;
    for (const chore of this.chores) if (chore.dueMs < dueMs) dueMs = chore.dueMs;
    if (dueMs === Infinity || this.closed) return;
    const wait = dueMs - this.clock.nowMs();
    if (wait <= 0) {
      this.immediate ??= nextTurn(() => {
        this.immediate = undefined;
        this.runDue();
      });
      return;
    }
    if (this.clock.currentMode === 'frozen') return;
    this.timer = setTimeout(() => this.runDue(), Math.min(wait, MAX_TIMER_MS));
    unrefTimer(this.timer);
  }

  /** The earliest job that is not canceled (canceled ones at the front are dropped on the way). */
  private peek(): Entry | undefined {
    while (this.heap[0]?.canceled) this.pop();
    return this.heap[0];
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, heap[parent] as Entry)) break;
      heap[i] = heap[parent] as Entry;
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): Entry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && before(heap[right] as Entry, heap[left] as Entry) ? right : left;
      if (!before(heap[child] as Entry, last)) break;
      heap[i] = heap[child] as Entry;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}

function before(a: Entry, b: Entry): boolean {
  return a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.seq < b.seq);
}
