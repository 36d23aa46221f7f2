import { Page, PageQuery, Position, Timeline } from './timeline';

export interface Timed {
  id: string;
  created: number;
}

/**
 * A stored object's place in the order. It holds the current version of the object: objects are immutable
 * values, and a change swaps a new version into the same slot.
 */
interface Slot<T> extends Position {
  item: T;
}

const itemOf = (slot: Slot<unknown>): unknown => slot.item;

/** A field to list by: the value an object is filed under (null: not filed). */
export type IndexKey<T> = (item: T) => string | null;

interface Index<T> {
  key: IndexKey<T>;
  /** One timeline per value, holding the same slots as the main one (so it always sees current versions). */
  byValue: Map<string, Timeline<Slot<T>>>;
}

/**
 * Objects of one kind in one account and mode: found by id in O(1), paged newest first in O(limit). Optional
 * indexes (by customer, by status) page the objects with one value of a field in O(log n + limit) too.
 */
export class Collection<T extends Timed> {
  private readonly byId = new Map<string, Slot<T>>();
  private readonly timeline = new Timeline<Slot<T>>();
  private readonly indexes = new Map<string, Index<T>>();

  constructor(indexes: Record<string, IndexKey<T>> = {}) {
    for (const [name, key] of Object.entries(indexes)) this.indexes.set(name, { key, byValue: new Map() });
  }

  get size(): number {
    return this.byId.size;
  }

  add(item: T, seq: number): void {
    const slot = { created: item.created, seq, item };
    this.timeline.insert(slot);
    this.byId.set(item.id, slot);
    for (const index of this.indexes.values()) file(index, index.key(item), slot);
  }

  /** Swaps in a new version of a stored object; its place in the order is unchanged (its index entries follow it). */
  replace(item: T): void {
    const slot = this.byId.get(item.id);
    if (!slot) throw new Error(`replace: no ${item.id} in this collection`);
    for (const index of this.indexes.values()) {
      const before = index.key(slot.item);
      const after = index.key(item);
      if (before === after) continue;
      unfile(index, before, slot);
      file(index, after, slot);
    }
    slot.item = item;
  }

  /** Forgets an object; returns whether it was there. */
  remove(id: string): boolean {
    const slot = this.byId.get(id);
    if (!slot) return false;
    this.byId.delete(id);
    this.timeline.remove(slot);
    for (const index of this.indexes.values()) unfile(index, index.key(slot.item), slot);
    return true;
  }

  /**
   * The objects filed under `value` in index `name`, newest first, in O(log n + limit); `keep` narrows them further
   * by a scan of that index (see Timeline.pageWhere).
   */
  pageBy(name: string, value: string, query: PageQuery, keep?: (item: T) => boolean): Page<T> {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`pageBy: no index ${name}`);
    const timeline = index.byValue.get(value);
    if (!timeline) return { data: [], has_more: false };
    const page = keep ? timeline.pageWhere(query, (slot) => keep(slot.item)) : timeline.page(query);
    return { data: page.data.map((slot) => slot.item), has_more: page.has_more };
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.item;
  }

  /** Where an object sits in the order, for cursors. */
  position(id: string): Position | undefined {
    return this.byId.get(id);
  }

  page(query: PageQuery): Page<T> {
    const page = this.timeline.page(query);
    return { data: page.data.map((slot) => slot.item), has_more: page.has_more };
  }

  /** Oldest first, as an array of the versions current when each was copied, taken in steps (see Timeline). */
  snapshot(): Generator<void, T[]> {
    return this.timeline.snapshotInSteps(itemOf) as Generator<void, T[]>;
  }

  /** Oldest first. */
  *values(): IterableIterator<T> {
    for (const slot of this.timeline.values()) yield slot.item;
  }
}

function file<T>(index: Index<T>, value: string | null, slot: Slot<T>): void {
  if (value === null) return;
  let timeline = index.byValue.get(value);
  if (!timeline) index.byValue.set(value, (timeline = new Timeline<Slot<T>>()));
  timeline.insert(slot);
}

function unfile<T>(index: Index<T>, value: string | null, slot: Slot<T>): void {
  if (value === null) return;
  const timeline = index.byValue.get(value);
  if (!timeline) return;
  timeline.remove(slot);
  if (timeline.size === 0) index.byValue.delete(value);
}
