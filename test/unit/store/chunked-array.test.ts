import fc from 'fast-check';
import { ChunkedArray } from '../../../src/store/chunked-array';

type Op =
  | { kind: 'push'; value: number }
  | { kind: 'insertAt'; at: number; value: number }
  | { kind: 'removeAt'; at: number }
  | { kind: 'set'; at: number; value: number }
  | { kind: 'dropFront'; count: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('push' as const), value: fc.integer() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('insertAt' as const), at: fc.nat(), value: fc.integer() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeAt' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.integer() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropFront' as const), count: fc.nat(12) }) },
);

/** Applies `o` to both, with indexes taken modulo the model's length; returns what dropFront returned, if it ran. */
function apply(list: ChunkedArray<number>, model: number[], o: Op): void {
  const size = model.length;
  switch (o.kind) {
    case 'push':
      list.push(o.value);
      model.push(o.value);
      return;
    case 'insertAt':
      list.insertAt(o.at % (size + 1), o.value);
      model.splice(o.at % (size + 1), 0, o.value);
      return;
    case 'removeAt':
      if (size === 0) return;
      list.removeAt(o.at % size);
      model.splice(o.at % size, 1);
      return;
    case 'set':
      if (size === 0) return;
      list.set(o.at % size, o.value);
      model[o.at % size] = o.value;
      return;
    case 'dropFront':
      expect(list.dropFront(o.count)).toEqual(model.splice(0, o.count));
  }
}

describe('ChunkedArray', () => {
  it('holds what an array holds after any run of pushes, inserts, removals, writes and drops from the front', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.array(op, { maxLength: 80 }), (chunkBits, ops) => {
        const list = new ChunkedArray<number>(chunkBits);
        const model: number[] = [];
        for (const o of ops) {
          apply(list, model, o);
          expect(list.length).toBe(model.length);
        }
        expect([...list.values()]).toEqual(model);
        expect(model.map((_, i) => list.at(i))).toEqual(model);
        expect(list.at(-1)).toBeUndefined();
        expect(list.at(model.length)).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('finds where a sorted run ends as a search of an array would, after pushes, sorted inserts, removals and drops', () => {
    const sortedOp = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), step: fc.nat(3) }),
      fc.record({ kind: fc.constant('insert' as const), value: fc.integer({ min: -5, max: 200 }) }),
      fc.record({ kind: fc.constant('removeAt' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('dropFront' as const), count: fc.nat(9) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(sortedOp, { maxLength: 60 }),
        fc.array(fc.integer({ min: -10, max: 210 }), { maxLength: 8 }),
        (chunkBits, ops, keys) => {
          const list = new ChunkedArray<number>(chunkBits);
          const model: number[] = [];
          const pointOf = (key: number) => model.filter((value) => value < key).length;
          for (const o of ops) {
            if (o.kind === 'push') {
              const value = (model[model.length - 1] ?? 0) + o.step;
              list.push(value);
              model.push(value);
            } else if (o.kind === 'insert') {
              list.insertAt(pointOf(o.value), o.value);
              model.splice(pointOf(o.value), 0, o.value);
            } else if (o.kind === 'removeAt' && model.length > 0) {
              list.removeAt(o.at % model.length);
              model.splice(o.at % model.length, 1);
            } else if (o.kind === 'dropFront') {
              list.dropFront(o.count);
              model.splice(0, o.count);
            }
            for (const key of keys) expect(list.partitionPoint((value) => value < key)).toBe(pointOf(key));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps no chunk it no longer needs: dropped from the front, removed from the end', () => {
    const list = new ChunkedArray<number>(2);
    for (let i = 0; i < 20; i++) list.push(i);
    const chunks = () => (list as unknown as { chunks: unknown[] }).chunks.length;
    expect(chunks()).toBe(5);
    expect(list.dropFront(9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(chunks()).toBe(3);
    for (let i = 0; i < 6; i++) list.removeAt(list.length - 1);
    expect([...list.values()]).toEqual([9, 10, 11, 12, 13]);
    expect(chunks()).toBe(2);
    list.dropFront(5);
    expect(chunks()).toBe(0);
    list.push(42);
    expect([...list.values()]).toEqual([42]);
  });

  it('grows its last chunk as an array grows, so a short list is as small as an array of it', () => {
    const list = new ChunkedArray<number>(3);
    const lengths = () => (list as unknown as { chunks: unknown[][] }).chunks.map((chunk) => chunk.length);
    list.push(0);
    expect(lengths()).toEqual([1]);
    for (let i = 1; i < 9; i++) list.push(i);
    expect(lengths()).toEqual([8, 1]);
  });
});
