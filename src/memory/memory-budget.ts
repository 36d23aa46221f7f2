import { formatBytes } from './memory-size';
import { monotonicMs } from '../runtime/platform';
import type { HeapSource } from './heap-source';

/** `ok` below 80% of the budget; `warning` from 80%; `full` at the budget: nothing new is stored. */
export type MemoryState = 'ok' | 'warning' | 'full';

/** A change of state, told once per crossing (the CLI logs it, the bus carries it). */
export interface MemoryNotice {
  state: MemoryState;
  /** Bytes held, as the budget counts them. */
  held: number;
  budget: number;
}

/** The share of V8's old-generation limit the budget defaults to (docs/behaviour.md says why 70%). */
export const DEFAULT_BUDGET_SHARE = 0.7;
/** Warn from here (a share of the budget)... */
const WARN_AT = 0.8;
/** ...and stop warning only below this, so use hovering at 80% is one warning, not one a request. */
const CALM_AT = 0.75;
/** Once full, writes resume below this: a full collection that frees a little does not flip refusals on and off. */
const RESUME_AT = 0.95;
/** Whatever the estimate says, V8's own reading past this share of its limit counts as full (the abort is near), unless the store shrank since the last full collection (see sample). */
const CEILING = 0.9;
/** How many samples of the store's bytes are kept to match a collection with (readings come often, collections less). */
const HISTORY = 8;
/** How many writes go between two readings of the heap, by state: a write costs a counter check, not a reading. */
const SAMPLE_EVERY: Record<MemoryState, number> = { ok: 64, warning: 8, full: 1 };

/**
 * The memory budget of one instance: whether a request may store something new. What it counts as held is
 * grounded in the real heap: the live heap V8 measured after its last full collection, plus what the store
 * gained (or lost, by a reset or a deleted workspace) since, estimated from its counts. Garbage does not count
 * (a refusal never waits for V8 to collect), and freeing a workspace counts at once.
 *
 * @example
 * const budget = new MemoryBudget(512 * 2 ** 20, nodeHeapSource(), () => storeBytes(ctx.store), console.log);
 * if (!budget.admits()) throw new ApiError('memory_budget_exceeded', refusalMessage(budget.held, budget.budget));
 */
export class MemoryBudget {
  /** The first reading: at the first write for a budget given as a number, at the `SAMPLE_EVERY.ok`th otherwise. */
  private writes: number;
  private current: MemoryState = 'ok';
  private gcSeen = -1;
  private gcHeap = 0;
  private storedAtGc = 0;
  /** Before V8's first full collection: what the store freed so far (the heap in use still holds it as garbage). */
  private freedBeforeGc = 0;
  private lastStored = 0;
  private lastHeld = 0;
  /** The last few samples of the store's bytes, with their time: a collection is matched with the store it saw. */
  private readonly history: Array<{ at: number; stored: number } | undefined> = new Array<undefined>(HISTORY).fill(undefined);
  private next = 0;
  /** The budget in bytes, or, until first needed, how to work it out. */
  private bytes: number | (() => number);

  /**
   * `budget` in bytes, or how to work it out when first needed. A number is a budget the user set, which a start
   * may already be past (`--max-memory 8mb`): the first write reads the heap. The default (70% of what V8 lets the
   * heap hold) is worked out, and the heap first read, only at the `SAMPLE_EVERY.ok`th write: a start holds a few
   * MB of it, and reading V8's figures loads node:v8, 1.6 ms of a 50 ms start on Node 22. Whoever loads a large
   * store at start (a --state file) takes a {@link sample} then.
   */
  constructor(
    budget: number | (() => number),
    readonly heap: HeapSource,
    private readonly storeBytes: () => number,
    private readonly notify: (notice: MemoryNotice) => void,
  ) {
    this.bytes = budget;
    this.writes = typeof budget === 'number' ? SAMPLE_EVERY.ok - 1 : 0;
  }

