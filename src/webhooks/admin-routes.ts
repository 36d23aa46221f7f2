import { AdminRoute } from '../http/admin/admin-routes';
import { onlyKeys } from '../http/admin/admin-input';
import { ApiError } from '../errors/api-error';
import { DeliveryStatus } from '../schemas/resources';
import { webhookEndpoints } from './list-endpoints';
import { DeliveryFilter } from './webhooks';

const STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'canceled'];

/** The delivery log and its controls, under /_mock/webhooks. */
export const WEBHOOK_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET', path: '/_mock/webhooks/endpoints', summary: 'Every webhook endpoint, with its workspace and secret',
    handler: ({ ctx, query }) => {
      onlyQuery(query, []);
      return { object: 'list', data: webhookEndpoints(ctx) };
    },
  },
  {
    method: 'GET', path: '/_mock/webhooks/deliveries', summary: 'Webhook deliveries with every attempt, newest first',
    handler: ({ ctx, query }) => {
      onlyQuery(query, ['workspace', 'endpoint', 'event', 'status', 'limit']);
      const filter: DeliveryFilter = {};
      for (const name of ['workspace', 'endpoint', 'event'] as const) {
        const value = query.get(name);
        if (value !== null) filter[name] = value;
      }
      const status = query.get('status');
      if (status !== null) {
        if (!(STATUSES as string[]).includes(status)) throw new ApiError('parameter_invalid', `Invalid status: ${status.slice(0, 40)}. Use one of ${STATUSES.join(', ')}.`, { param: 'status' });
        filter.status = status as DeliveryStatus;
      }
      const limit = query.get('limit');
      if (limit !== null) {
        if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) throw new ApiError('parameter_invalid_integer', `Invalid limit: ${limit.slice(0, 40)}. Use 1 to 1000.`, { param: 'limit' });
        filter.limit = Number(limit);
      }
      return { object: 'list', data: ctx.webhooks.list(filter) };
    },
  },
  {
    method: 'GET', path: '/_mock/webhooks/deliveries/:id', summary: 'One webhook delivery',
    handler: ({ ctx, path }) => ctx.webhooks.get(path.id as string) ?? missing(path.id as string),
  },
  {
    method: 'POST', path: '/_mock/webhooks/deliveries/:id/retry', summary: 'Attempt a delivery again now, whatever its status',
    handler: async ({ ctx, body, path }) => {
      onlyKeys(body, []);
      return (await ctx.webhooks.retry(path.id as string)) ?? missing(path.id as string);
    },
  },
  {
    method: 'POST', path: '/_mock/webhooks/flush', summary: 'Wait until no delivery attempt is due now or in flight',
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

/** Admin query strings are strict like /v1: a typo'd filter is an error, not silently ignored. */
function onlyQuery(query: URLSearchParams, allowed: string[]): void {
  for (const name of query.keys()) {
    if (!allowed.includes(name)) {
      throw new ApiError('parameter_unknown', `Received unknown parameter: ${name.slice(0, 100)}. ${allowed.length ? `Filters: ${allowed.join(', ')}.` : 'This endpoint takes no parameters.'}`, { param: name.slice(0, 100) });
    }
  }
}
