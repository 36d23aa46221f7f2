import { ApiError } from '../errors/api-error';
import { Payment, Refund, RefundReason } from '../schemas/resources';
import { Collection } from '../store/collection';
import { emitEvent } from './events';
import { refundedFee } from './fees';
import { updatePayment } from './payments';
import { Scope } from './scope';

export interface RefundParams {
  amount?: number;
  reason?: RefundReason;
}

/** Refunds a succeeded payment in full (the default: what is left) or in part, returning fees in proportion. */
export function refundPayment(scope: Scope, payment: Payment, params: RefundParams): Refund {
  if (payment.status !== 'succeeded') {
    throw new ApiError('payment_intent_unexpected_state', `This payment's status is ${payment.status}; only a succeeded payment can be refunded.`);
  }
  const left = payment.amount - payment.amount_refunded;
  if (left === 0) {
    throw new ApiError('charge_already_refunded', `Payment ${payment.id} has already been refunded in full (${payment.amount_refunded} ${payment.currency}).`);
  }
  const amount = params.amount ?? left;
  if (amount > left) {
    throw new ApiError('amount_too_large', `Refund amount (${amount}) is greater than what is left to refund on ${payment.id} (${left}).`, { param: 'amount' });
  }
  const previous = refundsOf(scope, payment.id);
  let feeRefundedSoFar = 0;
  for (const refund of previous.values()) feeRefundedSoFar += refund.fee_refunded;
  const refund: Refund = {
    id: scope.store.newId('re'),
    object: 'refund',
    payment: payment.id,
    amount,
    currency: payment.currency,
    status: 'succeeded',
    reason: params.reason ?? null,
    fee_refunded: refundedFee(payment, amount, feeRefundedSoFar, payment.amount_refunded),
    created: scope.now,
    livemode: scope.livemode,
  };
  const seq = scope.store.nextSeq();
  scope.partition.refunds.add(refund, seq);
  previous.add(refund, seq);
  emitEvent(scope, 'refund.created', refund);
  updatePayment(scope, 'payment.refunded', { ...payment, amount_refunded: payment.amount_refunded + amount });
  return refund;
}

/** The refunds of one payment, newest first when paged. */
export function refundsOf(scope: Scope, paymentId: string): Collection<Refund> {
  let refunds = scope.partition.refundsByPayment.get(paymentId);
  if (!refunds) scope.partition.refundsByPayment.set(paymentId, (refunds = new Collection<Refund>()));
  return refunds;
}

export function getRefund(scope: Scope, id: string): Refund {
  const refund = scope.partition.refunds.get(id);
  if (!refund) throw new ApiError('resource_missing', `No such refund: '${id}'.`, { param: 'id' });
  return refund;
}
