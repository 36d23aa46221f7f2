import { ChunkedArray } from './chunked-array';

/**
 * Items ordered by (created, seq), where seq is a store-wide counter that orders items created in the same
 * second. Lists page newest first in O(log n + limit): a cursor is found by binary search on its position,
 * never by scanning. Appends (the usual case: the clock only moves forward) are O(1); an item created "in the
 * past" (fixtures, a clock moved back) is spliced into place.
 */
export interface Position {
  created: number;
  seq: number;
}

export interface PageQuery {
  limit: number;
  /** Position of the cursor object: the page holds items strictly older than it. */
  startingAfter?: Position;
  /** Position of the cursor object: the page holds items strictly newer than it. */
  endingBefore?: Position;
  /** Inclusive bounds on `created`. */
  createdMin?: number;
  createdMax?: number;
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
}

/** How many items a snapshot copies before it lets requests run. */
const SNAPSHOT_STEP = 10_000;

export class Timeline<T extends Position> {
  /** In chunks, so a timeline of millions grows without leaving copies of itself behind (see ChunkedArray). */
  private readonly items = new ChunkedArray<T>();
  /** Counts inserts before the end (rare: an item created "in the past"), which move items a snapshot may have passed. */
  private insertsInPlace = 0;
  /** How many items have been dropped from the front, ever: a snapshot in steps follows them. */
  private droppedTotal = 0;
  /**
   * Whether the items are in `seq` order too, so `findSeq` can search by it: true while every item came last with a
   * higher seq than the one before (the usual case; an item created "in the past" ends it for good).
   */
  private inSeqOrder = true;

  get size(): number {
    return this.items.length;
  }

  get seqOrdered(): boolean {
    return this.inSeqOrder;
  }

  insert(item: T): void {
    const last = this.items.at(this.items.length - 1);
    if (!last || compare(last, item) < 0) {
      if (last && last.seq >= item.seq) this.inSeqOrder = false;
      this.items.push(item);
    } else {
      this.items.insertAt(this.firstAfter(item), item);
      this.insertsInPlace++;
      this.inSeqOrder = false;
    }
  }

  /** The item with this seq, by binary search: only while `seqOrdered`. */
  findSeq(seq: number): T | undefined {
    const item = this.items.at(this.items.partitionPoint((candidate) => candidate.seq < seq));
    return item?.seq === seq ? item : undefined;
  }

  /** Newest first. */
  page(query: PageQuery): Page<T> {
    const { lo, hi } = this.bounds(query);
    if (query.endingBefore) {
      // The page nearest the cursor on its newer side, still shown newest first.
      const end = Math.min(hi, lo + query.limit);
      return { data: this.collect(end, lo), has_more: end < hi };
    }
    const start = Math.max(lo, hi - query.limit);
    return { data: this.collect(hi, start), has_more: start > lo };
  }

  /**
   * A page of the items that `keep` accepts, newest first: a scan from the cursor (or the newest item) that stops
   * at the first `limit + 1` matches, so its cost is O(log n + limit + the items skipped on the way).
   */
  pageWhere(query: PageQuery, keep: (item: T) => boolean): Page<T> {
    const { lo, hi } = this.bounds(query);
    const found: T[] = [];
    if (query.endingBefore) {
      for (let i = lo; i < hi && found.length <= query.limit; i++) {
        const item = this.items.at(i) as T;
        if (keep(item)) found.push(item);
      }
      const has_more = found.length > query.limit;
      return { data: found.slice(0, query.limit).reverse(), has_more };
    }
    for (let i = hi - 1; i >= lo && found.length <= query.limit; i--) {
      const item = this.items.at(i) as T;
      if (keep(item)) found.push(item);
    }
    const has_more = found.length > query.limit;
    if (has_more) found.pop();
    return { data: found, has_more };
  }

