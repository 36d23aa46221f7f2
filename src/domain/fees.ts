import { ZERO_DECIMAL_CURRENCIES } from '../schemas/currencies';

/** round() that sends halves up, on integers: fees never depend on floating-point luck. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The processing fee: 2.9% of the amount (rounded half up) plus 30 minor units, no fixed part for zero-decimal
 * currencies, and never more than the amount.
 * @example paymentFee(2000, 'usd') // 88
 */
export function paymentFee(amount: number, currency: string): number {
  const fixed = ZERO_DECIMAL_CURRENCIES.has(currency) ? 0 : 30;
  return Math.min(amount, roundHalfUp(amount * 29, 1000) + fixed);
}

/**
 * The fee returned by a refund: in proportion to the refunded amount; the refund that empties the payment takes
 * whatever fee is left, so a fully refunded payment returns exactly its fee.
 */
export function refundedFee(payment: { amount: number; fee: number }, refundAmount: number, feeRefundedSoFar: number, refundedSoFar: number): number {
  if (refundedSoFar + refundAmount >= payment.amount) return payment.fee - feeRefundedSoFar;
  return Math.min(payment.fee - feeRefundedSoFar, roundHalfUp(payment.fee * refundAmount, payment.amount));
}
