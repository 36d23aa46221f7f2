import type { Store } from '../store/store';
import { MemoryReport, workspaceFootprint } from './footprint';
import type { HeapSource } from './heap-source';
import type { MemoryBudget } from './memory-budget';

/**
 * The memory figures of an instance now (a fresh reading, which may move the state and tell of a crossing): held
 * against the budget, V8's own figures, and per workspace its counts and estimated bytes, largest first.
 * @example memoryReport(ctx.memory, nodeHeapSource(), ctx.store).percent // 12.5
 */
export function memoryReport(budget: MemoryBudget, heap: HeapSource, store: Store): MemoryReport {
  const held = budget.sample();
  const workspaces = [...store.workspaces.values()].map(workspaceFootprint).sort((a, b) => b.bytes - a.bytes);
  return {
    object: 'memory',
    state: budget.state,
    held,
    budget: budget.budget,
    percent: Math.round((held / budget.budget) * 1000) / 10,
    heap: { used: heap.used(), limit: heap.limit() },
    workspaces,
  };
}