  /** The index range [lo, hi) a query may show: its created bounds and its cursor. */
  private bounds(query: PageQuery): { lo: number; hi: number } {
    let lo = query.createdMin === undefined ? 0 : this.firstAfter({ created: query.createdMin, seq: -Infinity });
    let hi = query.createdMax === undefined ? this.items.length : this.firstAfter({ created: query.createdMax, seq: Infinity });
    if (query.startingAfter) hi = Math.min(hi, this.firstAfter({ ...query.startingAfter, seq: query.startingAfter.seq - 0.5 }));
    if (query.endingBefore) lo = Math.max(lo, this.firstAfter(query.endingBefore));
    return { lo, hi };
  }

  /** Removes one item (found by its position, then by identity among equals). */
  remove(item: T): void {
    const at = this.indexOf(item);
    if (at !== -1) this.items.removeAt(at);
  }

  /** Puts `newer` where `older` is: a new version of an item, in the same place in the order (same `created` and `seq`). */
  swap(older: T, newer: T): void {
    const at = this.indexOf(older);
    if (at !== -1) this.items.set(at, newer);
  }

  /** Where an item is (found by its position, then by identity among equals), or -1. */
  private indexOf(item: T): number {
    for (let i = this.firstAfter({ created: item.created, seq: item.seq - 0.5 }); i < this.items.length; i++) {
      const at = this.items.at(i) as T;
      if (at === item) return i;
      if (compare(at, item) > 0) return -1;
    }
    return -1;
  }

  /** Removes every item created at or before `created`; returns them (oldest first). */
  dropThrough(created: number): T[] {
    const count = this.firstAfter({ created, seq: Infinity });
    this.droppedTotal += count;
    return count === 0 ? [] : this.items.dropFront(count);
  }

  oldest(): T | undefined {
    return this.items.at(0);
  }

  /** The item `back` places before the newest (0: the newest itself), if there is one. */
  fromNewest(back: number): T | undefined {
    return this.items.at(this.items.length - 1 - back);
  }

  /** Oldest first. */
  values(): IterableIterator<T> {
    return this.items.values();
  }

  /**
   * Oldest first, `read` of each item, copied a step at a time: the generator pauses every 10,000 items so a
   * caller can let requests run (one copy of a million items would hold them up for hundreds of ms). What is
   * there when it starts is copied; items added at the end later are not; items dropped from the front meanwhile
   * (expired) are left out; an insert before the end starts the copy again.
   */
  *snapshotInSteps<U>(read: (item: T) => U): Generator<void, U[]> {
    for (;;) {
      const inserts = this.insertsInPlace;
      const dropped = this.droppedTotal;
      const end = this.items.length;
      // Sized once: an array grown by push leaves a trail of ever larger copies (tens of MB for millions of
      // items) as garbage for a major GC, and a large young array makes every minor GC meanwhile longer.
      const out = new Array<U>(end);
      let count = 0;
      let restart = false;
      for (let next = 0; next < end && !restart;) {
        // Items dropped since the start shift every index down.
        const shift = this.droppedTotal - dropped;
        const stop = Math.min(end, next + SNAPSHOT_STEP);
        for (let i = Math.max(next, shift); i < stop; i++) out[count++] = read(this.items.at(i - shift) as T);
        next = stop;
        if (next < end) {
          yield;
          restart = this.insertsInPlace !== inserts;
        }
      }
      if (!restart) {
        // Items dropped meanwhile were not copied.
        out.length = count;
        return out;
      }
    }
  }

  /** Items from index `from` (exclusive) down to `to` (inclusive), newest first. */
  private collect(from: number, to: number): T[] {
    const out: T[] = [];
    for (let i = from - 1; i >= to; i--) out.push(this.items.at(i) as T);
    return out;
  }

  /** Index of the first item ordered after `key`. */
  private firstAfter(key: Position): number {
    return this.items.partitionPoint((item) => compare(item, key) <= 0);
  }
}

function compare(a: Position, b: Position): number {
  return a.created - b.created || a.seq - b.seq;
}
