import { DeliveryAttempt, DeliveryStatus } from '../schemas/resources';
import { StoredEvent } from './event-log';

/**
 * A webhook delivery as kept in memory: one event to one endpoint, a small state machine
 * (`pending → succeeded | failed | canceled`) with a log of every attempt. Unlike objects, a delivery changes in
 * place: nothing else holds it.
 */
export interface StoredDelivery {
  id: string;
  endpoint: string;
  /** The endpoint's URL at the last attempt (or at creation). */
  url: string;
  /** The event itself (an immutable value), so an attempt renders the same bytes each time. */
  event: StoredEvent;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  /** When the next attempt is due, in mock milliseconds; null when none is (finished, or in flight). */
  nextDueMs: number | null;
  created: number;
  seq: number;
}
