/**
 * The wire shape of every resource: a TypeScript type and the JSON Schema that documents it (OpenAPI) and that
 * the tests check every response against. Every object always carries every field; unset ones are null.
 */
export type Mode = 'test' | 'live';
export type PaymentStatus = 'requires_confirmation' | 'requires_payment_method' | 'requires_action' | 'succeeded';
export type RefundReason = 'duplicate' | 'fraudulent' | 'requested_by_customer';

export interface PaymentError {
  type: 'card_error';
  code: 'card_declined' | 'expired_card' | 'payment_intent_authentication_failure';
  decline_code: string | null;
  message: string;
  payment_method: string | null;
}

export interface Payment {
  id: string;
  object: 'payment';
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: string;
  status: PaymentStatus;
  client_secret: string | null;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  fee: number;
  payment_method: string | null;
  last_payment_error: PaymentError | null;
  /** Where the customer goes next: set while the payment is `requires_action` (3-D Secure), else null. */
  next_action: NextAction | null;
  created: number;
  livemode: boolean;
}

/** The 3-D Secure step of a `requires_action` payment: open `url`; the mock's page sends the customer back to `return_url`. */
export interface NextAction {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string | null };
}

export interface Refund {
  id: string;
  object: 'refund';
  payment: string;
  amount: number;
  currency: string;
  status: 'succeeded';
  reason: RefundReason | null;
  fee_refunded: number;
  created: number;
  livemode: boolean;
}

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  phone: string | null;
  created: number;
  livemode: boolean;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
  created: number;
  livemode: boolean;
}

export interface ApiEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: boolean;
  api_version: string;
  data: { object: Record<string, unknown> };
  request: { id: string | null; idempotency_key: string | null };
}

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  /** Shown by create and the admin API only; null elsewhere. */
  secret: string | null;
  /** null: events are rendered in the account's default version. */
  api_version: string | null;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: boolean;
}

export interface DeletedObject {
  id: string;
  object: string;
  deleted: true;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

export interface DeliveryAttempt {
  n: number;
  /** Mock Unix seconds when the attempt was made. */
  at: number;
  duration_ms: number;
  response_status: number | null;
  /** null for an answer (2xx or not); else timeout, connection_refused, redirect, … */
  error: string | null;
  /** The first 1 KiB of the answer. */
  response_body: string | null;
}

export interface WebhookDelivery {
  id: string;
  object: 'webhook_delivery';
  workspace: string;
  livemode: boolean;
  endpoint: string;
  url: string;
  event: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  next_attempt_at: number | null;
  created: number;
}

export type PermissionLevel = 'none' | 'read' | 'write';
export const PERMISSION_RESOURCES = ['payments', 'refunds', 'customers', 'events', 'payment_methods', 'account', 'webhook_endpoints'] as const;
export type PermissionResource = (typeof PERMISSION_RESOURCES)[number];
export type Permissions = Record<PermissionResource, PermissionLevel>;
export type KeyKind = 'secret' | 'publishable' | 'restricted';

export interface Account {
  id: string;
  object: 'account';
  name: string;
  livemode: boolean;
  default_version: string;
  created: number;
  key: { kind: KeyKind; permissions: Permissions };
}

export interface ListOf<T> {
  object: 'list';
  url: string;
  has_more: boolean;
  data: T[];
}

const id = (prefix: string) => ({ type: 'string', pattern: `^${prefix}_[0-9A-Za-z]+$` }) as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const int = { type: 'integer' } as const;
const base = (prefix: string, object: string) => ({
  id: id(prefix),
  object: { const: object },
  created: int,
  livemode: { type: 'boolean' },
});
const closed = (properties: Record<string, object>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});

const permissionsSchema = closed(Object.fromEntries(PERMISSION_RESOURCES.map((name) => [name, { enum: ['none', 'read', 'write'] }])));

export const paymentErrorSchema = closed({
  type: { const: 'card_error' },
  code: { enum: ['card_declined', 'expired_card', 'payment_intent_authentication_failure'] },
  decline_code: nullable({ type: 'string' }),
  message: { type: 'string' },
  payment_method: nullable({ type: 'string' }),
});

/** The event types, grouped by the kind of object their snapshot holds. */
export const EVENT_KINDS = [
  {
    component: 'PaymentEvent',
    object: 'Payment',
    types: ['payment.created', 'payment.succeeded', 'payment.payment_failed', 'payment.requires_action', 'payment.refunded'],
  },
  { component: 'RefundEvent', object: 'Refund', types: ['refund.created'] },
  { component: 'CustomerEvent', object: 'Customer', types: ['customer.created'] },
  { component: 'PaymentMethodEvent', object: 'PaymentMethod', types: ['payment_method.created'] },
] as const;
type EventComponent = (typeof EVENT_KINDS)[number]['component'];

function eventSchema(object: string, types: readonly string[]) {
  return closed({
    ...base('evt', 'event'),
    type: { enum: [...types] },
    api_version: { type: 'string', description: 'The version data.object is rendered in.' },
    data: closed({ object: { $ref: `#/components/schemas/${object}`, description: 'The object as it was at that moment.' } }),
    request: closed({ id: nullable({ type: 'string' }), idempotency_key: nullable({ type: 'string' }) }),
  });
}

