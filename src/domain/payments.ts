import { ApiError } from '../errors/api-error';
import { CURRENCIES } from '../schemas/currencies';
import { NextAction, Payment, PaymentError } from '../schemas/resources';
import { ScenarioName } from '../scenarios/scenarios';
import { CardOutcome, KeyRecord } from '../store/store';
import { emitEvent } from './events';
import { paymentFee } from './fees';
import { resolvePaymentMethod } from './payment-methods';
import { Scope } from './scope';

/** Lower-case code → the one shared string for it, so a million payments do not hold a million copies of "usd". */
const CANONICAL_CURRENCY = new Map(CURRENCIES.map((code) => [code, code]));

export interface CreatePaymentParams {
  amount: number;
  currency: string;
  customer?: string;
  description?: string;
  metadata?: Record<string, string>;
}

/** Creates a payment in `requires_confirmation`, as the spec returns it. */
export function createPayment(scope: Scope, params: CreatePaymentParams): Payment {
  const currency = CANONICAL_CURRENCY.get(params.currency.toLowerCase());
  if (currency === undefined) {
    throw new ApiError('parameter_invalid', `Invalid currency: ${params.currency}. Use a three-letter ISO 4217 code such as usd or eur.`, {
      param: 'currency',
    });
  }
  if (params.customer !== undefined && !scope.partition.customers.get(params.customer)) {
    throw new ApiError('resource_missing', `No such customer: '${params.customer}' in this account's ${scope.livemode ? 'live' : 'test'} mode.`, {
      param: 'customer',
      status: 400,
    });
  }
  // One number is the payment's id and its place in the order.
  const seq = scope.store.nextSeq();
  const id = scope.store.ids.make('pay', seq);
  const payment: Payment = {
    id,
    object: 'payment',
    amount: params.amount,
    amount_received: 0,
    amount_refunded: 0,
    currency,
    status: 'requires_confirmation',
    client_secret: scope.store.ids.secret(id, seq),
    customer: params.customer ?? null,
    description: params.description ?? null,
    metadata: storedMetadata(params.metadata),
    fee: paymentFee(params.amount, currency),
    payment_method: null,
    last_payment_error: null,
    next_action: null,
    created: scope.now,
    livemode: scope.livemode,
  };
  emitEvent(scope, 'payment.created', scope.partition.payments.add(payment, seq));
  return payment;
}

export function getPayment(scope: Scope, id: string): Payment {
  const payment = scope.partition.payments.get(id);
  if (!payment) throw noSuchPayment(id);
  return payment;
}

/** The 404 for a payment id this account and mode do not hold. */
export function noSuchPayment(id: string): ApiError {
  return new ApiError('resource_missing', `No such payment: '${id}'.`, { param: 'id' });
}

const CONFIRMABLE = new Set(['requires_confirmation', 'requires_payment_method', 'requires_action']);

/** Where a 3-D Secure challenge sends the customer: made only when a confirmation needs one. */
export type Redirect = () => NextAction['redirect_to_url'];

/**
 * Confirms a payment with a payment method (or, without one, the method it already has, else the test card
 * 4242…). Returns the new version of the payment; a decline stores it in `requires_payment_method` and throws
 * the card error with that version attached. A card that needs 3-D Secure leaves it `requires_action` with a
 * `next_action` from `redirect`.
 */
export function confirmPayment(scope: Scope, payment: Payment, paymentMethod?: string, redirect?: Redirect): Payment {
  if (!CONFIRMABLE.has(payment.status)) {
    throw new ApiError(
      'payment_intent_unexpected_state',
      `This payment's status is ${payment.status}, so it cannot be confirmed. Only payments in requires_confirmation, requires_payment_method or requires_action can.`,
    );
  }
  if (payment.status === 'requires_action' && paymentMethod === undefined) {
    // Confirming again after 3-D Secure stands for the customer completing the challenge.
    return settle(scope, payment, 'succeed');
  }
  const method = resolvePaymentMethod(scope, paymentMethod ?? payment.payment_method ?? 'pm_card_visa');
  return settle(scope, { ...payment, payment_method: method.id }, method.outcome, redirect);
}

/** Applies a card outcome to a payment being confirmed; returns the stored new version. */
export function settle(scope: Scope, payment: Payment, outcome: CardOutcome, redirect?: Redirect): Payment {
  if (outcome === 'succeed') {
    return updatePayment(scope, 'payment.succeeded', {
      ...payment,
      status: 'succeeded',
      amount_received: payment.amount,
      last_payment_error: null,
      next_action: null,
    });
  }
  if (outcome === 'requires_action') {
    const next_action: NextAction | null = redirect ? { type: 'redirect_to_url', redirect_to_url: redirect() } : null;
    return updatePayment(scope, 'payment.requires_action', { ...payment, status: 'requires_action', last_payment_error: null, next_action });
  }
  const error = paymentError(outcome, payment.payment_method);
  const failed = updatePayment(scope, 'payment.payment_failed', {
    ...payment,
    status: 'requires_payment_method',
    last_payment_error: error,
    next_action: null,
  });
  throw new ApiError(error.code, error.message, {
    ...(error.decline_code ? { decline_code: error.decline_code } : {}),
    body: { payment: failed },
  });
}

