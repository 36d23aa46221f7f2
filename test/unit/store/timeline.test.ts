import { Collection } from '../../../src/store/collection';
import { PageQuery, Timeline } from '../../../src/store/timeline';

interface Item {
  id: string;
  created: number;
  seq: number;
}

/** A timeline of `count` items, one a second from t=1, inserted in order with seq = their number. */
function timelineOf(count: number): Timeline<Item> {
  const timeline = new Timeline<Item>();
  for (let n = 1; n <= count; n++) timeline.insert({ id: `i${n}`, created: n, seq: n });
  return timeline;
}

const ids = (items: Item[]) => items.map((item) => item.id);
const at = (n: number) => ({ created: n, seq: n });

describe('Timeline.page', () => {
  it.each<[string, PageQuery, string[], boolean]>([
    ['the first page is the newest `limit` items, newest first', { limit: 3 }, ['i10', 'i9', 'i8'], true],
    ['a limit covering everything has no more', { limit: 10 }, ['i10', 'i9', 'i8', 'i7', 'i6', 'i5', 'i4', 'i3', 'i2', 'i1'], false],
    ['a limit above the size returns everything without more', { limit: 50 }, ['i10', 'i9', 'i8', 'i7', 'i6', 'i5', 'i4', 'i3', 'i2', 'i1'], false],
    ['starting_after holds items strictly older than the cursor', { limit: 3, startingAfter: at(8) }, ['i7', 'i6', 'i5'], true],
    ['starting_after near the oldest end has no more', { limit: 3, startingAfter: at(3) }, ['i2', 'i1'], false],
    ['starting_after exactly `limit` from the end has no more', { limit: 3, startingAfter: at(4) }, ['i3', 'i2', 'i1'], false],
    ['starting_after the oldest item is an empty page', { limit: 3, startingAfter: at(1) }, [], false],
    ['ending_before holds the items nearest the cursor on its newer side', { limit: 3, endingBefore: at(3) }, ['i6', 'i5', 'i4'], true],
    ['ending_before near the newest end has no more', { limit: 3, endingBefore: at(8) }, ['i10', 'i9'], false],
    ['ending_before exactly `limit` from the newest end has no more', { limit: 3, endingBefore: at(7) }, ['i10', 'i9', 'i8'], false],
    ['ending_before the newest item is an empty page', { limit: 3, endingBefore: at(10) }, [], false],
    ['createdMin is an inclusive lower bound', { limit: 10, createdMin: 8 }, ['i10', 'i9', 'i8'], false],
    ['createdMax is an inclusive upper bound', { limit: 2, createdMax: 3 }, ['i3', 'i2'], true],
    ['both bounds select a window', { limit: 10, createdMin: 4, createdMax: 6 }, ['i6', 'i5', 'i4'], false],
    ['has_more respects createdMin: nothing older inside the window', { limit: 3, createdMin: 5, startingAfter: at(8) }, ['i7', 'i6', 'i5'], false],
    ['has_more respects createdMax with ending_before', { limit: 2, createdMax: 6, endingBefore: at(4) }, ['i6', 'i5'], false],
    ['a cursor outside the created window gives an empty page', { limit: 3, createdMin: 8, startingAfter: at(5) }, [], false],
    ['an empty window gives an empty page', { limit: 3, createdMin: 20 }, [], false],
  ])('%s', (_rule, query, expected, hasMore) => {
    const page = timelineOf(10).page(query);
    expect(ids(page.data)).toEqual(expected);
    expect(page.has_more).toBe(hasMore);
  });

  it('walks forward with starting_after through every item once, then backward with ending_before', () => {
    const timeline = timelineOf(25);
    const seen: string[] = [];
    let page = timeline.page({ limit: 7 });
    seen.push(...ids(page.data));
    while (page.has_more) {
      const last = page.data[page.data.length - 1] as Item;
      page = timeline.page({ limit: 7, startingAfter: at(last.created) });
      seen.push(...ids(page.data));
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `i${25 - i}`));

    const back: string[] = [];
    page = timeline.page({ limit: 7, endingBefore: at(1) });
    back.unshift(...ids(page.data));
    while (page.has_more) {
      const first = page.data[0] as Item;
      page = timeline.page({ limit: 7, endingBefore: at(first.created) });
      back.unshift(...ids(page.data));
    }
    expect(back).toEqual(Array.from({ length: 24 }, (_, i) => `i${25 - i}`));
  });

  it('orders items created in the same second by sequence, the later first', () => {
    const timeline = new Timeline<Item>();
    timeline.insert({ id: 'a', created: 100, seq: 1 });
    timeline.insert({ id: 'b', created: 100, seq: 2 });
    timeline.insert({ id: 'c', created: 100, seq: 3 });
    expect(ids(timeline.page({ limit: 10 }).data)).toEqual(['c', 'b', 'a']);
    expect(ids(timeline.page({ limit: 10, startingAfter: { created: 100, seq: 3 } }).data)).toEqual(['b', 'a']);
    expect(ids(timeline.page({ limit: 10, endingBefore: { created: 100, seq: 1 } }).data)).toEqual(['c', 'b']);
  });

  it('splices an item created in the past into its place', () => {
    const timeline = new Timeline<Item>();
    timeline.insert({ id: 'late', created: 300, seq: 1 });
    timeline.insert({ id: 'early', created: 100, seq: 2 });
    timeline.insert({ id: 'middle', created: 200, seq: 3 });
    timeline.insert({ id: 'late-too', created: 300, seq: 4 });
    timeline.insert({ id: 'first-of-300', created: 300, seq: 0 });
    expect(ids(timeline.page({ limit: 10 }).data)).toEqual(['late-too', 'late', 'first-of-300', 'middle', 'early']);
    expect(ids([...timeline.values()])).toEqual(['early', 'middle', 'first-of-300', 'late', 'late-too']);
    expect(timeline.oldest()?.id).toBe('early');
    expect(timeline.size).toBe(5);
  });
});

