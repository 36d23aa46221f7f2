/**
 * Objects ordered by (created, insertion sequence), with an id index. Lists page newest first in O(log n + limit):
 * a cursor is found by binary search on its position, never by scanning. Appends (the usual case: the clock only
 * moves forward) are O(1); an object created "in the past" (fixtures, a clock moved back) is spliced into place.
 */
export interface Timed {
  id: string;
  created: number;
}

/** An object's place in the order; the same small record serves the id index, so each object costs one. */
export interface Slot<T> {
  created: number;
  seq: number;
  item: T;
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

export interface Position {
  created: number;
  seq: number;
}

export class Timeline<T extends Timed> {
  private readonly slots: Array<Slot<T>> = [];

  get size(): number {
    return this.slots.length;
  }

  insert(item: T, seq: number): Slot<T> {
    const slot = { created: item.created, seq, item };
    this.insertSlot(slot);
    return slot;
  }

  insertSlot(slot: Slot<T>): void {
    const last = this.slots[this.slots.length - 1];
    if (!last || compare(last, slot) < 0) this.slots.push(slot);
    else this.slots.splice(this.firstAfter(slot), 0, slot);
  }

  /** Newest first. */
  page(query: PageQuery): Page<T> {
    let lo = query.createdMin === undefined ? 0 : this.firstAfter({ created: query.createdMin, seq: -Infinity });
    let hi = query.createdMax === undefined ? this.slots.length : this.firstAfter({ created: query.createdMax, seq: Infinity });
    if (query.startingAfter) hi = Math.min(hi, this.firstAfter({ ...query.startingAfter, seq: query.startingAfter.seq - 0.5 }));
    if (query.endingBefore) {
      // The page nearest the cursor on its newer side, still shown newest first.
      lo = Math.max(lo, this.firstAfter(query.endingBefore));
      const end = Math.min(hi, lo + query.limit);
      return { data: this.collect(end, lo), has_more: end < hi };
    }
    const start = Math.max(lo, hi - query.limit);
    return { data: this.collect(hi, start), has_more: start > lo };
  }

  /** Removes every item created at or before `created`; returns them (oldest first). */
  dropThrough(created: number): T[] {
    const count = this.firstAfter({ created, seq: Infinity });
    if (count === 0) return [];
    return this.slots.splice(0, count).map((slot) => slot.item);
  }

  /** Removes one item (O(n); only for rare deletions such as a dropped workspace). */
  remove(position: Position): void {
    const index = this.firstAfter({ ...position, seq: position.seq - 0.5 });
    if (this.slots[index]?.seq === position.seq) this.slots.splice(index, 1);
  }

  oldest(): T | undefined {
    return this.slots[0]?.item;
  }

  *values(): IterableIterator<T> {
    for (const slot of this.slots) yield slot.item;
  }

  /** Items from index `from` (exclusive) down to `to` (inclusive), newest first. */
  private collect(from: number, to: number): T[] {
    const out: T[] = [];
    for (let i = from - 1; i >= to; i--) out.push((this.slots[i] as Slot<T>).item);
    return out;
  }

  /** Index of the first slot ordered after `key`. */
  private firstAfter(key: Position): number {
    let lo = 0;
    let hi = this.slots.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.slots[mid] as Slot<T>, key) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function compare(a: Position, b: Position): number {
  return a.created - b.created || a.seq - b.seq;
}
