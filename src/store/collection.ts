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

/** Objects of one kind in one account and mode: found by id in O(1), paged newest first in O(limit). */
export class Collection<T extends Timed> {
  private readonly byId = new Map<string, Slot<T>>();
  private readonly timeline = new Timeline<Slot<T>>();

  get size(): number {
    return this.byId.size;
  }

  add(item: T, seq: number): void {
    const slot = { created: item.created, seq, item };
    this.timeline.insert(slot);
    this.byId.set(item.id, slot);
  }

  /** Swaps in a new version of a stored object; its place in the order is unchanged. */
  replace(item: T): void {
    const slot = this.byId.get(item.id);
    if (!slot) throw new Error(`replace: no ${item.id} in this collection`);
    slot.item = item;
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
