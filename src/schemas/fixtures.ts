/**
 * The JSON Schema of fixture files (and of exported state, which is a fixture file with absolute times).
 * `fixtures/schema.json` is this schema written out for editors (`"$schema": "./schema.json"`); a test keeps the
 * two identical.
 */
import { MAX_UNIX_SECONDS } from './time-range';

const unix = { type: 'integer', minimum: -MAX_UNIX_SECONDS, maximum: MAX_UNIX_SECONDS };
const time = {
  description: 'Unix seconds, or a time relative to the clock at start such as "-35d", "-2h30m" or "+20h".',
  anyOf: [unix, { type: 'string', maxLength: 64, pattern: '^[+-]?(\\d+(\\.\\d+)?[smhdw])+$' }],
};
const id = (prefix: string) => ({ type: 'string', pattern: `^${prefix}_[0-9A-Za-z_]+$`, maxLength: 255 });
const nullableString = (maxLength: number) => ({ type: ['string', 'null'], maxLength });
const level = { enum: ['none', 'read', 'write'] };

const key = {
  type: 'object',
  additionalProperties: false,
  required: ['key'],
  properties: {
    key: {
      type: 'string',
      pattern: '^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{8,200}$',
      description: 'The prefix gives the kind (sk secret, pk publishable, rk restricted) and mode (test, live).',
    },
    permissions: {
      type: 'object',
      additionalProperties: false,
      description: 'Restricted keys only; resources left out are "none".',
      properties: { payments: level, refunds: level, customers: level, events: level, payment_methods: level, account: level, webhook_endpoints: level },
    },
    expires_at: { ...time, description: 'When a rotated key stops working (401 api_key_expired).' },
    created: time,
  },
};

const customer = {
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

const paymentMethod = {
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

const payment = {
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

const refund = {
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

const event = {
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

const idempotencyRecord = {
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

const webhookEndpoint = {
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

const deliveryAttempt = {
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

const webhookDelivery = {
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

/** A workspace's own clock, as a saved state keeps it (see SavedClock in src/clock); absent: the server's clock. */
const workspaceClock = {
  description:
    "The workspace's own clock (saved state): `real`; `frozen` with `now`; or `offset` with `offset_ms`. Left out, the workspace follows the server clock.",
  type: 'object',
  additionalProperties: false,
  required: ['mode'],
  properties: {
    mode: { enum: ['real', 'frozen', 'offset'] },
    now: {
      description: 'frozen: the instant it stands at, Unix seconds (to the millisecond).',
      type: 'number',
      minimum: -MAX_UNIX_SECONDS,
      maximum: MAX_UNIX_SECONDS,
    },
    offset_ms: {
      description: "offset: how far ahead of the machine's time it runs, in milliseconds (negative: behind).",
      type: 'integer',
      minimum: -Number.MAX_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    },
  },
};

/** A workspace's own scenario, as `GET /_mock/workspaces/{id}/scenario` shows it; absent: the server's. */
const workspaceScenario = {
  description: "The workspace's own scenario (saved state), with its options. Left out, the workspace follows the server's scenario.",
  type: 'object',
  additionalProperties: false,
  required: ['scenario'],
  properties: {
    scenario: { enum: ['happy', 'manual', 'decline', 'flaky', 'rate-limited', 'slow', 'outage'] },
    options: {
      type: 'object',
      additionalProperties: false,
      properties: {
        rate: { type: 'number', minimum: 0, maximum: 1 },
        latency_ms: { type: 'integer', minimum: 0, maximum: 60000 },
        limit: { type: 'integer', minimum: 0, maximum: 60000 },
      },
    },
  },
};

const modeData = {
  type: 'object',
  additionalProperties: false,
  properties: {
    customers: { type: 'array', items: customer },
    payment_methods: { type: 'array', items: paymentMethod },
    payments: { type: 'array', items: payment },
    refunds: { type: 'array', items: refund },
    events: { type: 'array', items: event },
    idempotency: { type: 'array', items: idempotencyRecord },
  },
};

/** The schema of one item of each section of a mode's data: a streamed state file is checked item by item. */
export const FIXTURE_SECTION_SCHEMAS = {
  customers: customer,
  payment_methods: paymentMethod,
  payments: payment,
  refunds: refund,
  events: event,
  idempotency: idempotencyRecord,
} as const;

export const FIXTURE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://payments-mock.dev/fixtures.schema.json',
  title: 'payments-mock fixtures',
  type: 'object',
  additionalProperties: false,
  required: ['workspaces'],
  properties: {
    $schema: { type: 'string' },
    workspaces: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name', 'keys'],
        properties: {
          id: { type: 'string', pattern: '^[0-9A-Za-z_-]{1,64}$' },
          name: { type: 'string', minLength: 1, maxLength: 256 },
          account: id('acct'),
          created: time,
          default_version: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          clock: workspaceClock,
          scenario: workspaceScenario,
          keys: { type: 'array', items: key },
          test: modeData,
          live: modeData,
          webhook_endpoints: { type: 'array', items: webhookEndpoint },
          webhook_deliveries: { type: 'array', items: webhookDelivery },
        },
      },
    },
    random: {
      description: 'State of the id generator (exported state only), so a restart never repeats an id.',
      type: 'array',
      items: { type: 'integer' },
      minItems: 4,
      maxItems: 4,
    },
    ids: {
      description:
        "The store's id key and counters (exported state only): ids are made from numbers under the key, so a restart reads its own ids back and never repeats one.",
      type: 'object',
      additionalProperties: false,
      required: ['key', 'seq', 'requests'],
      properties: {
        key: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 4294967295 }, minItems: 4, maxItems: 4 },
        seq: { type: 'integer', minimum: 0, maximum: 4294967295 },
        requests: { type: 'integer', minimum: 0, maximum: 4294967295 },
      },
    },
  },
} as const;
