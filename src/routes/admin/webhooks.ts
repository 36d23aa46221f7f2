import { ApiError } from '../../errors/api-error';
import { onlyKeys, queryLimit } from '../shared/admin-input';
import { AdminRoute } from '../route-types';
import { DeliveryStatus } from '../../schemas/resources';
import { webhookEndpoints } from '../../webhooks/list-endpoints';
import { DeliveryFilter } from '../../webhooks/delivery-reads';

const STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'canceled'];
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ENDPOINT_EXAMPLE = {
  id: 'we_3fK9aQ2LmN8pR4sT0vW6xY1z',
  object: 'webhook_endpoint',
  url: 'http://localhost:3000/webhooks',
  enabled_events: ['*'],
  status: 'enabled',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  api_version: null,
  description: null,
  metadata: {},
  created: 1767225600,
  livemode: false,
  workspace: 'ws_acme',
};
const DELIVERY_EXAMPLE = {
  id: 'whd_7Hq2nUyV7pBz0cR3tL9mKw1E',
  object: 'webhook_delivery',
  workspace: 'ws_acme',
  livemode: false,
  endpoint: ENDPOINT_EXAMPLE.id,
  url: ENDPOINT_EXAMPLE.url,
  event: 'evt_1Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk',
  event_type: 'payment.succeeded',
  status: 'pending',
  attempts: [{ n: 1, at: 1767225600, duration_ms: 3.2, response_status: 500, error: null, response_body: 'database down' }],
  next_attempt_at: 1767225605,
  created: 1767225600,
};
const COUNTS_EXAMPLE = { pending: 0, succeeded: 3, failed: 0, canceled: 0, timed_out: false };

/** The delivery log and its controls, under /_mock/webhooks. */
export const WEBHOOK_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/webhooks/endpoints',
    operationId: 'adminListWebhookEndpoints',
    summary: 'Every webhook endpoint, with its secret',
    description: 'Every endpoint of every workspace and mode, whole: with its `workspace` and its signing `secret`.',
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['object', 'data'],
      properties: { object: { const: 'list' }, data: { type: 'array', items: ref('AdminWebhookEndpoint') } },
    },
    example: { object: 'list', data: [ENDPOINT_EXAMPLE] },
    handler: ({ ctx }) => ({ object: 'list', data: webhookEndpoints(ctx.store) }),
  },
  {
    method: 'GET',
    path: '/_mock/webhooks/deliveries',
    operationId: 'adminListWebhookDeliveries',
    summary: 'Webhook deliveries, newest first',
    description: 'Deliveries with every attempt (time, status, duration, error, the first 1 KiB of the answer) and when the next is due.',
    query: {
      workspace: { type: 'string', description: 'Only this workspace.' },
      endpoint: { type: 'string', description: 'Only this endpoint (`we_…`).' },
      event: { type: 'string', description: 'Only the deliveries of this event (`evt_…`).' },
      status: { enum: STATUSES, description: 'Only deliveries in this status.' },
      limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many (default 100).' },
    },
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['object', 'data'],
      properties: { object: { const: 'list' }, data: { type: 'array', items: ref('WebhookDelivery') } },
    },
    example: { object: 'list', data: [DELIVERY_EXAMPLE] },
    handler: ({ ctx, query }) => {
      const filter: DeliveryFilter = {};
      for (const name of ['workspace', 'endpoint', 'event'] as const) {
        const value = query.get(name);
        if (value !== null) filter[name] = value;
      }
      const status = query.get('status');
      if (status !== null) {
        if (!(STATUSES as string[]).includes(status))
          throw new ApiError('parameter_invalid', `Invalid status: ${status.slice(0, 40)}. Use one of ${STATUSES.join(', ')}.`, { param: 'status' });
        filter.status = status as DeliveryStatus;
      }
      const limit = queryLimit(query.get('limit'));
      if (limit !== undefined) filter.limit = limit;
      return { object: 'list', data: ctx.webhooks.list(filter) };
    },
  },
  {
    method: 'GET',
    path: '/_mock/webhooks/deliveries/:id',
    operationId: 'adminGetWebhookDelivery',
    summary: 'One webhook delivery',
    description: 'A delivery with every attempt.',
    response: ref('WebhookDelivery'),
    example: DELIVERY_EXAMPLE,
    handler: ({ ctx, path }) => ctx.webhooks.get(path.id as string) ?? missing(path.id as string),
  },
  {
    method: 'POST',
    path: '/_mock/webhooks/deliveries/:id/retry',
    operationId: 'adminRetryWebhookDelivery',
    summary: 'Attempt a delivery again now',
    description:
      'Makes an attempt now, whatever the status, and answers once it is made. A pending delivery goes on with its schedule; a finished one ends `succeeded` or `failed`.',
    response: ref('WebhookDelivery'),
    example: DELIVERY_EXAMPLE,
    handler: async ({ ctx, body, path }) => {
      onlyKeys(body, []);
      return (await ctx.webhooks.retry(path.id as string)) ?? missing(path.id as string);
    },
  },
  {
    method: 'POST',
    path: '/_mock/webhooks/flush',
    operationId: 'adminFlushWebhooks',
    summary: 'Wait for due webhook attempts',
    description:
      'Waits until no delivery attempt is due now or in flight (or `timeout_ms` passes), then counts deliveries by status. Retries due later on the mock clock are not waited for: move the clock.',
    body: {
      type: 'object',
      additionalProperties: false,
      properties: { timeout_ms: { type: 'integer', minimum: 0, maximum: 600000, description: 'How long to wait at most (default 10000).' } },
    },
    exampleBody: { timeout_ms: 5000 },
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['pending', 'succeeded', 'failed', 'canceled', 'timed_out'],
      properties: {
        pending: { type: 'integer' },
        succeeded: { type: 'integer' },
        failed: { type: 'integer' },
        canceled: { type: 'integer' },
        timed_out: { type: 'boolean' },
      },
    },
    example: COUNTS_EXAMPLE,
    handler: ({ ctx, body }) => {
      onlyKeys(body, ['timeout_ms']);
      const timeout = body.timeout_ms ?? 10_000;
      if (typeof timeout !== 'number' || !Number.isInteger(timeout) || timeout < 0 || timeout > 600_000) {
        throw new ApiError('parameter_invalid_integer', 'Invalid timeout_ms: use a whole number of milliseconds from 0 to 600000.', { param: 'timeout_ms' });
      }
      return ctx.webhooks.flush(timeout);
    },
  },
];

function missing(id: string): never {
  throw new ApiError('resource_missing', `No such webhook delivery: '${id.slice(0, 100)}'. GET /_mock/webhooks/deliveries lists them.`, { param: 'id' });
}
