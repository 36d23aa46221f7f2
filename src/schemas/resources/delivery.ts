export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface DeliveryAttempt {
  n: number;
  /** Mock Unix seconds when the attempt was made. */
  at: number;
  duration_ms: number;
  response_status: number | null;
  /** null for an answer (2xx or not); else timeout, connection_refused, redirect, … */
  error: string | null;
  /** The first 1 KiB of the answer. */
  response_body: string | null;
}

export interface WebhookDelivery {
  id: string;
  object: 'webhook_delivery';
  workspace: string;
  livemode: boolean;
  endpoint: string;
  url: string;
  event: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  next_attempt_at: number | null;
  created: number;
}
