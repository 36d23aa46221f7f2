describe('nodeHeapSource', () => {
  it('loads node:v8 at its first reading, and node:perf_hooks to follow full collections only after 250 ms, off the start-up path', () => {
    jest.useFakeTimers();
    // The built-ins the heap source asks for, recorded; each is still the real one.
    const loaded: string[] = [];
    jest.doMock('../../../src/runtime/platform', () => {
      const actual = jest.requireActual('../../../src/runtime/platform');
      return { ...actual, nodeBuiltin: (name: string) => (loaded.push(name), actual.nodeBuiltin(name)) };
    });
    try {
      const { nodeHeapSource } = jest.requireActual<typeof import('../../../src/memory/heap-source')>('../../../src/memory/heap-source');
      const heap = nodeHeapSource();
      expect(loaded).toEqual([]);
      expect(heap.used()).toBeGreaterThan(0);
      expect(heap.limit()).toBeGreaterThan(heap.used());
      expect(loaded).toEqual(['node:v8']);
      jest.advanceTimersByTime(249);
      expect(loaded).toEqual(['node:v8']);
      jest.advanceTimersByTime(1);
      expect(loaded).toEqual(['node:v8', 'node:perf_hooks']);
      // One observer a process: another source does not start another.
      nodeHeapSource();
      jest.advanceTimersByTime(1000);
      expect(loaded.filter((name) => name === 'node:perf_hooks')).toHaveLength(1);
    } finally {
      jest.dontMock('../../../src/runtime/platform');
      jest.useRealTimers();
    }
  });

  it('leaves no timer behind when the last instance reading it closes before the observer starts', () => {
    jest.useFakeTimers();
    const loaded: string[] = [];
    jest.resetModules();
    jest.doMock('../../../src/runtime/platform', () => {
      const actual = jest.requireActual('../../../src/runtime/platform');
      return { ...actual, nodeBuiltin: (name: string) => (loaded.push(name), actual.nodeBuiltin(name)) };
    });
    try {
      const { nodeHeapSource } = jest.requireActual<typeof import('../../../src/memory/heap-source')>('../../../src/memory/heap-source');
      const [first, second] = [nodeHeapSource(), nodeHeapSource()];
      first.release?.();
      first.release?.();
      expect(jest.getTimerCount()).toBe(1);
      second.release?.();
      expect(jest.getTimerCount()).toBe(0);
      jest.advanceTimersByTime(1000);
      expect(loaded).not.toContain('node:perf_hooks');
      // The next instance waits again, then starts it.
      nodeHeapSource();
      jest.advanceTimersByTime(250);
      expect(loaded).toContain('node:perf_hooks');
    } finally {
      jest.dontMock('../../../src/runtime/platform');
      jest.useRealTimers();
    }
  });
});