describe('Timeline.dropThrough', () => {
  it('removes every item created at or before the bound, oldest first, and keeps the rest', () => {
    const timeline = timelineOf(10);
    expect(ids(timeline.dropThrough(4))).toEqual(['i1', 'i2', 'i3', 'i4']);
    expect(timeline.size).toBe(6);
    expect(timeline.oldest()?.id).toBe('i5');
    expect(ids(timeline.page({ limit: 100 }).data)).toEqual(['i10', 'i9', 'i8', 'i7', 'i6', 'i5']);
  });

  it('removes all items of the bound second, whatever their sequence', () => {
    const timeline = new Timeline<Item>();
    timeline.insert({ id: 'a', created: 5, seq: 1 });
    timeline.insert({ id: 'b', created: 5, seq: 2 });
    timeline.insert({ id: 'c', created: 6, seq: 3 });
    expect(ids(timeline.dropThrough(5))).toEqual(['a', 'b']);
    expect(ids([...timeline.values()])).toEqual(['c']);
  });

  it.each([
    ['a bound before the oldest item drops nothing', 0, 10],
    ['a bound after the newest item drops everything', 11, 0],
  ])('%s', (_rule, bound, left) => {
    const timeline = timelineOf(10);
    timeline.dropThrough(bound);
    expect(timeline.size).toBe(left);
  });
});

describe('Timeline.pageWhere (a filtered page: a scan from the cursor that stops at limit + 1 matches)', () => {
  const even = (item: Item) => Number(item.id.slice(1)) % 2 === 0;
  it.each<[string, PageQuery, string[], boolean]>([
    ['the newest `limit` matches, newest first', { limit: 2 }, ['i10', 'i8'], true],
    ['every match when the limit covers them', { limit: 5 }, ['i10', 'i8', 'i6', 'i4', 'i2'], false],
    ['starting_after: matches strictly older than the cursor', { limit: 2, startingAfter: at(8) }, ['i6', 'i4'], true],
    ['starting_after a non-matching cursor works the same', { limit: 3, startingAfter: at(7) }, ['i6', 'i4', 'i2'], false],
    ['ending_before: the matches nearest the cursor on its newer side, newest first', { limit: 2, endingBefore: at(3) }, ['i6', 'i4'], true],
    ['ending_before near the newest end has no more', { limit: 2, endingBefore: at(7) }, ['i10', 'i8'], false],
    ['created bounds narrow the scan', { limit: 10, createdMin: 3, createdMax: 7 }, ['i6', 'i4'], false],
    ['no match is an empty page', { limit: 3, createdMin: 9, createdMax: 9 }, [], false],
  ])('%s', (_rule, query, expected, hasMore) => {
    const page = timelineOf(10).pageWhere(query, even);
    expect(ids(page.data)).toEqual(expected);
    expect(page.has_more).toBe(hasMore);
  });

  it('looks at no more items than it needs: limit + 1 matches, and what it skips on the way', () => {
    let looked = 0;
    timelineOf(1000).pageWhere({ limit: 3 }, (item) => {
      looked++;
      return even(item);
    });
    expect(looked).toBe(7); // i1000, i999, …, i994: four matches (limit + 1) and three skipped
  });
});

