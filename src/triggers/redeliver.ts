import type { MockContext } from '../context/mock-context';
import { liveEvents } from '../domain/events';
import { ApiError } from '../errors/api-error';
import type { WebhookDelivery } from '../schemas/resources';

/**
 * Sends an event again to one endpoint of its own workspace and mode: a new delivery, signed now with the
 * endpoint's current secret(s), attempted at once and retried on the usual schedule if it fails. Answers once
 * the first attempt is made. An event outside the 30-day window, and an endpoint that is not in the event's
 * workspace and mode, are 404 `resource_missing` alike (another workspace's endpoint is never revealed).
 * @example await redeliver(mock.context, 'evt_123', 'we_456')
 */
export async function redeliver(ctx: MockContext, eventId: string, endpointId: unknown): Promise<WebhookDelivery> {
  if (typeof endpointId !== 'string' || endpointId === '')
    throw new ApiError(
      'parameter_missing',
      "Missing required param: endpoint (a we_… id of the event's workspace and mode; GET /_mock/webhooks/endpoints lists them).",
      {
        param: 'endpoint',
      },
    );
  for (const workspace of ctx.store.workspaces.values()) {
    for (const partition of [workspace.test, workspace.live]) {
      const event = liveEvents(partition, ctx.clockFor(workspace.id).now()).get(eventId);
      if (!event) continue;
      const mode = partition.livemode ? 'live' : 'test';
      const endpoint = partition.webhookEndpoints.get(endpointId);
      if (!endpoint)
        throw new ApiError(
          'resource_missing',
          `No webhook endpoint '${endpointId.slice(0, 100)}' in workspace ${workspace.id} (${mode} mode), where event ${event.id} lives: an event goes only to endpoints of its own workspace and mode. GET /_mock/webhooks/endpoints?workspace=… lists them.`,
          { param: 'endpoint' },
        );
      if (endpoint.status === 'disabled')
        throw new ApiError(
          'parameter_invalid',
          `Webhook endpoint ${endpoint.id} is disabled: enable it first (POST /v1/webhook_endpoints/${endpoint.id} with disabled=false).`,
          { param: 'endpoint' },
        );
      return ctx.webhooks.deliverAgain(workspace, partition, event, endpoint);
    }
  }
  throw new ApiError(
    'resource_missing',
    `No event '${eventId.slice(0, 100)}' in the 30-day window of any workspace: events older than 30 days on their workspace's clock are gone. GET /_mock/events lists the events that can be delivered again.`,
    { param: 'id' },
  );
}
