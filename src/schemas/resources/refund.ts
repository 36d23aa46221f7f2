import { enumOf, integer, literal, nullable, Static } from '../typed-schema';
import { resource, currency, id } from './shared';

const reasonSchema = enumOf(['duplicate', 'fraudulent', 'requested_by_customer']);
export type RefundReason = Static<typeof reasonSchema>;

export const refundSchema = resource('re', 'refund', {
  payment: id('pay'),
  amount: integer(),
  currency: currency(),
  status: literal('succeeded'),
  reason: nullable(reasonSchema),
  fee_refunded: integer(),
});
/** A refund as the API serves it. */
export type Refund = Static<typeof refundSchema>;
