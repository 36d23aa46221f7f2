import { servedOf } from './encoded';
import { IdCodec } from './ids';
import { patchBetween } from './snapshot-patch';
import { EventFields, EventKinds, StoredEvent } from './stored-event';
import { Page, PageQuery, Position, Timeline } from './timeline';

export { eventRequest, objectRefOf, requestOf, snapshotOf, StoredEvent } from './stored-event';
export type { EventFields, EventRequest } from './stored-event';

/** How far back from the newest event a superseded version is looked for: the events of the same request. */
const SUPERSEDE_LOOKBACK = 8;

/**
 * Events with an index by type, so a filtered page is still O(log n + limit): a group (`payment.*`) merges the
 * pages of its few types rather than keeping an index of its own (one entry less an event). Old events are
 * dropped from the front of every index.
 *
 * An event is found by id without a map: its id is made from its number (`seq`), and events are nearly always
 * added in time order and in numbered order at once, so a binary search of the timeline finds it (no map entry:
 * about 40 bytes an event). The others (an id of its own), and every event once that order breaks (an event
 * created "in the past"), are in `others`.
 */
export class EventLog {
  private readonly kinds: EventKinds;
  private readonly others = new Map<string, StoredEvent>();
  private readonly all = new Timeline<StoredEvent>();
  private readonly byType = new Map<string, Timeline<StoredEvent>>();
  /** The type indexes of each group (`payment` → payment.created's, payment.succeeded's, …), filled as types appear. */
  private readonly typesOfGroup = new Map<string, Array<Timeline<StoredEvent>>>();

  constructor(
    private readonly ids: IdCodec,
    livemode: boolean,
  ) {
    this.kinds = new EventKinds(ids, livemode);
  }

  get size(): number {
    return this.all.size;
  }

  /** Stores a new event: its id is the one made from `seq`, unless `fields.id` gives another. */
  add(fields: EventFields): StoredEvent {
    const mine = fields.id === undefined || this.ids.numberOf('evt', fields.id) === fields.seq;
    const event = mine ? new StoredEvent(fields, this.kinds) : StoredEvent.withId({ ...fields, id: fields.id as string }, this.kinds);
    const ordered = this.all.seqOrdered;
    this.all.insert(event);
    // The order just broke: every event is found through the map from now on.
    if (ordered && !this.all.seqOrdered) for (const each of this.all.values()) this.others.set(each.id, each);
    else if (!mine || !this.all.seqOrdered) this.others.set(event.id, event);
    let index = this.byType.get(event.type);
    if (!index) {
      this.byType.set(event.type, (index = new Timeline<StoredEvent>()));
      const group = groupOf(event.type);
      this.typesOfGroup.set(group, [...(this.typesOfGroup.get(group) ?? []), index]);
    }
    index.insert(event);
    return event;
  }

  get(id: string): StoredEvent | undefined {
    if (this.all.seqOrdered) {
      const n = this.ids.numberOf('evt', id);
      const event = n === undefined ? undefined : this.all.findSeq(n);
      // The event numbered n, unless that one has an id of its own.
      if (event !== undefined && event.id === id) return event;
    }
    return this.others.get(id);
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
      if (event.stored !== older || event.patch !== undefined) continue;
      const patch = patchBetween(older, newer);
      if (patch === undefined) return;
      event.supersede(newer, patch);
      return;
    }
  }

  /** The served object of a stored version (a snapshot), with this log's ids and mode. */
  served(stored: object): Readonly<Record<string, unknown>> {
    return servedOf(stored, this.ids, this.kinds.livemode);
  }

  /** Where an event sits in the order, for cursors (whatever the filter). */
  position(id: string): Position | undefined {
    return this.get(id);
  }

  /** `type` is an exact type, `<group>.*`, or undefined for all. */
  page(query: PageQuery, type?: string): Page<StoredEvent> {
    if (type === undefined) return this.all.page(query);
    if (!type.endsWith('.*')) return this.byType.get(type)?.page(query) ?? { data: [], has_more: false };
    const indexes = this.typesOfGroup.get(type.slice(0, -2));
    return indexes
      ? mergePages(
          indexes.map((index) => index.page(query)),
          query,
        )
      : { data: [], has_more: false };
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
    for (const index of this.byType.values()) index.dropThrough(created);
    const dropped = this.all.dropThrough(created);
    if (this.others.size > 0) for (const event of dropped) if (this.others.get(event.id) === event) this.others.delete(event.id);
    return dropped.length;
  }
}

const same = (event: StoredEvent): StoredEvent => event;

function groupOf(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot === -1 ? type : type.slice(0, dot);
}

/**
 * One page of the events of several disjoint indexes, each paged with the same query: the union holds the page
 * the indexes together would give (each gave its `limit` nearest the cursor), newest first.
 */
function mergePages(pages: Array<Page<StoredEvent>>, query: PageQuery): Page<StoredEvent> {
  if (pages.length === 1) return pages[0] as Page<StoredEvent>;
  const union = pages.flatMap((page) => page.data).sort((a, b) => b.created - a.created || b.seq - a.seq);
  const has_more = union.length > query.limit || pages.some((page) => page.has_more);
  // Before a cursor (ending_before), the page is the `limit` nearest it on its newer side: the oldest of the union.
  const data = query.endingBefore ? union.slice(Math.max(0, union.length - query.limit)) : union.slice(0, query.limit);
  return { data, has_more };
}
