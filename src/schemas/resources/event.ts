import { described, enumOf, nullable, object, ref, Schema, Static, string, union } from '../typed-schema';
import { resource } from './shared';

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

/** An event whose `type` is one of `types` and whose `data.object` is the `snapshot` component. */
function eventSchema<T extends string, O>(types: readonly T[], snapshot: Schema<O>) {
  return resource('evt', 'event', {
    type: enumOf(types),
    api_version: string({ description: 'The version data.object is rendered in.' }),
    data: object({ object: described(snapshot, 'The object as it was at that moment.') }),
    request: object({ id: nullable(string()), idempotency_key: nullable(string()) }),
  });
}

/** Any event, as the store keeps it: its snapshot is the object as rendered, of whichever kind. */
export type ApiEvent = Static<ReturnType<typeof eventSchema<string, Record<string, unknown>>>>;

/** One component per kind of event (PaymentEvent, …), its `data.object` typed by its `type`. */
export const eventKindSchemas = Object.fromEntries(
  EVENT_KINDS.map(({ component, object, types }) => [component, eventSchema(types, ref<Record<string, unknown>>(object))]),
) as Record<EventComponent, Schema<ApiEvent>>;

/** An event: its `data.object` is typed by its `type` (a payment for payment.*, and so on). */
export const anyEventSchema = union(EVENT_KINDS.map(({ component }) => ref<ApiEvent>(component)));
