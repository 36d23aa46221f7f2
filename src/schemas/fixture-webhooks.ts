/** The schemas of a fixture workspace's webhook endpoints and (exported state only) its deliveries with their attempts. */
import { id, nullableString, time } from './fixture-fields';

export const webhookEndpoint = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'enabled_events'],
  description: 'Where the events of this workspace (and mode) are delivered.',
  properties: {
    id: id('we'),
    object: { const: 'webhook_endpoint' },
    url: { type: 'string', minLength: 1, maxLength: 2048, description: 'An absolute http: or https: URL.' },
    enabled_events: {
      type: 'array',
      minItems: 1,
      maxItems: 32,
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: 'Event types, group wildcards such as payment.*, or ["*"].',
    },
    secret: {
      type: 'string',
      pattern: '^whsec_[A-Za-z0-9+/]{24,}={0,2}$',
      maxLength: 200,
      description: 'A fixed signing secret (whsec_ and base64 of at least 18 bytes); default: one derived from the id, the same every run.',
    },
    previous_secret: {
      type: 'object',
      additionalProperties: false,
      required: ['secret', 'expires_at'],
      description: 'The secret before a roll (POST /v1/webhook_endpoints/{id}/rotate_secret): deliveries are signed with it too until expires_at.',
      properties: {
        secret: { type: 'string', pattern: '^whsec_[A-Za-z0-9+/]{24,}={0,2}$', maxLength: 200 },
        expires_at: time,
      },
    },
    livemode: { type: 'boolean', description: 'Live mode instead of test mode (default false).' },
    status: { enum: ['enabled', 'disabled'] },
    api_version: { type: ['string', 'null'], pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    description: nullableString(1000),
    metadata: { type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 500 } },
    created: time,
  },
};

export const deliveryAttempt = {
  type: 'object',
  additionalProperties: false,
  required: ['n', 'at', 'duration_ms', 'response_status', 'error', 'response_body'],
  properties: {
    n: { type: 'integer', minimum: 1, maximum: 1000 },
    at: { type: 'integer', minimum: 0 },
    duration_ms: { type: 'number', minimum: 0 },
    response_status: { type: ['integer', 'null'], minimum: 100, maximum: 999 },
    error: { type: ['string', 'null'], maxLength: 100 },
    response_body: { type: ['string', 'null'], maxLength: 4096 },
  },
};

export const webhookDelivery = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'endpoint', 'event', 'status', 'created'],
  description: 'A webhook delivery with its attempts (exported state only).',
  properties: {
    id: id('whd'),
    endpoint: id('we'),
    url: { type: 'string', maxLength: 2048 },
    event: id('evt'),
    livemode: { type: 'boolean' },
    status: { enum: ['pending', 'succeeded', 'failed', 'canceled'] },
    attempts: { type: 'array', maxItems: 1000, items: deliveryAttempt },
    next_attempt_at: { type: ['integer', 'null'], minimum: 0 },
    created: { type: 'integer', minimum: 0 },
  },
};