/** Response schemas, by component name in the OpenAPI document. */
export const RESOURCE_SCHEMAS = {
  Payment: closed({
    ...base('pay', 'payment'),
    amount: int,
    amount_received: int,
    amount_refunded: int,
    currency: { type: 'string', pattern: '^[a-z]{3}$' },
    status: { enum: ['requires_confirmation', 'requires_payment_method', 'requires_action', 'succeeded'] },
    client_secret: nullable({ type: 'string', pattern: '^pay_[0-9A-Za-z]+_secret_[0-9A-Za-z]+$' }),
    customer: nullable(id('cus')),
    description: nullable({ type: 'string' }),
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    fee: int,
    payment_method: nullable(id('pm')),
    last_payment_error: nullable(paymentErrorSchema),
    next_action: nullable(
      closed({
        type: { const: 'redirect_to_url' },
        redirect_to_url: closed({ url: { type: 'string' }, return_url: nullable({ type: 'string' }) }),
      }),
    ),
  }),
  Refund: closed({
    ...base('re', 'refund'),
    payment: id('pay'),
    amount: int,
    currency: { type: 'string', pattern: '^[a-z]{3}$' },
    status: { const: 'succeeded' },
    reason: nullable({ enum: ['duplicate', 'fraudulent', 'requested_by_customer'] }),
    fee_refunded: int,
  }),
  Customer: {
    ...closed({
      ...base('cus', 'customer'),
      email: nullable({ type: 'string' }),
      name: nullable({ type: 'string' }),
      phone: {
        ...nullable({ type: 'string' }),
        description: 'Returned from API version 2025-08-27 on; absent under 2024-09-30 (accepted and stored, not returned).',
      },
    }),
    // `phone` is left out of `required`: responses rendered for 2024-09-30 do not have it.
    required: ['id', 'object', 'created', 'livemode', 'email', 'name'],
  },
  PaymentMethod: closed({
    ...base('pm', 'payment_method'),
    type: { const: 'card' },
    card: closed({
      brand: { type: 'string' },
      last4: { type: 'string', pattern: '^[0-9]{4}$' },
      exp_month: int,
      exp_year: int,
    }),
  }),
  /** An event: its `data.object` is typed by its `type` (a payment for payment.*, and so on). */
  Event: { oneOf: EVENT_KINDS.map(({ component }) => ({ $ref: `#/components/schemas/${component}` })) },
  ...(Object.fromEntries(EVENT_KINDS.map(({ component, object, types }) => [component, eventSchema(object, types)])) as Record<
    EventComponent,
    ReturnType<typeof eventSchema>
  >),
  WebhookEndpoint: closed({
    ...base('we', 'webhook_endpoint'),
    url: { type: 'string' },
    enabled_events: { type: 'array', items: { type: 'string' } },
    status: { enum: ['enabled', 'disabled'] },
    secret: nullable({ type: 'string', pattern: '^whsec_[A-Za-z0-9+/]+=*$' }),
    api_version: nullable({ type: 'string' }),
    description: nullable({ type: 'string' }),
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
  }),
  DeletedWebhookEndpoint: closed({
    id: id('we'),
    object: { const: 'webhook_endpoint' },
    deleted: { const: true },
  }),
  Account: closed({
    id: id('acct'),
    object: { const: 'account' },
    name: { type: 'string' },
    livemode: { type: 'boolean' },
    default_version: { type: 'string' },
    created: int,
    key: closed({ kind: { enum: ['secret', 'publishable', 'restricted'] }, permissions: permissionsSchema }),
  }),
  Error: closed({
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'code', 'message', 'doc_url'],
      properties: {
        type: {
          enum: ['authentication_error', 'permission_error', 'invalid_request_error', 'idempotency_error', 'card_error', 'rate_limit_error', 'api_error'],
        },
        code: { type: 'string', description: 'One of the codes listed at /docs/errors.' },
        message: { type: 'string', description: 'What went wrong and what to change.' },
        param: { type: 'string', description: 'The parameter at fault, when there is one.' },
        decline_code: { type: 'string' },
        doc_url: { type: 'string', description: 'The code on the /docs/errors page this server serves.' },
        payment: { $ref: '#/components/schemas/Payment' },
        suggestions: {
          type: 'array',
          items: { type: 'string' },
          maxItems: 3,
          description:
            'url_invalid: the routes nearest to the one asked for, best first, as `METHOD /path/{id}` (the message names them too); empty when none is near.',
        },
        problems: {
          type: 'array',
          description: 'flow_invalid: every problem of the flow document, by JSON pointer.',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['pointer', 'message'],
            properties: { pointer: { type: 'string' }, message: { type: 'string' } },
          },
        },
        step: {
          type: 'object',
          description: 'flow_step_failed, flow_expectation_failed: the step that stopped the flow.',
          additionalProperties: false,
          required: ['index', 'name', 'pointer'],
          properties: { index: { type: 'integer' }, name: { type: ['string', 'null'] }, pointer: { type: 'string' } },
        },
        request: { type: ['object', 'null'], description: 'The step’s request (method and path, references resolved); null when it was never sent.' },
        response: { type: ['object', 'null'], description: 'What the API answered the step: { status, body }.' },
        answers: { type: 'object', description: 'The answers of the named steps that ran before it.' },
      },
    },
  }),
  /** A 402: the card was declined or has expired; `payment` is the payment after the failed attempt. */
  CardError: closed({
    error: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'code', 'message', 'doc_url'],
      properties: {
        type: { const: 'card_error' },
        code: { enum: ['card_declined', 'expired_card'] },
        decline_code: { type: 'string', description: 'Why the card was declined: generic_decline, insufficient_funds, …' },
        message: { type: 'string' },
        param: { type: 'string' },
        doc_url: { type: 'string' },
        payment: { $ref: '#/components/schemas/Payment', description: 'The payment after the failed attempt (status requires_payment_method).' },
      },
    },
  }),
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;

/** The schema of a list of `item`. */
export function listSchema(item: ResourceName): object {
  return closed({
    object: { const: 'list' },
    url: { type: 'string' },
    has_more: { type: 'boolean' },
    data: { type: 'array', items: { $ref: `#/components/schemas/${item}` } },
  });
}
