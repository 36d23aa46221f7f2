import { ConfigError } from '../errors/api-error';
import type { HeapSource } from './heap-source';
import { DEFAULT_BUDGET_SHARE } from './memory-budget';
import { formatBytes, parseMemorySize } from './memory-size';

/** The smallest budget accepted: below it the fixtures and a few requests would not fit. */
const MIN_BUDGET = 8 * 1024 ** 2;
/**
 * The part of V8's `heap_size_limit` that is the young generation (two semi-spaces of 16 MiB and the new large
 * object space, on 64-bit Node): what the store holds lives in the old generation, whose size is the rest (what
 * `--max-old-space-size` sets). Measured: limits of 144, 176 and 208 MB for 96, 128 and 160.
 */
const YOUNG_GENERATION = 48 * 1024 ** 2;

/**
 * The old generation's limit: where a store that keeps growing ends, and past which V8 aborts.
 * @example oldGenerationLimit(nodeHeapSource()) // 128 MB under node --max-old-space-size=128
 */
export function oldGenerationLimit(heap: HeapSource): number {
  const limit = heap.limit();
  return limit > 4 * YOUNG_GENERATION ? limit - YOUNG_GENERATION : Math.floor(limit * 0.75);
}

/**
 * The budget for `--max-memory` / `maxMemory` (a size such as `512mb`, or bytes), as MemoryBudget takes it: a
 * given one in bytes, checked now (one the heap can never hold is refused: past it the process aborts), or the
 * default, 70% of the old generation V8 allows this process, worked out when first needed (see MemoryBudget).
 * @example new MemoryBudget(budgetFor(options.maxMemory, heap), heap, storeBytes, notify)
 */
export function budgetFor(given: string | number | undefined, heap: HeapSource): number | (() => number) {
  return given === undefined ? () => defaultBudget(heap) : givenBudget(given, heap);
}

function defaultBudget(heap: HeapSource): number {
  return Math.floor(oldGenerationLimit(heap) * DEFAULT_BUDGET_SHARE);
}

function givenBudget(given: string | number, heap: HeapSource): number {
  const limit = oldGenerationLimit(heap);
  const bytes = typeof given === 'number' ? given : parseMemorySize(given);
  const shown = String(given).slice(0, 40);
  if (bytes === undefined || !Number.isSafeInteger(bytes))
    throw new ConfigError(`Invalid --max-memory ${shown}: give a size such as 512mb or 2gb (or a number of bytes).`);
  if (bytes < MIN_BUDGET) throw new ConfigError(`Invalid --max-memory ${shown}: give at least ${formatBytes(MIN_BUDGET)}.`);
  if (bytes > limit)
    throw new ConfigError(
      `Invalid --max-memory ${shown}: this Node process may hold at most ${formatBytes(limit)} in its heap's old generation. Give less, or start node with a larger --max-old-space-size (in MB).`,
    );
  return bytes;
}
