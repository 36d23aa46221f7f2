/**
 * The rules of a delivery's life, apart from what runs it (webhooks.ts): a delivery starts `pending` with no
 * attempt, and each attempt's result leads to `succeeded`, `failed`, `canceled` or one more try on the retry
 * schedule. A pure module, so the rule a user can name ("8 attempts, then failed") is read in one place.
 */
import type { DeliveryStatus, WebhookEndpoint } from '../schemas/resources';
import type { StoredDelivery } from '../store/deliveries';
import type { StoredEvent } from '../store/event-log';
import type { Store } from '../store/store';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from './retry-schedule';
import type { SendResult } from './send';

/** A pending delivery of an event to an endpoint, with no attempt yet; `nextDueMs` null when it is attempted at once by hand. */
export function newDelivery(store: Store, endpoint: WebhookEndpoint, event: StoredEvent, created: number, nextDueMs: number | null): StoredDelivery {
  return {
    id: store.newId('whd'),
    endpoint: endpoint.id,
    url: endpoint.url,
    event,
    status: 'pending',
    attempts: [],
    nextDueMs,
    created,
    seq: store.nextSeq(),
  };
}

/** Where attempt `n` leads: a final status, or `retry` (due at `retryDueMs`). */
export type AttemptOutcome = Exclude<DeliveryStatus, 'pending'> | 'retry';

/**
 * A 2xx answer succeeds; a manual attempt (Retry now on a finished delivery) or the last of the schedule fails;
 * an endpoint deleted or disabled meanwhile cancels; anything else is tried again.
 */
export function attemptOutcome(result: SendResult, n: number, manual: boolean, endpointNow: WebhookEndpoint | undefined): AttemptOutcome {
  const ok = result.error === null && result.status !== null && result.status >= 200 && result.status < 300;
  if (ok) return 'succeeded';
  if (manual || n >= MAX_ATTEMPTS) return 'failed';
  if (!endpointNow || endpointNow.status === 'disabled') return 'canceled';
  return 'retry';
}

/** When the attempt after a failed attempt `n` (made at `atMs`, mock clock) is due. */
export function retryDueMs(atMs: number, n: number): number {
  return atMs + (RETRY_DELAYS_SECONDS[n - 1] as number) * 1000;
}
