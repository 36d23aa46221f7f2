/** The schemas of the objects a fixture workspace holds in each mode (test, live): one item of each section. */
import { id, nullableString, time, unix } from './fixture-fields';

export const customer = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: {
    id: id('cus'),
    object: { const: 'customer' },
    email: nullableString(512),
    name: nullableString(256),
    phone: { type: ['string', 'null'], pattern: '^\\+[0-9]{2,15}$' },
    created: time,
    livemode: { type: 'boolean' },
  },
};

export const paymentMethod = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'card'],
  properties: {
    id: id('pm'),
    object: { const: 'payment_method' },
    type: { const: 'card' },
    card: {
      type: 'object',
      additionalProperties: false,
      required: ['exp_month', 'exp_year'],
      description: 'Give `number` (a test card decides the outcome) or `brand` and `last4`.',
      properties: {
        number: { type: 'string', pattern: '^[0-9]{12,19}$' },
        brand: { type: 'string' },
        last4: { type: 'string', pattern: '^[0-9]{4}$' },
        exp_month: { type: 'integer', minimum: 1, maximum: 12 },
        exp_year: { type: 'integer', minimum: 2000, maximum: 2100 },
      },
    },
    outcome: { enum: ['succeed', 'generic_decline', 'insufficient_funds', 'expired_card', 'requires_action'] },
    created: time,
    livemode: { type: 'boolean' },
  },
};

export const payment = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'amount', 'currency'],
  properties: {
    id: id('pay'),
    object: { const: 'payment' },
    amount: { type: 'integer', minimum: 1, maximum: 99999999 },
    currency: { type: 'string', pattern: '^[a-z]{3}$' },
    status: { enum: ['requires_confirmation', 'requires_payment_method', 'requires_action', 'succeeded'], default: 'succeeded' },
    customer: { type: ['string', 'null'] },
    description: nullableString(1000),
    metadata: { type: 'object', maxProperties: 50, additionalProperties: { type: 'string', maxLength: 500 } },
    payment_method: { type: ['string', 'null'] },
    decline_code: { enum: ['generic_decline', 'insufficient_funds', 'expired_card'], description: 'For requires_payment_method: why it was declined.' },
    created: time,
    livemode: { type: 'boolean' },
    client_secret: { type: ['string', 'null'] },
    amount_received: { type: 'integer' },
    amount_refunded: { type: 'integer' },
    fee: { type: 'integer' },
    last_payment_error: { type: ['object', 'null'] },
    next_action: {
      // An object or null, without anyOf: a fixture problem then points inside it (`…/redirect_to_url/url`).
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['type', 'redirect_to_url'],
      properties: {
        type: { const: 'redirect_to_url' },
        redirect_to_url: {
          type: 'object',
          additionalProperties: false,
          required: ['url', 'return_url'],
          properties: { url: { type: 'string', pattern: '^https?://' }, return_url: { type: ['string', 'null'], pattern: '^https?://' } },
        },
      },
      description: 'For requires_action: the 3-D Secure redirect, as a saved state holds it. Without it, confirm the payment again to get one.',
    },
  },
};

export const refund = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'payment'],
  properties: {
    id: id('re'),
    object: { const: 'refund' },
    payment: id('pay'),
    amount: { type: 'integer', minimum: 1, description: 'Defaults to what is left to refund.' },
    reason: { enum: ['duplicate', 'fraudulent', 'requested_by_customer', null] },
    created: time,
    currency: { type: 'string' },
    status: { const: 'succeeded' },
    fee_refunded: { type: 'integer' },
    livemode: { type: 'boolean' },
  },
};

export const event = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'created'],
  description: 'Give `object` (the id of a fixture object: its snapshot is taken) or `data.object` (the snapshot itself).',
  properties: {
    id: id('evt'),
    object: { type: 'string' },
    type: { type: 'string', pattern: '^[a-z_]+\\.[a-z_]+$' },
    created: time,
    data: { type: 'object', required: ['object'], properties: { object: { type: 'object' } } },
    api_version: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    request: {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: ['string', 'null'] }, idempotency_key: { type: ['string', 'null'] } },
    },
    livemode: { type: 'boolean' },
  },
};

export const idempotencyRecord = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'method', 'path', 'fingerprint', 'created', 'status', 'body', 'version'],
  description: 'A saved response for an Idempotency-Key (exported state only), so a retry after a restart replays it.',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: 255 },
    method: { const: 'POST', description: 'Only POST requests are idempotent.' },
    path: { type: 'string', pattern: '^/v1/[\\x21-\\x7e]*$', maxLength: 2048 },
    fingerprint: { type: 'string', description: 'SHA-256 (hex) of the request; any other text is digested on load.' },
    created: unix,
    // A replay sends these again as an HTTP status and a header: only what the server itself answers fits.
    status: { type: 'integer', minimum: 200, maximum: 599 },
    body: { type: 'string', description: 'The JSON text of the answer.' },
    version: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A known API version.' },
  },
};
