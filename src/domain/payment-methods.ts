import { ApiError } from '../errors/api-error';
import { passesLuhn } from '../masking/luhn';
import { PaymentMethod } from '../schemas/resources';
import { CardOutcome } from '../store/store';
import { emitEvent } from './events';
import { Scope } from './scope';
import { cardBrand } from '../cards/card-brand';
import { cardOutcome, TEST_PAYMENT_METHODS } from './test-cards';

export interface CreatePaymentMethodParams {
  type?: 'card';
  card: { number: string; exp_month: number; exp_year: number; cvc?: string };
}

/** Tokenises card details: only brand, last4 and expiry are kept; the number and CVC are never stored. */
export function createPaymentMethod(scope: Scope, params: CreatePaymentMethodParams): PaymentMethod {
  const { number, exp_month, exp_year } = params.card;
  if (!passesLuhn(number)) {
    throw new ApiError('parameter_invalid', 'Invalid card[number]: it fails the Luhn check. Use a test card such as 4242424242424242.', {
      param: 'card[number]',
    });
  }
  const method: PaymentMethod = {
    id: scope.store.newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: { brand: cardBrand(number), last4: number.slice(-4), exp_month, exp_year },
    created: scope.now,
    livemode: scope.livemode,
  };
  scope.partition.paymentMethods.add(method, scope.store.nextSeq());
  scope.partition.cardOutcomes.set(method.id, cardOutcome(number));
  emitEvent(scope, 'payment_method.created', method);
  return method;
}

/**
 * What confirming with `reference` (a `pm_` id of this account and mode, or a `pm_card_*` shortcut) will do.
 * A shortcut is tokenised on the spot, as if the client had sent the card, so the payment names a real `pm_`.
 */
export function resolvePaymentMethod(scope: Scope, reference: string): { id: string; outcome: CardOutcome } {
  if (Object.prototype.hasOwnProperty.call(TEST_PAYMENT_METHODS, reference)) {
    const number = TEST_PAYMENT_METHODS[reference] as string;
    const method = createPaymentMethod(scope, { card: { number, exp_month: 12, exp_year: shortcutExpiryYear(scope.now) } });
    return { id: method.id, outcome: cardOutcome(number) };
  }
  const outcome = scope.partition.cardOutcomes.get(reference);
  if (outcome === undefined || !scope.partition.paymentMethods.get(reference)) {
    throw new ApiError(
      'resource_missing',
      `No such payment_method: '${reference}'. Use a pm_ id from POST /v1/payment_methods or a test method such as pm_card_visa.`,
      { param: 'payment_method', status: 400 },
    );
  }
  return { id: reference, outcome };
}

/**
 * Three years after the clock, kept within the years card parameters and state files accept (2000–2100), so a
 * shortcut confirmed with the clock far in the past or future still makes a card that saves and loads.
 */
export function shortcutExpiryYear(now: number): number {
  return Math.min(2100, Math.max(2000, new Date(now * 1000).getUTCFullYear() + 3));
}
