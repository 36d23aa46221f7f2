import { array, described, enumOf, literal, nullable, object, Static, string } from '../typed-schema';
import { resource, id, metadata } from './shared';

export const webhookEndpointSchema = resource('we', 'webhook_endpoint', {
  url: string(),
  enabled_events: array(string()),
  status: enumOf(['enabled', 'disabled']),
  secret: described(nullable(string({ pattern: '^whsec_[A-Za-z0-9+/]+=*$' })), 'Shown by create and the admin API only; null elsewhere.'),
  api_version: described(nullable(string()), "null: events are rendered in the account's default version."),
  description: nullable(string()),
  metadata: metadata(),
});
/** A webhook endpoint as the API serves it. */
export type WebhookEndpoint = Static<typeof webhookEndpointSchema>;

export const deletedWebhookEndpointSchema = object({
  id: id('we'),
  object: literal('webhook_endpoint'),
  deleted: literal(true),
});
/** What deleting a webhook endpoint answers. */
export type DeletedObject = Static<typeof deletedWebhookEndpointSchema>;
