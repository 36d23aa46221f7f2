import { MemoryBudget, MemoryNotice, refusalMessage } from '../../../src/memory/memory-budget';
import { fakeHeap } from '../../helpers/fake-heap';
import { monotonicMs } from '../../../src/runtime/platform';

const MB = 1024 ** 2;

/** A budget of 100 MB over a fake heap whose store holds `store.bytes`. */
function setup(other: number, storeBytes = 0) {
  const heap = fakeHeap({ other });
  const store = { bytes: storeBytes };
  const notices: MemoryNotice[] = [];
  heap.collect(store.bytes);
  const budget = new MemoryBudget(
    100 * MB,
    heap.source,
    () => store.bytes,
    (notice) => notices.push(notice),
  );
  return { heap, store, notices, budget };
}

/** Writes until one is refused (at most `most`); returns how many were admitted. */
function fill(budget: MemoryBudget, store: { bytes: number }, perWrite: number, most = 10_000): number {
  for (let i = 0; i < most; i++) {
    if (!budget.admits()) return i;
    store.bytes += perWrite;
  }
  return most;
}

describe('MemoryBudget', () => {
  it('reads the heap on the first write, so a budget already past is refused at once', () => {
    const { budget, notices } = setup(120 * MB);
    expect(budget.admits()).toBe(false);
    expect(notices.map((n) => n.state)).toEqual(['full']);
  });

  it('works the default budget out, and reads the heap, only at the 64th write: a start holds a few MB of it', () => {
    const heap = fakeHeap({ other: 120 * MB });
    heap.collect(0);
    const budgetOf = jest.fn(() => 100 * MB);
    const read = jest.spyOn(heap.source, 'used');
    const budget = new MemoryBudget(
      budgetOf,
      heap.source,
      () => 0,
      () => undefined,
    );
    for (let i = 0; i < 63; i++) expect(budget.admits()).toBe(true);
    expect(budgetOf).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(budget.admits()).toBe(false);
    expect(budget.budget).toBe(100 * MB);
    expect(budgetOf).toHaveBeenCalledTimes(1);
  });

  it('counts the live heap of the last full collection plus what the store gained since, and refuses at the budget', () => {
    const { budget, store } = setup(50 * MB);
    const admitted = fill(budget, store, 64 * 1024);
    // 50 MB live + 800 writes of 64 KB reach 100 MB; readings come every 8 writes from 80%, so up to 8 more pass.
    expect(admitted).toBeGreaterThanOrEqual(800);
    expect(admitted).toBeLessThanOrEqual(808);
    expect(budget.state).toBe('full');
    expect(budget.held).toBeGreaterThanOrEqual(100 * MB);
  });

  it('tells each crossing once: warning at 80%, full at the budget, not once per request', () => {
    const { budget, store, notices } = setup(70 * MB);
    fill(budget, store, 64 * 1024);
    for (let i = 0; i < 100; i++) budget.admits();
    expect(notices.map((n) => n.state)).toEqual(['warning', 'full']);
    expect(notices[0]).toMatchObject({ budget: 100 * MB });
    expect(notices[0]!.held).toBeGreaterThanOrEqual(80 * MB);
  });

  it('admits again at once when the store shrinks (a reset), without waiting for a collection', () => {
    const { budget, store, notices } = setup(10 * MB, 85 * MB);
    fill(budget, store, 1 * MB);
    expect(budget.admits()).toBe(false);
    store.bytes = 0;
    expect(budget.admits()).toBe(true);
    expect(notices.map((n) => n.state)).toEqual(['warning', 'full', 'ok']);
  });

  it('keeps refusing until use is under 95% of the budget, so one collection does not flip it on and off', () => {
    const { budget, store } = setup(0, 99 * MB);
    fill(budget, store, 1 * MB);
    store.bytes = 97 * MB;
    expect(budget.admits()).toBe(false);
    store.bytes = 94 * MB;
    expect(budget.admits()).toBe(true);
    expect(budget.state).toBe('warning');
  });

  it("refuses when V8's own reading passes 90% of its limit, whatever the estimate", () => {
    const { budget, heap } = setup(10 * MB);
    heap.usedNow = 0.91 * heap.source.limit();
    expect(budget.admits()).toBe(false);
  });

  it("does not let V8's reading hold refusals after the store shrank: what a reset freed is garbage until the next collection", () => {
    const { budget, heap, store } = setup(10 * MB, 50 * MB);
    budget.admits();
    heap.usedNow = 0.95 * heap.source.limit();
    budget.sample();
    expect(budget.state).toBe('full');
    store.bytes = 0; // a reset: V8 still counts the old store until it collects
    expect(budget.admits()).toBe(true);
  });

  it('resets the baseline at each full collection: garbage the estimate missed or freed is corrected', () => {
    const { budget, store, heap } = setup(10 * MB);
    budget.admits();
    store.bytes = 30 * MB;
    budget.sample();
    heap.other = 75 * MB; // something the estimate did not see
    heap.collect(store.bytes);
    budget.sample();
    expect(budget.held).toBe(105 * MB);
    expect(budget.state).toBe('full');
  });

  it('matches a collection with the store it saw: one before a reset still counts the reset as freed', () => {
    const { budget, store, heap } = setup(10 * MB, 80 * MB);
    budget.sample();
    heap.collect(store.bytes); // the collection sees the 80 MB store...
    store.bytes = 0; // ...a reset runs before the budget hears of the collection
    budget.sample();
    expect(budget.held).toBe(10 * MB);
  });

  it('matches a collection older than every sample kept with the oldest: a reset heard of after it still counts as freed', () => {
    const { budget, store, heap } = setup(10 * MB, 80 * MB);
    const collectedAt = monotonicMs();
    for (let i = 0; i < 6; i++) budget.sample(); // samples of the 80 MB store, all after the collection
    store.bytes = 0; // a reset...
    budget.sample();
    heap.collect(80 * MB, collectedAt); // ...and only now the budget hears of the collection, which saw 80 MB
    budget.sample();
    expect(budget.held).toBe(10 * MB);
  });

  it('before any full collection, counts what a reset freed off the heap in use, so the refusal lifts at once', () => {
    const heap = fakeHeap({ other: 0 });
    const store = { bytes: 80 * MB };
    heap.usedNow = 110 * MB; // garbage and all: V8 has not collected yet
    const budget = new MemoryBudget(
      100 * MB,
      heap.source,
      () => store.bytes,
      () => undefined,
    );
    expect(budget.admits()).toBe(false);
    store.bytes = 1 * MB; // a reset
    budget.sample();
    expect(budget.held).toBe(31 * MB);
    expect(budget.admits()).toBe(true);
  });

  it('asks only a counter between readings while there is room', () => {
    const { budget, heap } = setup(10 * MB);
    const used = jest.spyOn(heap.source, 'lastFullGc');
    for (let i = 0; i < 640; i++) budget.admits();
    expect(used).toHaveBeenCalledTimes(10);
  });
});

describe('refusalMessage', () => {
  it('names what is held, the budget and every way out', () => {
    const message = refusalMessage(420 * MB, 400 * MB);
    expect(message).toContain('holds 420 MB of its 400 MB budget');
    for (const way of ['/_mock/workspaces/{id}/reset', 'POST /_mock/reset', 'DELETE /_mock/workspaces/{id}', '--max-memory', '--state'])
      expect(message).toContain(way);
  });
});
