import { described, enumOf, integer, literal, nullable, object, Static, string } from '../typed-schema';
import { resource, currency, id, metadata } from './shared';

const statusSchema = enumOf(['requires_confirmation', 'requires_payment_method', 'requires_action', 'succeeded']);
export type PaymentStatus = Static<typeof statusSchema>;

/** Why the last confirmation failed: a declined or expired card, or a failed 3-D Secure step. */
export const paymentErrorSchema = object({
  type: literal('card_error'),
  code: enumOf(['card_declined', 'expired_card', 'payment_intent_authentication_failure']),
  decline_code: nullable(string()),
  message: string(),
  payment_method: nullable(string()),
});
export type PaymentError = Static<typeof paymentErrorSchema>;

const nextActionSchema = described(
  object({
    type: literal('redirect_to_url'),
    redirect_to_url: object({ url: string(), return_url: nullable(string()) }),
  }),
  "The 3-D Secure step of a `requires_action` payment: open `url`; the mock's page sends the customer back to `return_url`.",
);
/** The 3-D Secure step of a `requires_action` payment (see the schema's description). */
export type NextAction = Static<typeof nextActionSchema>;

export const paymentSchema = resource('pay', 'payment', {
  amount: integer(),
  amount_received: integer(),
  amount_refunded: integer(),
  currency: currency(),
  status: statusSchema,
  client_secret: nullable(string({ pattern: '^pay_[0-9A-Za-z]+_secret_[0-9A-Za-z]+$' })),
  customer: nullable(id('cus')),
  description: nullable(string()),
  metadata: metadata(),
  fee: integer(),
  payment_method: nullable(id('pm')),
  last_payment_error: nullable(paymentErrorSchema),
  next_action: described(nullable(nextActionSchema), 'Where the customer goes next: set while the payment is `requires_action` (3-D Secure), else null.'),
});
/** A payment as the API serves it; every field is always there, unset ones null. */
export type Payment = Static<typeof paymentSchema>;
