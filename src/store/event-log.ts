import { patchBetween } from './snapshot-patch';
import { StoredEvent } from './stored-event';
import { Page, PageQuery, Position, Timeline } from './timeline';

export { eventRequest, requestOf, snapshotOf, StoredEvent } from './stored-event';
export type { EventRequest } from './stored-event';

/** How far back from the newest event a superseded version is looked for: the events of the same request. */
const SUPERSEDE_LOOKBACK = 8;

/**
 * Events with indexes by exact type and by group (`payment` for `payment.*`), so a filtered page is still
 * O(limit). Old events are dropped from the front of every index.
 */
export class EventLog {
  private readonly byId = new Map<string, StoredEvent>();
  private readonly all = new Timeline<StoredEvent>();
  private readonly byType = new Map<string, Timeline<StoredEvent>>();
  private readonly byGroup = new Map<string, Timeline<StoredEvent>>();
  /** The two indexes each type belongs to, found once per type rather than once per event. */
  private readonly indexesOfType = new Map<string, [Timeline<StoredEvent>, Timeline<StoredEvent>]>();

  get size(): number {
    return this.byId.size;
  }

  add(event: StoredEvent): void {
    this.byId.set(event.id, event);
    this.all.insert(event);
    let indexes = this.indexesOfType.get(event.type);
    if (!indexes) {
      indexes = [indexIn(this.byType, event.type), indexIn(this.byGroup, groupOf(event.type))];
      this.indexesOfType.set(event.type, indexes);
    }
    indexes[0].insert(event);
    indexes[1].insert(event);
  }

  get(id: string): StoredEvent | undefined {
    return this.byId.get(id);
  }

  /**
   * A newer version of an object replaced `older`: a recent event whose snapshot is `older` (one emitted by the
   * same request) keeps the newer version and a patch instead, so the older version need not stay in memory.
   */
  supersede(older: object, newer: object): void {
    // By index, not an iterator: this runs on every confirmation.
    for (let back = 0; back < SUPERSEDE_LOOKBACK; back++) {
      const event = this.all.fromNewest(back);
      if (event === undefined) return;
      if (event.snapshot !== older || event.patch !== undefined) continue;
      const patch = patchBetween(older, newer);
      if (patch === undefined) return;
      event.supersede(newer as StoredEvent['snapshot'], patch);
      return;
    }
  }

  /** Where an event sits in the order, for cursors (whatever the filter). */
  position(id: string): Position | undefined {
    return this.byId.get(id);
  }

  /** `type` is an exact type, `<group>.*`, or undefined for all. */
  page(query: PageQuery, type?: string): Page<StoredEvent> {
    if (type === undefined) return this.all.page(query);
    const index = type.endsWith('.*') ? this.byGroup.get(type.slice(0, -2)) : this.byType.get(type);
    return index ? index.page(query) : { data: [], has_more: false };
  }

  /** Oldest first. */
  values(): IterableIterator<StoredEvent> {
    return this.all.values();
  }

  /** Oldest first, as a copy taken in steps (events are immutable, so this is a snapshot; see Timeline). */
  snapshot(): Generator<void, StoredEvent[]> {
    return this.all.snapshotInSteps(same);
  }

  /** Forgets every event created at or before `created`; returns how many. */
  dropThrough(created: number): number {
    const oldest = this.all.oldest();
    if (!oldest || oldest.created > created) return 0;
    for (const index of [...this.byType.values(), ...this.byGroup.values()]) index.dropThrough(created);
    const dropped = this.all.dropThrough(created);
    for (const event of dropped) this.byId.delete(event.id);
    return dropped.length;
  }
}

const same = (event: StoredEvent): StoredEvent => event;

function groupOf(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot === -1 ? type : type.slice(0, dot);
}

function indexIn(indexes: Map<string, Timeline<StoredEvent>>, name: string): Timeline<StoredEvent> {
  let index = indexes.get(name);
  if (!index) indexes.set(name, (index = new Timeline<StoredEvent>()));
  return index;
}
