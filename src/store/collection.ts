import { Page, PageQuery, Position, Slot, Timed, Timeline } from './timeline';

/** Objects of one kind in one account and mode: found by id in O(1), paged newest first in O(limit). */
export class Collection<T extends Timed> {
  private readonly byId = new Map<string, Slot<T>>();
  private readonly timeline = new Timeline<T>();

  get size(): number {
    return this.byId.size;
  }

  add(item: T, seq: number): Slot<T> {
    const slot = this.timeline.insert(item, seq);
    this.byId.set(item.id, slot);
    return slot;
  }

  get(id: string): T | undefined {
    return this.byId.get(id)?.item;
  }

  /** Where an object sits in the order, for cursors. */
  position(id: string): Position | undefined {
    return this.byId.get(id);
  }

  page(query: PageQuery): Page<T> {
    return this.timeline.page(query);
  }

  /** Oldest first. */
  values(): IterableIterator<T> {
    return this.timeline.values();
  }

  /** Drops every object created at or before `created` (the event window). */
  dropThrough(created: number): T[] {
    const dropped = this.timeline.dropThrough(created);
    for (const item of dropped) this.byId.delete(item.id);
    return dropped;
  }

  oldest(): T | undefined {
    return this.timeline.oldest();
  }
}
