import { EVENT_RETENTION_SECONDS } from '../domain/events';
import { Partition } from '../store/store';

/**
 * Forgets the deliveries of events that have left the 30-day window, with their events: the log never grows
 * past what the feed still shows. Deliveries are kept in creation order, so only the front is looked at.
 */
export function expireDeliveries(partition: Partition, now: number): void {
  const cutoff = now - EVENT_RETENTION_SECONDS;
  for (const [id, delivery] of partition.webhookDeliveries) {
    if (delivery.event.created > cutoff) return;
    partition.webhookDeliveries.delete(id);
  }
}
