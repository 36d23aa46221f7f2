/**
 * Request parameter schemas, one per operation: ajv validates against them and the OpenAPI document is built
 * from them. Each is a closed object, so an unknown parameter is always caught.
 */
export const MAX_AMOUNT = 99_999_999;

const str = (maxLength: number, extra: object = {}) => ({ type: 'string', minLength: 1, maxLength, ...extra });
const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
const closed = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties,
});

const metadata = {
  type: 'object',
  maxProperties: 50,
  propertyNames: { maxLength: 40, minLength: 1 },
  additionalProperties: { type: 'string', maxLength: 500 },
  description: 'Up to 50 string pairs; keys up to 40 characters, values up to 500.',
};

const enabledEvents = {
  type: 'array',
  minItems: 1,
  maxItems: 32,
  items: { type: 'string', minLength: 1, maxLength: 100 },
  description:
    'Event types (payment.succeeded), group wildcards (payment.*), or ["*"] for every event. In a form body: enabled_events[]=… or enabled_events[0]=….',
};

const listParams = {
  limit: { ...int(1, 100), description: 'Page size, 1 to 100 (default 10).' },
  starting_after: { ...str(255), description: 'Cursor: an object id; the page holds older objects.' },
  ending_before: { ...str(255), description: 'Cursor: an object id; the page holds newer objects.' },
};

const createdRange = {
  oneOf: [{ type: 'integer', minimum: 0 }, closed({ gt: int(0, 2 ** 40), gte: int(0, 2 ** 40), lt: int(0, 2 ** 40), lte: int(0, 2 ** 40) })],
};

export const PARAM_SCHEMAS = {
  createPayment: closed(
    {
      amount: { ...int(1, MAX_AMOUNT), description: 'Smallest currency unit, 1 to 99999999.' },
      currency: { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code, any case; stored lowercase.' },
      customer: { ...str(255), description: 'Id of a customer of this account and mode.' },
      description: { type: 'string', maxLength: 1000 },
      metadata,
    },
    ['amount', 'currency'],
  ),
  retrievePayment: closed({
    client_secret: { ...str(500), description: 'Required with a publishable key.' },
  }),
  confirmPayment: closed({
    payment_method: { ...str(255), description: 'A pm_ id or a test method such as pm_card_visa.' },
    client_secret: { ...str(500), description: 'Required with a publishable key.' },
    return_url: { ...str(2048), description: 'Where the 3-D Secure page sends the customer back (http: or https:).' },
  }),
  refundPayment: closed({
    amount: { ...int(1, MAX_AMOUNT), description: 'Defaults to what is left to refund.' },
    reason: { enum: ['duplicate', 'fraudulent', 'requested_by_customer'] },
  }),
  createCustomer: closed({
    email: { type: 'string', maxLength: 512, pattern: '^[^@\\s]+@[^@\\s]+$', description: 'Checked loosely: something@something.' },
    name: { type: 'string', maxLength: 256 },
    phone: { type: 'string', pattern: '^\\+[0-9]{2,15}$', description: 'E.164: + and 2 to 15 digits.' },
  }),
  createPaymentMethod: closed(
    {
      type: { enum: ['card'] },
      card: closed(
        {
          number: { type: 'string', pattern: '^[0-9]{12,19}$' },
          exp_month: int(1, 12),
          exp_year: int(2000, 2100),
          cvc: { type: 'string', pattern: '^[0-9]{3,4}$' },
        },
        ['number', 'exp_month', 'exp_year'],
      ),
    },
    ['card'],
  ),
  createWebhookEndpoint: closed(
    {
      url: { ...str(2048), description: 'Where deliveries are POSTed: an absolute http: or https: URL.' },
      enabled_events: enabledEvents,
      description: { type: 'string', maxLength: 1000 },
      metadata,
      api_version: {
        type: 'string',
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'Render event objects in this API version (default: each event in its own version).',
      },
    },
    ['url', 'enabled_events'],
  ),
  updateWebhookEndpoint: closed({
    url: { ...str(2048), description: 'Where deliveries are POSTed: an absolute http: or https: URL.' },
    enabled_events: enabledEvents,
    description: { type: 'string', maxLength: 1000 },
    metadata: { ...metadata, description: "Merged into the endpoint's metadata; an empty value removes its key." },
    disabled: { type: 'boolean', description: 'true stops deliveries (pending ones are canceled); false resumes.' },
  }),
  rotateWebhookSecret: closed({
    expires_in: {
      type: ['string', 'integer'],
      minLength: 1,
      maxLength: 40,
      description:
        'How long the old secret keeps signing beside the new one: a duration such as "24h" (the default), "90m" or "7d" (the most), seconds, or "now".',
    },
  }),
  list: closed(listParams),
  listPayments: closed({
    ...listParams,
    customer: { ...str(255), description: 'Only the payments of this customer (a cus_ id).' },
    status: { enum: ['requires_confirmation', 'requires_payment_method', 'requires_action', 'succeeded'], description: 'Only the payments in this status.' },
    created: { ...createdRange, description: 'Unix seconds, or created[gt|gte|lt|lte].' },
  }),
  listEvents: closed({
    ...listParams,
    type: { ...str(100), description: 'An event type, or a group such as payment.*' },
    created: { ...createdRange, description: 'Unix seconds, or created[gt|gte|lt|lte].' },
  }),
  none: closed({}),
} as const;

export type ParamSchemaName = keyof typeof PARAM_SCHEMAS;
