import { ListParams, listOf, pageQuery } from '../http/lists';
import { Call, route, V1Route } from '../http/v1-routes';
import { CreateEndpointParams, createEndpoint, deleteEndpoint, getEndpoint, newSecret, presentEndpoint, UpdateEndpointParams, updateEndpoint } from './endpoints';

/**
 * `/v1/webhook_endpoints`: where an account's events are delivered. Secret keys, or restricted keys with the
 * `webhook_endpoints` permission; the secret is shown once, by create (and always by the admin API).
 */
export const WEBHOOK_ENDPOINT_ROUTES: V1Route[] = [
  route({
    method: 'POST', path: '/v1/webhook_endpoints', operationId: 'createWebhookEndpoint', summary: 'Register a webhook endpoint',
    params: 'createWebhookEndpoint', permission: ['webhook_endpoints', 'write'], response: 'WebhookEndpoint', extension: true,
    handler: ({ ctx, scope, params }: Call<CreateEndpointParams>) => {
      const endpoint = createEndpoint(scope, params, newSecret(ctx.streams.secrets));
      ctx.webhooks.sync();
      ctx.publishObject(scope, endpoint);
      return presentEndpoint(endpoint, true);
    },
  }),
  route({
    method: 'GET', path: '/v1/webhook_endpoints', operationId: 'listWebhookEndpoints', summary: 'List webhook endpoints',
    params: 'list', permission: ['webhook_endpoints', 'read'], response: { list: 'WebhookEndpoint' }, extension: true,
    handler: ({ scope, params, url }: Call<ListParams>) => {
      const endpoints = scope.partition.webhookEndpoints;
      return listOf(url, endpoints.page(pageQuery(params, (id) => endpoints.position(id))), (endpoint) => presentEndpoint(endpoint, false));
    },
  }),
  route({
    method: 'GET', path: '/v1/webhook_endpoints/:id', operationId: 'retrieveWebhookEndpoint', summary: 'Retrieve a webhook endpoint',
    params: 'none', permission: ['webhook_endpoints', 'read'], response: 'WebhookEndpoint', extension: true,
    handler: ({ scope, path }: Call) => presentEndpoint(getEndpoint(scope, path.id as string), false),
  }),
  route({
    method: 'POST', path: '/v1/webhook_endpoints/:id', operationId: 'updateWebhookEndpoint', summary: 'Update a webhook endpoint',
    params: 'updateWebhookEndpoint', permission: ['webhook_endpoints', 'write'], response: 'WebhookEndpoint', extension: true,
    handler: ({ ctx, scope, params, path }: Call<UpdateEndpointParams>) => {
      const endpoint = updateEndpoint(scope, path.id as string, params);
      if (endpoint.status === 'disabled') ctx.webhooks.cancelEndpoint(scope.workspace, scope.partition, endpoint.id);
      ctx.publishObject(scope, endpoint);
      return presentEndpoint(endpoint, false);
    },
  }),
  route({
    method: 'DELETE', path: '/v1/webhook_endpoints/:id', operationId: 'deleteWebhookEndpoint', summary: 'Delete a webhook endpoint',
    params: 'none', permission: ['webhook_endpoints', 'write'], response: 'DeletedWebhookEndpoint', extension: true,
    handler: ({ ctx, scope, path }: Call) => {
      const deleted = deleteEndpoint(scope, path.id as string);
      ctx.webhooks.cancelEndpoint(scope.workspace, scope.partition, deleted.id);
      ctx.webhooks.sync();
      ctx.publishObject(scope, deleted, true);
      return deleted;
    },
  }),
];
