import { ApiEvent } from '../schemas/resources';
import { StoredEvent } from '../store/event-log';
import { Partition } from '../store/store';
import { Scope } from './scope';

/** An event is in the feed while `now - created` is under 30 days. */
export const EVENT_RETENTION_SECONDS = 30 * 86400;

/**
 * Records an event with a snapshot of `object` as it is now. Snapshots never carry a client_secret: events are
 * readable by restricted keys.
 */
export function emitEvent(scope: Scope, type: string, object: object): StoredEvent {
  const snapshot = 'client_secret' in object ? { ...object, client_secret: null } : object;
  const event: StoredEvent = {
    id: scope.store.newId('evt'),
    type,
    created: scope.now,
    livemode: scope.livemode,
    api_version: scope.version,
    request: scope.request,
    snapshot: JSON.stringify(snapshot),
  };
  scope.partition.events.add(event, scope.store.nextSeq());
  return event;
}

/** The served shape of a stored event. */
export function renderEvent(event: StoredEvent): ApiEvent {
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    created: event.created,
    livemode: event.livemode,
    api_version: event.api_version,
    data: { object: JSON.parse(event.snapshot) as Record<string, unknown> },
    request: event.request,
  };
}

/** Forgets events that have left the 30-day window: they are gone from the feed and from memory. */
export function expireEvents(partition: Partition, now: number): void {
  partition.events.dropThrough(now - EVENT_RETENTION_SECONDS);
}
