import { ListParams, listOf, pageQuery } from './shared/lists';
import { ApiRoute, Call, route } from './route-types';
import {
  CreateEndpointParams,
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  newSecret,
  presentEndpoint,
  rollSecret,
  UpdateEndpointParams,
  updateEndpoint,
} from '../webhooks/endpoints';

const RETRIES = 'After a failed attempt the next is due on the mock clock 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (8 attempts in all).';

/**
 * `/v1/webhook_endpoints`: where an account's events are delivered. Secret keys, or restricted keys with the
 * `webhook_endpoints` permission; the secret is shown once, by create (and always by the admin API).
 */
export const WEBHOOK_ENDPOINT_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    path: '/v1/webhook_endpoints',
    operationId: 'createWebhookEndpoint',
    summary: 'Register a webhook endpoint',
    description:
      'Registers a URL that receives every event of this account and mode whose type matches `enabled_events` (exact types, ' +
      'group wildcards such as `payment.*`, or `*`). The answer carries the signing `secret` (`whsec_…`), shown only here and in the admin API. ' +
      `Deliveries are signed for \`stripe.webhooks.constructEvent\` (\`Service-Signature\`) and for Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`). ${RETRIES} ` +
      'At most 16 endpoints per account and mode.',
    params: 'createWebhookEndpoint',
    permission: ['webhook_endpoints', 'write'],
    response: 'WebhookEndpoint',
    extension: true,
    exampleParams: { url: 'http://localhost:3000/webhooks', enabled_events: ['payment.succeeded', 'refund.*'], description: 'Order service' },
    handler: ({ ctx, scope, params }: Call<CreateEndpointParams>) => {
      const endpoint = createEndpoint(scope, params, newSecret(ctx.streams.secrets));
      ctx.webhooks.sync();
      ctx.publishObject(scope, endpoint);
      return presentEndpoint(endpoint, true);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/webhook_endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints',
    description: 'The endpoints of this account and mode, newest first, without their secrets.',
    params: 'list',
    permission: ['webhook_endpoints', 'read'],
    response: { list: 'WebhookEndpoint' },
    extension: true,
    exampleParams: { limit: 10 },
    handler: ({ scope, params, url }: Call<ListParams>) => {
      const endpoints = scope.partition.webhookEndpoints;
      return listOf(url, endpoints.page(pageQuery(params, (id) => endpoints.position(id))), (endpoint) => presentEndpoint(endpoint, false));
    },
  }),
  route({
    method: 'GET',
    path: '/v1/webhook_endpoints/:id',
    operationId: 'retrieveWebhookEndpoint',
    summary: 'Retrieve a webhook endpoint',
    description: 'One endpoint, without its secret (`null`).',
    params: 'none',
    permission: ['webhook_endpoints', 'read'],
    response: 'WebhookEndpoint',
    extension: true,
    handler: ({ scope, path }: Call) => presentEndpoint(getEndpoint(scope, path.id as string), false),
  }),
  route({
    method: 'POST',
    path: '/v1/webhook_endpoints/:id',
    operationId: 'updateWebhookEndpoint',
    summary: 'Update a webhook endpoint',
    description:
      'Changes the URL, the events, the description or the metadata (merged key by key; an empty value removes a key), or disables ' +
      'the endpoint (`disabled=true`): a disabled endpoint gets nothing new and its pending deliveries are canceled.',
    params: 'updateWebhookEndpoint',
    permission: ['webhook_endpoints', 'write'],
    response: 'WebhookEndpoint',
    extension: true,
    exampleParams: { disabled: true },
    handler: ({ ctx, scope, params, path }: Call<UpdateEndpointParams>) => {
      const endpoint = updateEndpoint(scope, path.id as string, params);
      if (endpoint.status === 'disabled') ctx.webhooks.cancelEndpoint(scope.workspace, scope.partition, endpoint.id);
      ctx.publishObject(scope, endpoint);
      return presentEndpoint(endpoint, false);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/webhook_endpoints/:id/rotate_secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary: "Roll a webhook endpoint's signing secret",
    description:
      'Gives the endpoint a new signing secret and returns the endpoint with it (shown here, as by create). The old secret keeps signing ' +
      'for `expires_in` on the mock clock (default `24h`, at most `7d`; `now` ends it at once): until then every delivery carries two ' +
      'signatures, `v1=` twice in `Service-Signature` and two space-separated entries in `webhook-signature`, so a receiver verifies with ' +
      'either secret while it is redeployed. Rolling again during a roll replaces the older secret.',
    params: 'rotateWebhookSecret',
    permission: ['webhook_endpoints', 'write'],
    response: 'WebhookEndpoint',
    extension: true,
    exampleParams: { expires_in: '2h' },
    handler: ({ ctx, scope, params, path }: Call<{ expires_in?: string | number }>) => {
      const endpoint = rollSecret(scope, path.id as string, params.expires_in, newSecret(ctx.streams.secrets));
      ctx.publishObject(scope, endpoint);
      return presentEndpoint(endpoint, true);
    },
  }),
  route({
    method: 'DELETE',
    path: '/v1/webhook_endpoints/:id',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint; its pending deliveries are canceled (their log stays).',
    params: 'none',
    permission: ['webhook_endpoints', 'write'],
    response: 'DeletedWebhookEndpoint',
    extension: true,
    handler: ({ ctx, scope, path }: Call) => {
      const deleted = deleteEndpoint(scope, path.id as string);
      ctx.webhooks.cancelEndpoint(scope.workspace, scope.partition, deleted.id);
      ctx.webhooks.sync();
      ctx.publishObject(scope, deleted, true);
      return deleted;
    },
  }),
];
