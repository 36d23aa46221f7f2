import { confirmPayment, createPayment, getPayment } from '../../../src/domain/payments';
import { refundPayment, refundsOf } from '../../../src/domain/refunds';
import { Scope } from '../../../src/domain/scope';
import { ApiError } from '../../../src/errors/api-error';
import { Payment, Refund } from '../../../src/schemas/resources';
import { freshScope } from './fresh-scope';

/** A succeeded payment of `amount` (fee 2.9% + 30 on usd). */
function succeeded(scope: Scope, amount = 2000, currency = 'usd'): Payment {
  return confirmPayment(scope, createPayment(scope, { amount, currency }), 'pm_card_visa');
}

/** Refunds `amounts` one after another (undefined: the default amount); each reads the payment as now stored. */
function refundInTurn(scope: Scope, payment: Payment, amounts: Array<number | undefined>): Refund[] {
  return amounts.map((amount) => refundPayment(scope, getPayment(scope, payment.id), amount === undefined ? {} : { amount }));
}

function refusal(action: () => unknown): ApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('refund amounts', () => {
  it.each<[string, number, Array<number | undefined>, number[]]>([
    ['without an amount, a refund takes the whole payment', 2000, [undefined], [2000]],
    ['without an amount after a partial refund, a refund takes what is left', 2000, [500, undefined], [500, 1500]],
    ['partial refunds can add up to the whole payment', 2000, [500, 500, 1000], [500, 500, 1000]],
    ['a refund of exactly what is left is allowed', 2000, [1999, 1], [1999, 1]],
    ['a zero-decimal payment refunds in whole units', 1000, [undefined], [1000]],
  ])('%s', (_rule, amount, asked, refunded) => {
    const scope = freshScope();
    const payment = succeeded(scope, amount, amount === 1000 ? 'jpy' : 'usd');
    const refunds = refundInTurn(scope, payment, asked);
    expect(refunds.map((refund) => refund.amount)).toEqual(refunded);
    expect(getPayment(scope, payment.id).amount_refunded).toBe(refunded.reduce((a, b) => a + b, 0));
  });

  it.each<[string, Array<number | undefined>, number | undefined, string, string | undefined]>([
    ['more than the payment is amount_too_large on amount', [], 2001, 'amount_too_large', 'amount'],
    ['more than what is left is amount_too_large on amount', [1500], 501, 'amount_too_large', 'amount'],
    ['anything on a fully refunded payment is charge_already_refunded', [undefined], 1, 'charge_already_refunded', undefined],
    ['the default amount on a fully refunded payment is charge_already_refunded too', [1000, 1000], undefined, 'charge_already_refunded', undefined],
  ])('%s', (_rule, before, amount, code, param) => {
    const scope = freshScope();
    const payment = succeeded(scope);
    refundInTurn(scope, payment, before);
    const error = refusal(() => refundInTurn(scope, payment, [amount]));
    expect(error.code).toBe(code);
    expect(error.extras.param).toBe(param);
    expect(refundsOf(scope, payment.id).size).toBe(before.length);
  });

  it.each([
    ['requires_confirmation', undefined],
    ['requires_payment_method', 'pm_card_chargeDeclined'],
    ['requires_action', 'pm_card_authenticationRequired'],
  ])('a payment in %s cannot be refunded: payment_intent_unexpected_state', (status, method) => {
    const scope = freshScope();
    const created = createPayment(scope, { amount: 2000, currency: 'usd' });
    try {
      if (method) confirmPayment(scope, created, method);
    } catch {
      // A decline throws after storing the payment in requires_payment_method.
    }
    const payment = getPayment(scope, created.id);
    expect(payment.status).toBe(status);
    expect(refusal(() => refundPayment(scope, payment, {})).code).toBe('payment_intent_unexpected_state');
  });
});

describe('fees returned by refunds', () => {
  it.each<[string, number, Array<number | undefined>, number[]]>([
    ['a full refund returns the whole fee', 2000, [undefined], [88]],
    ['half the amount returns half the fee', 2000, [1000], [44]],
    ['the fee share is proportional, rounded half up, and the last refund takes the remainder', 2000, [333, 333, undefined], [15, 15, 58]],
    ['tiny refunds return no fee (88 × 1 / 2000 rounds to 0), and the one that empties the payment takes it all', 2000, [1, 1, undefined], [0, 0, 88]],
    ['a zero-decimal payment returns its fee the same way', 10000, [2500, undefined], [73, 217]],
  ])('%s', (_rule, amount, asked, fees) => {
    const scope = freshScope();
    const payment = succeeded(scope, amount, amount === 10000 ? 'jpy' : 'usd');
    const refunds = refundInTurn(scope, payment, asked);
    expect(refunds.map((refund) => refund.fee_refunded)).toEqual(fees);
    // Whenever the refunds empty the payment, they return exactly its fee.
    if (asked.includes(undefined)) expect(fees.reduce((a, b) => a + b, 0)).toBe(payment.fee);
  });
});

describe('what a refund records', () => {
  it('a refund is succeeded, in the payment’s currency, with its reason, and emits refund.created then payment.refunded', () => {
    const scope = freshScope();
    const payment = succeeded(scope);
    const refund = refundPayment(scope, payment, { amount: 500, reason: 'requested_by_customer' });
    expect(refund).toMatchObject({ object: 'refund', payment: payment.id, amount: 500, currency: 'usd', status: 'succeeded', reason: 'requested_by_customer' });
    const types = [...scope.partition.events.values()].map((event) => event.type);
    expect(types.slice(-2)).toEqual(['refund.created', 'payment.refunded']);
  });

  it('a refund without a reason has reason null', () => {
    const scope = freshScope();
    expect(refundPayment(scope, succeeded(scope), {}).reason).toBeNull();
  });

  it('refunds are kept per payment as well as in the account', () => {
    const scope = freshScope();
    const [one, two] = [succeeded(scope), succeeded(scope)];
    refundInTurn(scope, one as Payment, [100, 200]);
    refundInTurn(scope, two as Payment, [300]);
    expect(refundsOf(scope, (one as Payment).id).size).toBe(2);
    expect(refundsOf(scope, (two as Payment).id).size).toBe(1);
    expect(scope.partition.refunds.size).toBe(3);
  });
});
