import { ApiEvent } from '../schemas/resources';
import { ObjectRef, refOf, servedOf } from './encoded';
import { IdCodec } from './ids';
import { patched, SnapshotPatch } from './snapshot-patch';
import { Position } from './timeline';

/**
 * The request that made an event: the number its Request-Id was made from when it carried no Idempotency-Key
 * (nearly all do), so events hold no string for it; a Request-Id this store's key did not make (a fixture); or
 * the served pair. Read it with `requestOf`.
 */
export type EventRequest = number | string | ApiEvent['request'];

type Snapshot = Readonly<Record<string, unknown>>;

/**
 * What many events have in common: type, API version, the patch of a superseded snapshot, and the log's ids and
 * mode. There are few distinct ones (a patch is shared too, see snapshot-patch.ts), so events hold one shared kind
 * instead of fields of their own.
 */
interface EventKind {
  readonly type: string;
  readonly api_version: string;
  readonly patch: SnapshotPatch | undefined;
  readonly kinds: EventKinds;
}

/** Kinds kept for sharing per log: past the bound (a state file with thousands of made-up types) events get kinds of their own. */
const SHARED_KINDS_MAX = 1024;

/** The kinds of one event log, which also carry what every event of it renders with: the store's ids and the mode. */
export class EventKinds {
  /**
   * type → API version → patch → kind. Nested maps, not a joined key: a create makes three events of alternating
   * kinds, and building a key for each cost more than the lookups.
   */
  private readonly byType = new Map<string, Map<string, Map<SnapshotPatch | undefined, EventKind>>>();
  private shared = 0;
  /** The kind found last: consecutive events often share it, found without a lookup. */
  private last: EventKind | undefined;

  constructor(
    readonly ids: IdCodec,
    readonly livemode: boolean,
  ) {}

  of(type: string, apiVersion: string, patch: SnapshotPatch | undefined): EventKind {
    const last = this.last;
    if (last !== undefined && last.type === type && last.api_version === apiVersion && last.patch === patch) return last;
    let kind = this.byType.get(type)?.get(apiVersion)?.get(patch);
    if (!kind) {
      kind = Object.freeze({ type, api_version: apiVersion, patch, kinds: this });
      if (this.shared < SHARED_KINDS_MAX) {
        this.shared++;
        const byVersion = this.byType.get(type) ?? new Map<string, Map<SnapshotPatch | undefined, EventKind>>();
        const byPatch = byVersion.get(apiVersion) ?? new Map<SnapshotPatch | undefined, EventKind>();
        this.byType.set(type, byVersion.set(apiVersion, byPatch.set(patch, kind)));
      }
    }
    return (this.last = kind);
  }
}

export interface EventFields extends Position {
  /** Absent when the id is the one made from `seq`. */
  id?: string;
  type: string;
  api_version: string;
  request: EventRequest;
  /** The stored version of the object at that moment: a served object, or a record of it (encoded.ts). */
  snapshot: object;
  patch: SnapshotPatch | undefined;
}

/**
 * An event as kept in memory. It is its own place in the order (`created`, `seq`), and its id is the one the
 * store's key makes from `seq` (ids.ts): no string of its own. Its snapshot is the stored object's version at that
 * moment: objects are never changed in place (a change stores a new version), so sharing it costs nothing. Once a
 * newer version replaced that one, the snapshot may be the newer version with a `patch` of the fields that differ
 * (see snapshot-patch.ts): read it with `snapshotOf`.
 */
export class StoredEvent implements Position {
  readonly created: number;
  readonly seq: number;
  readonly request: EventRequest;
  private current: object;
  private kind: EventKind;

  constructor(fields: EventFields, kinds: EventKinds) {
    this.created = fields.created;
    this.seq = fields.seq;
    this.request = fields.request;
    this.current = fields.snapshot;
    this.kind = kinds.of(fields.type, fields.api_version, fields.patch);
  }

  /** An event whose id is not the one made from its number (a fixture's, or one the store's key did not make). */
  static withId(fields: EventFields & { id: string }, kinds: EventKinds): StoredEvent {
    return new NamedEvent(fields, kinds);
  }

  get id(): string {
    return this.kind.kinds.ids.make('evt', this.seq);
  }

  get type(): string {
    return this.kind.type;
  }

  get livemode(): boolean {
    return this.kind.kinds.livemode;
  }

  get api_version(): string {
    return this.kind.api_version;
  }

  /** The stored version this event points at (its own, or a newer one when `patch` is set), as kept: see `snapshotOf`. */
  get stored(): object {
    return this.current;
  }

  get patch(): SnapshotPatch | undefined {
    return this.kind.patch;
  }

  /** The store's ids, which the event's id, request and snapshot are read with. */
  get ids(): IdCodec {
    return this.kind.kinds.ids;
  }

  /** Points the event at a newer version of its object, with the patch that rebuilds its own from it. */
  supersede(newer: object, patch: SnapshotPatch): void {
    // Both at once (no reader runs in between): never a half-patched snapshot.
    this.current = newer;
    this.kind = this.kind.kinds.of(this.type, this.api_version, patch);
  }

  /** The same event as an endpoint pinned to another API version gets it. */
  inVersion(apiVersion: string): StoredEvent {
    const { created, seq, request, type, patch } = this;
    return StoredEvent.withId({ id: this.id, created, seq, request, type, api_version: apiVersion, snapshot: this.current, patch }, this.kind.kinds);
  }
}

/** An event with an id of its own (see StoredEvent.withId). */
class NamedEvent extends StoredEvent {
  private readonly ownId: string;

  constructor(fields: EventFields & { id: string }, kinds: EventKinds) {
    super(fields, kinds);
    this.ownId = fields.id;
  }

  override get id(): string {
    return this.ownId;
  }
}

/** The served `request` of an event. */
export function requestOf(event: StoredEvent): ApiEvent['request'] {
  const request = event.request;
  if (typeof request === 'number') return { id: event.ids.make('req', request), idempotency_key: null };
  return typeof request === 'string' ? { id: request, idempotency_key: null } : request;
}

/** An event's request given as a Request-Id and an Idempotency-Key (a Request-Id of ours is kept as its number). */
export function eventRequest(ids: IdCodec, id: string | null, idempotencyKey: string | null): EventRequest {
  if (id === null || idempotencyKey !== null) return { id, idempotency_key: idempotencyKey };
  return ids.numberOf('req', id) ?? id;
}

/** The object as it was when the event happened. */
export function snapshotOf(event: StoredEvent): Snapshot {
  return patched(servedOf(event.stored, event.ids, event.livemode), event.patch);
}

/** The id and `object` of what the event is about, without rendering its snapshot. */
export function objectRefOf(event: StoredEvent): ObjectRef {
  return refOf(event.stored, event.ids);
}
