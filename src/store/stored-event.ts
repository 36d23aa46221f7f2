import { ApiEvent } from '../schemas/resources';
import { patched, SnapshotPatch } from './snapshot-patch';
import { Position } from './timeline';

/**
 * The request that made an event: its id alone when it carried no Idempotency-Key (nearly all do), so events
 * hold no object of their own for it; otherwise the served pair. Read it with `requestOf`.
 */
export type EventRequest = string | ApiEvent['request'];

type Snapshot = Readonly<Record<string, unknown>>;

/**
 * What many events have in common: type, mode, API version and the patch of a superseded snapshot. There are few
 * distinct ones (a patch is shared too, see snapshot-patch.ts), so events hold one shared kind instead of four
 * fields of their own: 24 bytes less an event, two events a payment.
 */
interface EventKind {
  readonly type: string;
  readonly livemode: boolean;
  readonly api_version: string;
  readonly patch: SnapshotPatch | undefined;
}

/**
 * The kinds kept for sharing, by type, version and mode, then by patch. Shared by every mock in the process (like
 * the patches), so bounded: a state file with thousands of made-up types gets kinds of its own past the bound.
 */
const kinds = new Map<string, Map<SnapshotPatch | undefined, EventKind>>();
const SHARED_KINDS_MAX = 1024;
let sharedKinds = 0;
/** The kind found last: consecutive events nearly always share it, found without building a key. */
let lastKind: EventKind | undefined;

function kindOf(type: string, livemode: boolean, apiVersion: string, patch: SnapshotPatch | undefined): EventKind {
  const last = lastKind;
  if (last !== undefined && last.type === type && last.livemode === livemode && last.api_version === apiVersion && last.patch === patch) return last;
  const key = `${type} ${apiVersion} ${livemode}`;
  let kind = kinds.get(key)?.get(patch);
  if (!kind) {
    kind = Object.freeze({ type, livemode, api_version: apiVersion, patch });
    if (sharedKinds < SHARED_KINDS_MAX) {
      sharedKinds++;
      const byPatch = kinds.get(key) ?? new Map<SnapshotPatch | undefined, EventKind>();
      kinds.set(key, byPatch.set(patch, kind));
    }
  }
  return (lastKind = kind);
}

export interface EventFields extends Position {
  id: string;
  type: string;
  livemode: boolean;
  api_version: string;
  request: EventRequest;
  snapshot: Snapshot;
  patch: SnapshotPatch | undefined;
}

/**
 * An event as kept in memory. It is its own place in the order (`created`, `seq`), and its snapshot is the
 * stored object's version at that moment: objects are never changed in place (a change stores a new version),
 * so sharing it costs nothing. Once a newer version replaced that one, the snapshot may be the newer version
 * with a `patch` of the fields that differ (see snapshot-patch.ts): read it with `snapshotOf`.
 */
export class StoredEvent implements Position {
  readonly id: string;
  readonly created: number;
  readonly seq: number;
  readonly request: EventRequest;
  private current: Snapshot;
  private kind: EventKind;

  constructor(fields: EventFields) {
    this.id = fields.id;
    this.created = fields.created;
    this.seq = fields.seq;
    this.request = fields.request;
    this.current = fields.snapshot;
    this.kind = kindOf(fields.type, fields.livemode, fields.api_version, fields.patch);
  }

  get type(): string {
    return this.kind.type;
  }

  get livemode(): boolean {
    return this.kind.livemode;
  }

  get api_version(): string {
    return this.kind.api_version;
  }

  /** The stored version this event points at: its own, or a newer one when `patch` is set. */
  get snapshot(): Snapshot {
    return this.current;
  }

  get patch(): SnapshotPatch | undefined {
    return this.kind.patch;
  }

  /** Points the event at a newer version of its object, with the patch that rebuilds its own from it. */
  supersede(newer: Snapshot, patch: SnapshotPatch): void {
    // Both at once (no reader runs in between): never a half-patched snapshot.
    this.current = newer;
    this.kind = kindOf(this.type, this.livemode, this.api_version, patch);
  }

  /** The same event as an endpoint pinned to another API version gets it. */
  inVersion(apiVersion: string): StoredEvent {
    return new StoredEvent({ ...this.fields(), api_version: apiVersion });
  }

  private fields(): EventFields {
    const { id, created, seq, request, type, livemode, api_version, patch } = this;
    return { id, created, seq, request, type, livemode, api_version, snapshot: this.current, patch };
  }
}

/** The served `request` of an event. */
export function requestOf(event: StoredEvent): ApiEvent['request'] {
  return typeof event.request === 'string' ? { id: event.request, idempotency_key: null } : event.request;
}

/** An event's request given as an id and an Idempotency-Key. */
export function eventRequest(id: string | null, idempotencyKey: string | null): EventRequest {
  return id !== null && idempotencyKey === null ? id : { id, idempotency_key: idempotencyKey };
}

/** The object as it was when the event happened. */
export function snapshotOf(event: StoredEvent): Snapshot {
  return patched(event.snapshot, event.patch);
}
