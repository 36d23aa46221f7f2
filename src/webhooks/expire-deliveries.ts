import { EVENT_RETENTION_SECONDS } from '../domain/events';
import { Partition } from '../store/store';

/**
 * Forgets the deliveries of events that have left the 30-day window, with their events: the log never grows
 * past what the feed still shows. A delivery is created with its event (same `created`), and the log keeps them in
 * that order, so only the front is looked at and cut.
 */
export function expireDeliveries(partition: Partition, now: number): void {
  partition.webhookDeliveries.dropThrough(now - EVENT_RETENTION_SECONDS);
}
