import { IS_NODE, monotonicMs, nodeBuiltin, unrefTimer } from '../runtime/platform';

/** Where the memory budget reads the heap. Node's is {@link nodeHeapSource}; tests give fixed figures. */
export interface HeapSource {
  /** Bytes of V8 heap in use now, garbage not yet collected included. */
  used(): number;
  /** The most this heap may ever hold (V8's `heap_size_limit`): past it the process aborts. */
  limit(): number;
  /**
   * How many full collections have run (0: none yet), the heap in use just after the last one, and when it ended
   * (`monotonicMs()` time).
   */
  lastFullGc(): { count: number; used: number; at: number };
  /** The instance that read it is closed (an observer not started yet is not started for it). */
  release?(): void;
}

type V8 = typeof import('node:v8');
type PerfHooks = typeof import('node:perf_hooks');

const afterFullGc = { count: 0, used: 0, at: 0 };
let watching = false;
/** The observer's start, while it waits; the instances reading the heap, which it waits for. */
let pending: ReturnType<typeof setTimeout> | undefined;
let readers = 0;

/**
 * The heap of this process, as V8 reports it. One observer per process follows full collections (mark-compact)
 * and notes what was in use right after each, which is the live heap: what V8 could not free. It starts a quarter of
 * a second after first use, off the start-up path (loading node:perf_hooks and observing is 2–3 ms of a 60 ms start on
 * Node 22), and costs nothing between collections. A collection before it starts only leaves the budget reading
 * the heap as before the first one (memory-budget.ts). node:v8 itself (1.6 ms) is loaded at the first reading.
 * Outside Node (a browser page) there is no limit to keep to.
 * @example const heap = nodeHeapSource(); heap.used() / heap.limit();
 */
export function nodeHeapSource(): HeapSource {
  if (!IS_NODE) return { used: () => 0, limit: () => Number.MAX_SAFE_INTEGER, lastFullGc: () => afterFullGc };
  readers++;
  if (!watching && pending === undefined) {
    pending = setTimeout(() => {
      pending = undefined;
      watching = true;
      watchFullCollections();
    }, WATCH_AFTER_MS);
    unrefTimer(pending);
  }
  let released = false;
  return {
    used: () => heapStatistics().used_heap_size,
    limit: () => heapStatistics().heap_size_limit,
    lastFullGc: () => afterFullGc,
    release: () => {
      if (released) return;
      released = true;
      // The last instance closed before the observer started: nothing is left to watch for (a test's mock of a
      // few milliseconds leaves no timer behind it); the next instance starts the wait again.
      if (--readers === 0 && pending !== undefined) {
        clearTimeout(pending);
        pending = undefined;
      }
    },
  };
}

/** How long after first use the observer starts: past a start and its first requests. */
const WATCH_AFTER_MS = 250;

let v8: V8 | undefined;

function heapStatistics(): ReturnType<V8['getHeapStatistics']> {
  return (v8 ??= nodeBuiltin<V8>('node:v8') as V8).getHeapStatistics();
}

function watchFullCollections(): void {
  const hooks = nodeBuiltin<PerfHooks>('node:perf_hooks');
  if (!hooks) return;
  const major = hooks.constants.NODE_PERFORMANCE_GC_MAJOR;
  const observer = new hooks.PerformanceObserver((list) => {
    const full = list.getEntries().filter((entry) => ((entry as { detail?: { kind?: number } }).detail?.kind ?? 0) & major);
    const last = full[full.length - 1];
    if (!last) return;
    // Entries come in batches, after the collection: the heap read now is the live heap at its end plus what was
    // allocated since (garbage is only ever freed by a collection, which would be an entry of its own).
    afterFullGc.count++;
    afterFullGc.used = heapStatistics().used_heap_size;
    // Its end on the performance timeline, carried over to the clock the budget's samples are taken on.
    afterFullGc.at = monotonicMs() - (hooks.performance.now() - (last.startTime + last.duration));
  });
  observer.observe({ entryTypes: ['gc'] });
}
