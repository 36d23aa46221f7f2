import type { StoredEvent } from '../store/event-log';

/**
 * The Idempotency-Key prefix of the requests a webhook probe makes (src/review): their events are real (in the
 * feed, about real objects) but are not delivered, so the probe decides alone what the endpoint receives.
 */
export const PROBE_KEY_PREFIX = 'payments-mock-probe-';

/** Whether an event was made by a probe's request (no allocation: only events made with an Idempotency-Key keep an object). */
export function isProbeEvent(event: StoredEvent): boolean {
  const request = event.request;
  return typeof request === 'object' && request.idempotency_key !== null && request.idempotency_key.startsWith(PROBE_KEY_PREFIX);
}
