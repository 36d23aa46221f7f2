/**
 * The wire shape of every resource, written once as a JSON Schema (src/schemas/typed-schema.ts) that documents it
 * (OpenAPI) and that the tests check every response against; each TypeScript type is derived from its schema
 * (`Static<typeof schema>`), so the two cannot drift. Every object always carries every field; unset ones are null.
 */
import { accountSchema } from './account';
import { customerSchema } from './customer';
import { cardErrorSchema, errorSchema } from './error';
import { anyEventSchema, eventKindSchemas } from './event';
import { ListOf, listOf } from './list';
import { paymentSchema } from './payment';
import { paymentMethodSchema } from './payment-method';
import { refundSchema } from './refund';
import { deletedWebhookEndpointSchema, webhookEndpointSchema } from './webhook-endpoint';
import { ref, Schema } from '../typed-schema';

export type { Account, KeyKind, PermissionLevel, PermissionResource, Permissions } from './account';
export { PERMISSION_RESOURCES } from './account';
export type { Customer } from './customer';
export type { DeliveryAttempt, DeliveryStatus, WebhookDelivery } from './delivery';
export { webhookDeliverySchema } from './delivery';
export type { ApiEvent } from './event';
export { EVENT_KINDS } from './event';
export type { ListOf } from './list';
export type { NextAction, Payment, PaymentError, PaymentStatus } from './payment';
export { paymentErrorSchema } from './payment';
export type { PaymentMethod } from './payment-method';
export type { Refund, RefundReason } from './refund';
export type { DeletedObject, WebhookEndpoint } from './webhook-endpoint';

export type Mode = 'test' | 'live';

/** Response schemas, by component name in the OpenAPI document. */
export const RESOURCE_SCHEMAS = {
  Payment: paymentSchema,
  Refund: refundSchema,
  Customer: customerSchema,
  PaymentMethod: paymentMethodSchema,
  Event: anyEventSchema,
  ...eventKindSchemas,
  WebhookEndpoint: webhookEndpointSchema,
  DeletedWebhookEndpoint: deletedWebhookEndpointSchema,
  Account: accountSchema,
  Error: errorSchema,
  CardError: cardErrorSchema,
} as const;

export type ResourceName = keyof typeof RESOURCE_SCHEMAS;

/** The schema of a list of `item`. @example listSchema('Payment') */
export function listSchema(item: ResourceName): Schema<ListOf<unknown>> {
  return listOf(ref(item));
}
