import { ApiEvent } from '../schemas/resources';
import { Collection } from './collection';
import { Page, PageQuery, Position, Timeline } from './timeline';

/**
 * An event as kept in memory: its snapshot is stored as JSON text, which is compact (one string instead of a
 * tree of objects) and is exactly what is served.
 */
export interface StoredEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  api_version: string;
  request: ApiEvent['request'];
  snapshot: string;
}

/**
 * Events with indexes by exact type and by group (`payment` for `payment.*`), so a filtered page is still
 * O(limit). Old events are dropped from the front of every index.
 */
export class EventLog {
  private readonly all = new Collection<StoredEvent>();
  // Secondary indexes share the slots of `all`; cursors are resolved through `all`.
  private readonly byType = new Map<string, Timeline<StoredEvent>>();
  private readonly byGroup = new Map<string, Timeline<StoredEvent>>();

  get size(): number {
    return this.all.size;
  }

  add(event: StoredEvent, seq: number): void {
    const slot = this.all.add(event, seq);
    indexIn(this.byType, event.type).insertSlot(slot);
    indexIn(this.byGroup, groupOf(event.type)).insertSlot(slot);
  }

  get(id: string): StoredEvent | undefined {
    return this.all.get(id);
  }

  position(id: string): Position | undefined {
    return this.all.position(id);
  }

  /** `type` is an exact type, `<group>.*`, or undefined for all. */
  page(query: PageQuery, type?: string): Page<StoredEvent> {
    if (type === undefined) return this.all.page(query);
    const index = type.endsWith('.*') ? this.byGroup.get(type.slice(0, -2)) : this.byType.get(type);
    return index ? index.page(query) : { data: [], has_more: false };
  }

  values(): IterableIterator<StoredEvent> {
    return this.all.values();
  }

  /** Forgets every event created at or before `created`. */
  dropThrough(created: number): number {
    const oldest = this.all.oldest();
    if (!oldest || oldest.created > created) return 0;
    for (const index of [...this.byType.values(), ...this.byGroup.values()]) index.dropThrough(created);
    return this.all.dropThrough(created).length;
  }
}

function groupOf(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot === -1 ? type : type.slice(0, dot);
}

function indexIn(indexes: Map<string, Timeline<StoredEvent>>, name: string): Timeline<StoredEvent> {
  let index = indexes.get(name);
  if (!index) indexes.set(name, (index = new Timeline<StoredEvent>()));
  return index;
}