/** The customer failed the 3-D Secure challenge: the payment awaits another method, as after a decline. */
export function failAuthentication(scope: Scope, payment: Payment): Payment {
  const error: PaymentError = {
    type: 'card_error',
    code: 'payment_intent_authentication_failure',
    decline_code: null,
    message: 'The customer did not complete 3-D Secure authentication (the challenge page answered "fail"). Ask for another payment method, or confirm again.',
    payment_method: payment.payment_method,
  };
  return updatePayment(scope, 'payment.payment_failed', { ...payment, status: 'requires_payment_method', last_payment_error: error, next_action: null });
}

/**
 * Stores a new version of a payment and records the event of the change. Payments are never changed in place:
 * each version is a value, so an event's snapshot is simply the version of its moment.
 */
export function updatePayment(scope: Scope, eventType: string, next: Payment): Payment {
  const { older, newer } = scope.partition.payments.replace(next);
  scope.partition.events.supersede(older, newer);
  emitEvent(scope, eventType, newer);
  return next;
}

/** The `last_payment_error` of a declined payment: what the API and a fixture without one both give. */
export function paymentError(
  outcome: Exclude<CardOutcome, 'succeed' | 'requires_action'>,
  paymentMethod: string | null,
): PaymentError & { code: 'card_declined' | 'expired_card' } {
  if (outcome === 'expired_card') {
    return { type: 'card_error', code: 'expired_card', decline_code: null, message: 'Your card has expired.', payment_method: paymentMethod };
  }
  const message = outcome === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.';
  return { type: 'card_error', code: 'card_declined', decline_code: outcome, message, payment_method: paymentMethod };
}

/** The metadata of an object with none: one shared, frozen object, since most objects carry no metadata. */
const NO_METADATA: Record<string, string> = Object.freeze({});

/**
 * Metadata for a stored (never changed) object: the shared empty object when there is none, else a shallow copy
 * (spread defines `__proto__` as an own data property, like copyMetadata). An exact-size copy through JSON saved
 * 16 B a payment but cost 1.6 µs a create under load (docs/performance.md), the most of any one step.
 */
export function storedMetadata(metadata: Record<string, string> | undefined): Record<string, string> {
  for (const _key in metadata) return { ...metadata };
  return NO_METADATA;
}

/**
 * A copy of the metadata as a plain object. `__proto__` is defined as an own data property (plain assignment
 * would set the prototype), so every key, `constructor` included, stays plain data.
 */
export function copyMetadata(metadata: Record<string, string> | undefined): Record<string, string> {
  const copy: Record<string, string> = {};
  if (!metadata) return copy;
  for (const key of Object.keys(metadata)) {
    const value = metadata[key] as string;
    if (key === '__proto__') Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
    else copy[key] = value;
  }
  return copy;
}

/**
 * The mock plays the client's confirmation right after creation (contract section 7), as the scenario says:
 * `happy` succeeds, `decline` fails with card_declined, `manual` leaves the payment waiting.
 * @example selfConfirm(scope, createPayment(scope, params), 'happy') // the payment is now succeeded
 */
export function selfConfirm(scope: Scope, payment: Payment, scenario: ScenarioName): void {
  if (scenario === 'manual') return;
  try {
    settle(scope, payment, scenario === 'decline' ? 'generic_decline' : 'succeed');
  } catch (error) {
    // A self-confirmation decline is recorded on the payment and in events; the create itself succeeded.
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * A client confirming a payment the mock already confirmed itself learns why, and how to confirm it instead.
 * @example throw explainSelfConfirmed(error, payment, scenario) // other errors come back unchanged
 */
export function explainSelfConfirmed(error: unknown, payment: Payment, scenario: ScenarioName): unknown {
  if (!(error instanceof ApiError) || error.code !== 'payment_intent_unexpected_state' || scenario === 'manual' || payment.status !== 'succeeded') return error;
  const hint =
    ` Under the "${scenario}" scenario payments-mock confirms every payment itself right after creating it. ` +
    'To confirm payments yourself, create them under the "manual" scenario: send `Mock-Scenario: manual` with the create, or PUT /_mock/scenario {"scenario":"manual"}.';
  return new ApiError(error.code, `${error.message}${hint}`, error.extras);
}

/**
 * A publishable key must present the payment's client_secret; a secret key may, and then it must match.
 * @example checkClientSecret(key, payment, params.client_secret, 'confirm') // throws secret_key_required or parameter_invalid
 */
export function checkClientSecret(key: KeyRecord, payment: Payment, clientSecret: string | undefined, action: string): void {
  if (clientSecret === undefined) {
    if (key.kind !== 'publishable') return;
    throw new ApiError(
      'secret_key_required',
      `A publishable key can ${action} a payment only with its client_secret. Pass client_secret=${payment.id}_secret_…, or use a secret key.`,
    );
  }
  if (clientSecret !== payment.client_secret) {
    throw new ApiError('parameter_invalid', `The client_secret does not match payment ${payment.id}.`, { param: 'client_secret' });
  }
}
