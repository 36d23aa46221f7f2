import type { ObjectMessage } from '../bus/bus';
import { ApiEvent } from '../schemas/resources';
import { servedOf } from '../store/encoded';
import { EventLog, requestOf, snapshotOf, StoredEvent } from '../store/event-log';
import { Partition } from '../store/store';
import { Scope } from './scope';
import { LATEST_VERSION, renderForVersion } from './versions';

/** Every event type the sandbox emits. */
export const EVENT_TYPES = [
  'customer.created',
  'payment.created',
  'payment.succeeded',
  'payment.payment_failed',
  'payment.requires_action',
  'payment.refunded',
  'refund.created',
  'payment_method.created',
] as const;

/** An event is in the feed while `now - created` is under 30 days. */
export const EVENT_RETENTION_SECONDS = 30 * 86400;

/**
 * Records an event whose snapshot is `stored`, the stored version as its collection keeps it (what `add` and
 * `replace` return): stored versions are immutable (a change stores a new one), so the version of this moment is
 * the snapshot and nothing is copied. The event's id is made from its number.
 */
export function emitEvent(scope: Scope, type: string, stored: object): StoredEvent {
  const event = scope.partition.events.add({
    type,
    created: scope.now,
    seq: scope.store.nextSeq(),
    api_version: scope.version,
    request: scope.request,
    snapshot: stored,
    patch: undefined,
  });
  if (scope.bus.event.hasSubscribers) scope.bus.event.publish({ workspace: scope.workspace.id, livemode: scope.livemode, event });
  // Every change of a payment, customer, refund or payment method comes with an event: its new version is the
  // snapshot, so followers (the dashboard stream) hear of the object itself at no extra cost to the domain.
  if (scope.bus.object.hasSubscribers) {
    const object = servedOf(stored, scope.store.ids, scope.livemode) as ObjectMessage['object'];
    scope.bus.object.publish({ workspace: scope.workspace.id, livemode: scope.livemode, object });
  }
  return event;
}

/**
 * The served shape of a stored event. Its snapshot is shown in the shape of the event's own `api_version`
 * (whatever version reads it), and never with a client_secret: restricted keys read events.
 */
export function renderEvent(event: StoredEvent): ApiEvent {
  const object = snapshotOf(event);
  let snapshot: Record<string, unknown> = 'client_secret' in object ? { ...object, client_secret: null } : object;
  if (event.api_version !== LATEST_VERSION) {
    snapshot = { ...snapshot };
    renderForVersion(snapshot, event.api_version);
  }
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    created: event.created,
    livemode: event.livemode,
    api_version: event.api_version,
    data: { object: snapshot as Record<string, unknown> },
    request: requestOf(event),
  };
}

/** Forgets events that have left the 30-day window: they are gone from the feed and from memory. */
export function expireEvents(partition: Partition, now: number): void {
  partition.events.dropThrough(now - EVENT_RETENTION_SECONDS);
}

/**
 * A partition's events as every reader sees them at `now` (the partition's own clock): the 30-day window ends
 * exactly there, whenever the sweep on the server scheduler last ran (the sweep only frees memory sooner).
 */
export function liveEvents(partition: Partition, now: number): EventLog {
  expireEvents(partition, now);
  return partition.events;
}
