/**
 * The JSON Schema of fixture files (and of exported state, which is a fixture file with absolute times).
 * `fixtures/schema.json` is this schema written out for editors (`"$schema": "./schema.json"`); a test keeps the
 * two identical.
 */
import { id, time } from './fixture-fields';
import { customer, event, idempotencyRecord, payment, paymentMethod, refund } from './fixture-objects';
import { webhookDelivery, webhookEndpoint } from './fixture-webhooks';
import { key, workspaceClock, workspaceScenario } from './fixture-workspace-settings';

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
