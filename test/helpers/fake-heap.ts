import type { HeapSource } from '../../src/memory/heap-source';
import { monotonicMs } from '../../src/runtime/platform';

export interface FakeHeap {
  /** Bytes held besides the store (what a collection cannot free). */
  other: number;
  /** What `used()` answers (garbage included); unset: the last collection's figure. */
  usedNow: number | undefined;
  source: HeapSource;
  /** A full collection: the live heap is `other` plus the store's bytes now; `at`: when it ended (now by default). */
  collect(storeBytes: number, at?: number): void;
}

/** A heap with figures a test sets, so budget decisions are deterministic. */
export function fakeHeap(options: { other: number; limit?: number }): FakeHeap {
  const gc = { count: 0, used: 0, at: 0 };
  const heap: FakeHeap = {
    other: options.other,
    usedNow: undefined,
    source: {
      used: () => heap.usedNow ?? gc.used,
      limit: () => options.limit ?? 4 * 1024 ** 3,
      lastFullGc: () => gc,
    },
    collect(storeBytes, at = monotonicMs()) {
      gc.count++;
      gc.used = heap.other + storeBytes;
      gc.at = at;
    },
  };
  return heap;
}
