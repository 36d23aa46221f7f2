import { Page, PageQuery, Position, Timeline } from './timeline';

export interface Timed {
  id: string;
  created: number;
}

/**
 * How a collection keeps its objects. A record is one immutable version with its place in the order; a change
 * stores a new record in the same place. Most kinds keep the served object itself in a small wrapper
 * (`plainCodec`); payments keep compact records (payment-record.ts).
 */
export interface Codec<T, R extends Position> {
  /** The record of `item` at `seq`; `previous` is the version it replaces, if any. */
  encode(item: T, seq: number, previous?: R): R;
  decode(record: R): T;
  /** What an id is filed under (for payments: the number it was made from, when it was). */
  keyOf(id: string): string | number;
  keyOfRecord(record: R): string | number;
}

/** The record of a kind kept as its served object. */
export interface Wrapped<T> extends Position {
  readonly item: T;
}

/** Keeps the served object itself (frozen in a wrapper holding its place): customers, refunds, payment methods, endpoints. */
export function plainCodec<T extends Timed>(): Codec<T, Wrapped<T>> {
  return {
    encode: (item, seq) => ({ created: item.created, seq, item }),
    decode: (record) => record.item,
    keyOf: (id) => id,
    keyOfRecord: (record) => record.item.id,
  };
}

/** A field to list by: the value a record is filed under (null: not filed). */
export type IndexKey<R> = (record: R) => string | null;

interface Index<R extends Position> {
  key: IndexKey<R>;
  /** One timeline per value, holding the same records as the main one. */
  byValue: Map<string, Timeline<R>>;
}

/**
 * Objects of one kind in one account and mode: found by id in O(1), paged newest first in O(limit). Optional
 * indexes (by customer, by status) page the objects with one value of a field in O(log n + limit) too. What it
 * hands out are served objects (`decode`); what it keeps are records (`Codec`).
 */
export class Collection<T extends Timed, R extends Position = Wrapped<T>> {
  /**
   * Records whose id is the number of their place (`seq`: a payment made here), in the order they were added,
   * which is numbered order: found by binary search, 8 bytes a record instead of a map entry's 40. The rest
   * (ids of their own, or loaded out of order) are in `byId`.
   */
  private readonly numbered: R[] = [];
  private readonly byId = new Map<string | number, R>();
  private readonly timeline = new Timeline<R>();
  private readonly indexes = new Map<string, Index<R>>();

  constructor(
    private readonly codec: Codec<T, R> = plainCodec<T>() as unknown as Codec<T, R>,
    indexes: Record<string, IndexKey<R>> = {},
  ) {
    for (const [name, key] of Object.entries(indexes)) this.indexes.set(name, { key, byValue: new Map() });
  }

  get size(): number {
    return this.timeline.size;
  }

  /** Stores a new object; returns its record (what an event about it holds). */
  add(item: T, seq: number): R {
    const record = this.codec.encode(item, seq);
    this.timeline.insert(record);
    const key = this.codec.keyOfRecord(record);
    const last = this.numbered[this.numbered.length - 1];
    if (key === seq && (last === undefined || last.seq < seq)) this.numbered.push(record);
    else this.byId.set(key, record);
    for (const index of this.indexes.values()) file(index, index.key(record), record);
    return record;
  }

  /**
   * Stores a new version of a stored object in the same place in the order (its index entries follow it);
   * returns the record it replaced and the new one.
   */
  replace(item: T): { older: R; newer: R } {
    const key = this.codec.keyOf(item.id);
    const at = this.numberedAt(key);
    const older = at === -1 ? this.byId.get(key) : this.numbered[at];
    if (!older) throw new Error(`replace: no ${item.id} in this collection`);
    const newer = this.codec.encode(item, older.seq, older);
    this.timeline.swap(older, newer);
    if (at === -1) this.byId.set(key, newer);
    else this.numbered[at] = newer;
    for (const index of this.indexes.values()) {
      const before = index.key(older);
      const after = index.key(newer);
      if (before === after) {
        if (before !== null) index.byValue.get(before)?.swap(older, newer);
        continue;
      }
      unfile(index, before, older);
      file(index, after, newer);
    }
    return { older, newer };
  }

  /** Forgets an object; returns whether it was there. */
  remove(id: string): boolean {
    const key = this.codec.keyOf(id);
    const at = this.numberedAt(key);
    const record = at === -1 ? this.byId.get(key) : this.numbered[at];
    if (!record) return false;
    if (at === -1) this.byId.delete(key);
    else this.numbered.splice(at, 1);
    this.timeline.remove(record);
    for (const index of this.indexes.values()) unfile(index, index.key(record), record);
    return true;
  }

  /**
   * The objects filed under `value` in index `name`, newest first, in O(log n + limit); `keep` narrows them further
   * by a scan of that index (see Timeline.pageWhere).
   */
  pageBy(name: string, value: string, query: PageQuery, keep?: (record: R) => boolean): Page<T> {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`pageBy: no index ${name}`);
    const timeline = index.byValue.get(value);
    if (!timeline) return { data: [], has_more: false };
    return this.served(keep ? timeline.pageWhere(query, keep) : timeline.page(query));
  }

  get(id: string): T | undefined {
    const record = this.record(id);
    return record && this.codec.decode(record);
  }

  /** The record of an object's current version: where it sits in the order (cursors), and what an event holds. */
  record(id: string): R | undefined {
    const key = this.codec.keyOf(id);
    const at = this.numberedAt(key);
    return at === -1 ? this.byId.get(key) : this.numbered[at];
  }

  /** Where the record numbered `key` is in `numbered`, or -1 (not a number, or not there). */
  private numberedAt(key: string | number): number {
    if (typeof key !== 'number') return -1;
    let lo = 0;
    let hi = this.numbered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const seq = (this.numbered[mid] as R).seq;
      if (seq === key) return mid;
      if (seq < key) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  /** Where an object sits in the order, for cursors. */
  position(id: string): Position | undefined {
    return this.record(id);
  }

  page(query: PageQuery): Page<T> {
    return this.served(this.timeline.page(query));
  }

  /**
   * Oldest first, the records current when each was copied, taken in steps (see Timeline): records are
   * immutable, so this is a snapshot. `decode` gives each one's object.
   */
  snapshot(): Generator<void, R[]> {
    return this.timeline.snapshotInSteps(same) as Generator<void, R[]>;
  }

  /** The object a record stands for. */
  decode(record: R): T {
    return this.codec.decode(record);
  }

  /** Oldest first. */
  *values(): IterableIterator<T> {
    for (const record of this.timeline.values()) yield this.codec.decode(record);
  }

  private served(page: Page<R>): Page<T> {
    return { data: page.data.map((record) => this.codec.decode(record)), has_more: page.has_more };
  }
}

const same = <R>(record: R): R => record;

function file<R extends Position>(index: Index<R>, value: string | null, record: R): void {
  if (value === null) return;
  let timeline = index.byValue.get(value);
  if (!timeline) index.byValue.set(value, (timeline = new Timeline<R>()));
  timeline.insert(record);
}

function unfile<R extends Position>(index: Index<R>, value: string | null, record: R): void {
  if (value === null) return;
  const timeline = index.byValue.get(value);
  if (!timeline) return;
  timeline.remove(record);
  if (timeline.size === 0) index.byValue.delete(value);
}