describe('Collection indexes (payments by customer and status)', () => {
  interface Row {
    id: string;
    created: number;
    status: string;
    customer: string | null;
  }
  const rowIds = (rows: Row[]) => rows.map((row) => row.id);
  const make = () => new Collection<Row>(undefined, { status: ({ item }) => item.status, customer: ({ item }) => item.customer });

  it('pages the objects of one value newest first, and a changed value moves an object between indexes', () => {
    const rows = make();
    for (let n = 1; n <= 6; n++) rows.add({ id: `r${n}`, created: n, status: 'pending', customer: n % 2 ? 'odd' : null }, n);
    rows.replace({ id: 'r2', created: 2, status: 'done', customer: null });
    rows.replace({ id: 'r5', created: 5, status: 'done', customer: 'odd' });
    expect(rowIds(rows.pageBy('status', 'done', { limit: 10 }).data)).toEqual(['r5', 'r2']);
    expect(rowIds(rows.pageBy('status', 'pending', { limit: 2 }).data)).toEqual(['r6', 'r4']);
    expect(rows.pageBy('status', 'pending', { limit: 2 }).has_more).toBe(true);
    expect(rowIds(rows.pageBy('customer', 'odd', { limit: 10, startingAfter: rows.position('r5') }).data)).toEqual(['r3', 'r1']);
    expect(rowIds(rows.pageBy('customer', 'odd', { limit: 10 }, ({ item }) => item.status === 'done').data)).toEqual(['r5']);
    // The index shows the current version of each object.
    expect(rows.pageBy('customer', 'odd', { limit: 1 }).data[0]).toMatchObject({ id: 'r5', status: 'done' });
  });

  it('forgets removed objects and values nobody has any more', () => {
    const rows = make();
    rows.add({ id: 'r1', created: 1, status: 'pending', customer: 'c' }, 1);
    rows.remove('r1');
    expect(rows.pageBy('customer', 'c', { limit: 10 })).toEqual({ data: [], has_more: false });
    expect(rows.pageBy('status', 'unknown', { limit: 10 })).toEqual({ data: [], has_more: false });
  });
});

describe('Timeline.snapshotInSteps', () => {
  /** Runs a snapshot to its end, calling `between` at each pause (where requests would run). */
  function take(timeline: Timeline<Item>, between: (pause: number) => void = () => undefined): Item[] {
    const steps = timeline.snapshotInSteps((item) => item);
    for (let pause = 0; ; pause++) {
      const step = steps.next();
      if (step.done) return step.value;
      between(pause);
    }
  }

  it('copies every item, oldest first, pausing every 10,000 items', () => {
    let pauses = 0;
    const items = take(timelineOf(25_000), () => pauses++);
    expect(items).toHaveLength(25_000);
    expect(items[0]!.id).toBe('i1');
    expect(items[24_999]!.id).toBe('i25000');
    expect(pauses).toBe(2);
  });

  it('leaves out items added at the end meanwhile', () => {
    const timeline = timelineOf(15_000);
    const items = take(timeline, () => timeline.insert({ id: 'new', created: 20_000, seq: 20_000 }));
    expect(items).toHaveLength(15_000);
    expect(items.some((item) => item.id === 'new')).toBe(false);
  });

  it('leaves out items dropped from the front meanwhile, without holes', () => {
    const timeline = timelineOf(25_000);
    const items = take(timeline, (pause) => void (pause === 0 && timeline.dropThrough(12_000)));
    expect(items).toHaveLength(23_000);
    expect(items.every((item) => item !== undefined)).toBe(true);
    expect(ids(items.slice(9_999, 10_001))).toEqual(['i10000', 'i12001']);
    expect(items[22_999]!.id).toBe('i25000');
  });

  it('starts again when an item is inserted before the end meanwhile, and then includes it', () => {
    const timeline = timelineOf(15_000);
    const items = take(timeline, (pause) => void (pause === 0 && timeline.insert({ id: 'early', created: 5, seq: 0 })));
    expect(items).toHaveLength(15_001);
    expect(ids(items.slice(3, 6))).toEqual(['i4', 'early', 'i5']);
  });
});
