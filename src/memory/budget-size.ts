import { ConfigError } from '../errors/api-error';
import type { HeapSource } from './heap-source';
import { DEFAULT_BUDGET_SHARE } from './memory-budget';
import { formatBytes, parseMemorySize } from './memory-size';

/** The smallest budget accepted: below it the fixtures and a few requests would not fit. */
const MIN_BUDGET = 8 * 1024 ** 2;

/**
 * The budget in bytes for `--max-memory` / `maxMemory` (a size such as `512mb`, or bytes), by default 75% of the
 * heap V8 allows this process. One the heap can never reach is refused: past V8's limit the process aborts.
 * @example budgetBytes('512mb', nodeHeapSource()) // 536870912
 */
export function budgetBytes(given: string | number | undefined, heap: HeapSource): number {
  const limit = heap.limit();
  if (given === undefined) return Math.floor(limit * DEFAULT_BUDGET_SHARE);
  const bytes = typeof given === 'number' ? given : parseMemorySize(given);
  const shown = String(given).slice(0, 40);
  if (bytes === undefined || !Number.isSafeInteger(bytes))
    throw new ConfigError(`Invalid --max-memory ${shown}: give a size such as 512mb or 2gb (or a number of bytes).`);
  if (bytes < MIN_BUDGET) throw new ConfigError(`Invalid --max-memory ${shown}: give at least ${formatBytes(MIN_BUDGET)}.`);
  if (bytes > limit)
    throw new ConfigError(
      `Invalid --max-memory ${shown}: this Node process may hold at most ${formatBytes(limit)} of heap. Give less, or start node with a larger --max-old-space-size (in MB).`,
    );
  return bytes;
}