  /** The budget in bytes. */
  get budget(): number {
    if (typeof this.bytes === 'function') this.bytes = this.bytes();
    return this.bytes;
  }

  /** Whether a request may store something new now: a counter check, and a reading of the heap every few writes. */
  admits(): boolean {
    if (++this.writes % SAMPLE_EVERY[this.current] !== 0) return this.current !== 'full';
    this.sample();
    return this.current !== 'full';
  }

  get state(): MemoryState {
    return this.current;
  }

  /** Reads the heap now: what is held (bytes), moving the state (and telling of a crossing) on the way. */
  sample(): number {
    const gc = this.heap.lastFullGc();
    const stored = this.storeBytes();
    if (gc.count !== this.gcSeen) {
      this.gcSeen = gc.count;
      this.gcHeap = gc.used;
      // What the store held when the collection ran, not now: a reset between the two must count as freed. A
      // collection older than every sample kept is matched with the oldest, which is nearest to it.
      this.storedAtGc = this.storedAt(gc.at) ?? this.oldestStored() ?? stored;
    }
    if (stored < this.lastStored) this.freedBeforeGc += this.lastStored - stored;
    this.lastStored = stored;
    this.history[this.next] = { at: monotonicMs(), stored };
    this.next = (this.next + 1) % HISTORY;
    const used = this.heap.used();
    // Before the first full collection there is no live figure: the heap in use (garbage too) stands in, less what
    // the store freed since (a reset at full must lift the refusal at once, whether or not V8 has collected).
    const held = gc.count === 0 ? Math.max(0, used - this.freedBeforeGc) : Math.max(0, this.gcHeap + stored - this.storedAtGc);
    this.lastHeld = held;
    // V8's reading includes garbage: after the store shrank (a reset, a deleted workspace) it still counts what was
    // freed until the next full collection, so it is only the last word while the store has not shrunk since.
    const nearCeiling = stored >= this.storedAtGc && used >= CEILING * this.heap.limit();
    this.move(held / this.budget, nearCeiling);
    return held;
  }

  /** The store's bytes at the latest sample taken at or before `at`, if one is still in the history. */
  private storedAt(at: number): number | undefined {
    let found: { at: number; stored: number } | undefined;
    for (const entry of this.history) if (entry && entry.at <= at && (!found || entry.at > found.at)) found = entry;
    return found?.stored;
  }

  /** The store's bytes at the oldest sample still in the history, if any. */
  private oldestStored(): number | undefined {
    let found: { at: number; stored: number } | undefined;
    for (const entry of this.history) if (entry && (!found || entry.at < found.at)) found = entry;
    return found?.stored;
  }

  /** The last figure sampled (bytes). */
  get held(): number {
    return this.lastHeld;
  }

  private move(share: number, nearCeiling: boolean): void {
    let next = this.current;
    if (share >= 1 || nearCeiling) next = 'full';
    else if (this.current === 'full') next = share < RESUME_AT ? (share >= WARN_AT ? 'warning' : 'ok') : 'full';
    else if (share >= WARN_AT) next = 'warning';
    else if (share < CALM_AT) next = 'ok';
    if (next === this.current) return;
    this.current = next;
    this.notify({ state: next, held: this.lastHeld, budget: this.budget });
  }
}

/**
 * The message of a refused write: what is held, the budget, and the ways out.
 * @example refusalMessage(420 * 2 ** 20, 400 * 2 ** 20) // 'The memory budget is reached: the mock holds 420 MB of its 400 MB budget…'
 */
export function refusalMessage(held: number, budget: number): string {
  return (
    `The memory budget is reached: the mock holds ${formatBytes(held)} of its ${formatBytes(budget)} budget (--max-memory), so it stores nothing new. ` +
    'Reads, deletes, resets and exports still work. To go on: reset a workspace (POST /_mock/workspaces/{id}/reset, or POST /_mock/reset for all), ' +
    'delete one (DELETE /_mock/workspaces/{id}), or keep the store with --state and restart with a larger --max-memory (and node --max-old-space-size).'
  );
}
