import { array, boolean, described, enumOf, integer, literal, nullable, number, object, Static, string } from '../typed-schema';

const statusSchema = enumOf(['pending', 'succeeded', 'failed', 'canceled']);
export type DeliveryStatus = Static<typeof statusSchema>;

const attemptSchema = object({
  n: integer(),
  at: integer({ description: 'Mock Unix seconds when the attempt was made.' }),
  duration_ms: number(),
  response_status: nullable(integer()),
  error: described(
    nullable(string()),
    'null when an answer came; else timeout, connection_refused, connection_reset, redirect, invalid_response, dns_failure, tls_error, unreachable or network_error.',
  ),
  response_body: described(nullable(string()), 'The first 1 KiB of the answer.'),
});
/** One try at delivering an event to an endpoint. */
export type DeliveryAttempt = Static<typeof attemptSchema>;

/** A webhook delivery as the admin API serves it (`/_mock/webhooks/deliveries`): one event to one endpoint. */
export const webhookDeliverySchema = object({
  id: string({ description: 'whd_…' }),
  object: literal('webhook_delivery'),
  workspace: string(),
  livemode: boolean(),
  endpoint: string(),
  url: string({ description: 'Where the last attempt went.' }),
  event: string(),
  event_type: string(),
  status: statusSchema,
  attempts: array(attemptSchema),
  next_attempt_at: described(nullable(integer()), 'Mock Unix seconds when the next attempt is due; null when none is.'),
  created: integer(),
});
export type WebhookDelivery = Static<typeof webhookDeliverySchema>;
