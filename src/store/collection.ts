import { Page, PageQuery, Position, Timeline } from './timeline';
import { ServedTexts } from './served-texts';
import { storedTextBytes } from './stored-bytes';

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
  /** The heap bytes of the text a record carries (stored-bytes.ts), for the memory budget. */
  bytesOf(record: R): number;
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
    bytesOf: (record) => storedTextBytes(record.item as object),
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
   * Records by id, but those whose id is the number of their place (`seq`: a payment made here) while the
   * timeline is in seq order too (the usual case): those are found by binary search of the timeline, so they cost
   * no map entry (about 40 bytes each). Should the order break (an object created "in the past"), they are filed
   * here from then on.
   */
  private readonly byId = new Map<string | number, R>();
  private readonly timeline = new Timeline<R>();
  private readonly indexes = new Map<string, Index<R>>();
  /** What recently read records were served as; made on the first `servedText`. */
  private texts: ServedTexts<R> | undefined;
  private textBytes = 0;

  constructor(
    private readonly codec: Codec<T, R> = plainCodec<T>() as unknown as Codec<T, R>,
    indexes: Record<string, IndexKey<R>> = {},
  ) {
    for (const [name, key] of Object.entries(indexes)) this.indexes.set(name, { key, byValue: new Map() });
  }

  get size(): number {
    return this.timeline.size;
  }

  /**
   * The heap bytes of the text its objects carry (metadata, descriptions…: stored-bytes.ts), kept as they are
   * stored, so the memory budget reads a number instead of walking the objects. A new version counts only what it
   * adds: the version it replaces is still held by the event of its moment.
   */
  get bytes(): number {
    return this.textBytes;
  }

  /** Stores a new object; returns its record (what an event about it holds). */
  add(item: T, seq: number): R {
    const record = this.codec.encode(item, seq);
    this.textBytes += this.codec.bytesOf(record);
    const ordered = this.timeline.seqOrdered;
    this.timeline.insert(record);
    if (ordered && !this.timeline.seqOrdered) this.fileNumbered();
    const key = this.codec.keyOfRecord(record);
    if (key !== seq || !this.timeline.seqOrdered) this.byId.set(key, record);
    for (const index of this.indexes.values()) file(index, index.key(record), record);
    return record;
  }

  /**
   * Stores a new version of a stored object in the same place in the order (its index entries follow it);
   * returns the record it replaced and the new one.
   */
  replace(item: T): { older: R; newer: R } {
    const key = this.codec.keyOf(item.id);
    const older = this.find(key);
    if (!older) throw new Error(`replace: no ${item.id} in this collection`);
    const newer = this.codec.encode(item, older.seq, older);
    this.textBytes += Math.max(0, this.codec.bytesOf(newer) - this.codec.bytesOf(older));
    this.timeline.swap(older, newer);
    if (this.byId.has(key)) this.byId.set(key, newer);
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
    const record = this.find(key);
    if (!record) return false;
    this.textBytes -= this.codec.bytesOf(record);
    this.byId.delete(key);
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

  /**
   * The JSON `render` makes of object `id` as `variant` sees it, kept with its record for the next read of that
   * version (ServedTexts); undefined when there is no such object.
   */
  servedText(id: string, variant: number, render: (item: T, variant: number) => string): string | undefined {
    const record = this.record(id);
    if (record === undefined) return undefined;
    const texts = (this.texts ??= new ServedTexts<R>());
    const kept = texts.get(record, variant);
    if (kept !== undefined) return kept;
    const text = render(this.codec.decode(record), variant);
    texts.set(record, variant, text);
    return text;
  }

  /** What an id is filed under: the number it was made from for a numbered kind, else the id itself. */
  keyOf(id: string): string | number {
    return this.codec.keyOf(id);
  }

  /** The record of an object's current version: where it sits in the order (cursors), and what an event holds. */
  record(id: string): R | undefined {
    return this.find(this.codec.keyOf(id));
  }

  private find(key: string | number): R | undefined {
    if (typeof key === 'number' && this.timeline.seqOrdered) {
      const record = this.timeline.findSeq(key);
      if (record !== undefined && this.codec.keyOfRecord(record) === key) return record;
    }
    return this.byId.get(key);
  }

  /** The timeline just left seq order: its numbered records go into the map, where they are found from now on. */
  private fileNumbered(): void {
    for (const record of this.timeline.values()) {
      const key = this.codec.keyOfRecord(record);
      if (key === record.seq) this.byId.set(key, record);
    }
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
