import { paymentFee } from '../../../src/domain/fees';
import {
  checkClientSecret,
  confirmPayment,
  createPayment,
  explainSelfConfirmed,
  failAuthentication,
  getPayment,
  selfConfirm,
} from '../../../src/domain/payments';
import { KeyRecord } from '../../../src/store/store';
import { Scope } from '../../../src/domain/scope';
import { ApiError } from '../../../src/errors/api-error';
import { Payment } from '../../../src/schemas/resources';
import { freshScope } from './fresh-scope';

const REDIRECT = () => ({ url: 'http://localhost/3ds/pay', return_url: null });

/** Confirms, catching a decline: the error and the payment as stored after it. */
function tryConfirm(scope: Scope, payment: Payment, method?: string): { payment: Payment; error: ApiError | undefined } {
  try {
    return { payment: confirmPayment(scope, payment, method, REDIRECT), error: undefined };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { payment: getPayment(scope, payment.id), error };
  }
}

/** The event types the scope's partition holds, oldest first. */
function eventTypes(scope: Scope): string[] {
  return [...scope.partition.events.values()].map((event) => event.type);
}

describe('createPayment', () => {
  it('creates a payment in requires_confirmation, with nothing received and a payment.created event', () => {
    const scope = freshScope();
    const payment = createPayment(scope, { amount: 2000, currency: 'usd' });
    expect(payment).toMatchObject({ status: 'requires_confirmation', amount: 2000, amount_received: 0, amount_refunded: 0, payment_method: null });
    expect(eventTypes(scope)).toEqual(['payment.created']);
  });

  it.each([
    ['the fee is 2.9% plus 30 on usd', 2000, 'usd', 'usd', 88],
    ['an upper-case currency is stored lower-case and priced as such', 1000, 'JPY', 'jpy', 29],
    ['a zero-decimal currency has no fixed part', 10000, 'krw', 'krw', 290],
    ['the fee is never above the amount', 1, 'eur', 'eur', 1],
  ])('%s', (_rule, amount, currency, stored, fee) => {
    const payment = createPayment(freshScope(), { amount, currency });
    expect(payment.currency).toBe(stored);
    expect(payment.fee).toBe(fee);
    expect(payment.fee).toBe(paymentFee(amount, stored));
  });

  it.each([
    ['an unknown currency is refused with parameter_invalid on currency', { currency: 'usdx' }, 'parameter_invalid', 'currency'],
    ['a customer that does not exist is refused with resource_missing on customer', { customer: 'cus_nope' }, 'resource_missing', 'customer'],
  ])('%s', (_rule, change, code, param) => {
    const scope = freshScope();
    const attempt = () => createPayment(scope, { amount: 2000, currency: 'usd', ...change });
    expect(attempt).toThrow(expect.objectContaining({ code, extras: expect.objectContaining({ param }) }) as Error);
    expect(eventTypes(scope)).toEqual([]);
  });
});

describe('confirming a payment in requires_confirmation', () => {
  it.each<[string, string | undefined, Payment['status'], string | null, string | null, string]>([
    ['with no payment method it is confirmed with the test card 4242…: succeeded', undefined, 'succeeded', null, null, 'payment.succeeded'],
    ['pm_card_visa: succeeded', 'pm_card_visa', 'succeeded', null, null, 'payment.succeeded'],
    ['pm_card_mastercard: succeeded', 'pm_card_mastercard', 'succeeded', null, null, 'payment.succeeded'],
    [
      'pm_card_chargeDeclined: requires_payment_method, card_declined / generic_decline',
      'pm_card_chargeDeclined',
      'requires_payment_method',
      'card_declined',
      'generic_decline',
      'payment.payment_failed',
    ],
    [
      'pm_card_chargeDeclinedInsufficientFunds: requires_payment_method, card_declined / insufficient_funds',
      'pm_card_chargeDeclinedInsufficientFunds',
      'requires_payment_method',
      'card_declined',
      'insufficient_funds',
      'payment.payment_failed',
    ],
    [
      'pm_card_chargeDeclinedExpiredCard: requires_payment_method, expired_card',
      'pm_card_chargeDeclinedExpiredCard',
      'requires_payment_method',
      'expired_card',
      null,
      'payment.payment_failed',
    ],
    [
      'pm_card_authenticationRequired: requires_action (3-D Secure), no error',
      'pm_card_authenticationRequired',
      'requires_action',
      null,
      null,
      'payment.requires_action',
    ],
  ])('%s', (_rule, method, status, code, declineCode, eventType) => {
    const scope = freshScope();
    const created = createPayment(scope, { amount: 2000, currency: 'usd' });
    const { payment, error } = tryConfirm(scope, created, method);
    expect(payment.status).toBe(status);
    expect(payment.amount_received).toBe(status === 'succeeded' ? 2000 : 0);
    expect(payment.payment_method).toMatch(/^pm_/);
    expect(error?.code ?? null).toBe(code);
    expect(error?.extras.decline_code ?? null).toBe(declineCode);
    expect(payment.last_payment_error?.code ?? null).toBe(code);
    expect(eventTypes(scope)).toEqual(['payment.created', 'payment_method.created', eventType]);
  });

  it('a decline carries the payment as stored after it, in the error body', () => {
    const scope = freshScope();
    const { payment, error } = tryConfirm(scope, createPayment(scope, { amount: 2000, currency: 'usd' }), 'pm_card_chargeDeclined');
    expect(error?.extras.body).toEqual({ payment });
  });

  it.each([
    ['requires_action gets a redirect_to_url next_action when a redirect is given', true, { type: 'redirect_to_url', redirect_to_url: REDIRECT() }],
    ['requires_action has no next_action when no redirect is given', false, null],
  ])('%s', (_rule, withRedirect, nextAction) => {
    const scope = freshScope();
    const created = createPayment(scope, { amount: 2000, currency: 'usd' });
    const payment = confirmPayment(scope, created, 'pm_card_authenticationRequired', withRedirect ? REDIRECT : undefined);
    expect(payment.next_action).toEqual(nextAction);
  });

  it('a payment method of another account or mode is refused with resource_missing, and the payment is unchanged', () => {
    const scope = freshScope();
    const created = createPayment(scope, { amount: 2000, currency: 'usd' });
    const stored = scope.partition.payments.record(created.id);
    expect(() => confirmPayment(scope, created, 'pm_unknown')).toThrow(expect.objectContaining({ code: 'resource_missing' }) as Error);
    expect(scope.partition.payments.record(created.id)).toBe(stored);
    expect(getPayment(scope, created.id)).toEqual(created);
  });
});

describe('the payment lifecycle', () => {
  /** Steps from a fresh payment: a method to confirm with (`undefined`: none), or 'fail 3ds'. */
  type Step = string | undefined;

  it.each<[string, Step[], Payment['status'] | string]>([
    ['a declined payment can be confirmed again with another card, and succeeds', ['pm_card_chargeDeclined', 'pm_card_visa'], 'succeeded'],
    ['a declined payment can be declined again', ['pm_card_chargeDeclined', 'pm_card_chargeDeclinedExpiredCard'], 'requires_payment_method'],
    [
      'confirming requires_action again without a method stands for a completed challenge: succeeded',
      ['pm_card_authenticationRequired', undefined],
      'succeeded',
    ],
    [
      'confirming requires_action with another card uses that card: a decline',
      ['pm_card_authenticationRequired', 'pm_card_chargeDeclined'],
      'requires_payment_method',
    ],
    ['a failed challenge leaves it requires_payment_method, as after a decline', ['pm_card_authenticationRequired', 'fail 3ds'], 'requires_payment_method'],
    ['after a failed challenge another card can succeed', ['pm_card_authenticationRequired', 'fail 3ds', 'pm_card_visa'], 'succeeded'],
    ['confirming a succeeded payment is payment_intent_unexpected_state', ['pm_card_visa', 'pm_card_visa'], 'payment_intent_unexpected_state'],
    ['confirming a succeeded payment without a method is payment_intent_unexpected_state too', ['pm_card_visa', undefined], 'payment_intent_unexpected_state'],
  ])('%s', (_rule, steps, outcome) => {
    const scope = freshScope();
    let payment = createPayment(scope, { amount: 2000, currency: 'usd' });
    let last: ApiError | undefined;
    for (const step of steps) {
      if (step === 'fail 3ds') payment = failAuthentication(scope, payment);
      else ({ payment, error: last } = tryConfirm(scope, payment, step));
    }
    if (outcome === 'payment_intent_unexpected_state') {
      expect(last?.code).toBe(outcome);
      expect(last?.status).toBe(400);
      expect(payment.status).toBe('succeeded');
    } else {
      expect(payment.status).toBe(outcome);
    }
  });

  it('a failed challenge records payment_intent_authentication_failure and a payment.payment_failed event', () => {
    const scope = freshScope();
    const waiting = confirmPayment(scope, createPayment(scope, { amount: 2000, currency: 'usd' }), 'pm_card_authenticationRequired');
    const failed = failAuthentication(scope, waiting);
    expect(failed.last_payment_error).toMatchObject({ type: 'card_error', code: 'payment_intent_authentication_failure' });
    expect(eventTypes(scope).at(-1)).toBe('payment.payment_failed');
  });

  it('a success clears the error of an earlier decline', () => {
    const scope = freshScope();
    const declined = tryConfirm(scope, createPayment(scope, { amount: 2000, currency: 'usd' }), 'pm_card_chargeDeclined').payment;
    expect(declined.last_payment_error).not.toBeNull();
    const succeeded = confirmPayment(scope, declined, 'pm_card_visa');
    expect(succeeded.last_payment_error).toBeNull();
  });

  it('each change stores a new version: the earlier object is left as it was', () => {
    const scope = freshScope();
    const created = createPayment(scope, { amount: 2000, currency: 'usd' });
    const succeeded = confirmPayment(scope, created, 'pm_card_visa');
    expect(created.status).toBe('requires_confirmation');
    expect(getPayment(scope, created.id)).toEqual(succeeded);
  });
});

describe('selfConfirm: the mock plays the client after creation, as the scenario says', () => {
  it.each([
    ['happy succeeds', 'happy', 'succeeded'],
    ['decline fails with card_declined and leaves the create standing', 'decline', 'requires_payment_method'],
    ['manual leaves the payment waiting', 'manual', 'requires_confirmation'],
  ] as const)('%s', (_rule, scenario, status) => {
    const scope = freshScope();
    const payment = createPayment(scope, { amount: 2000, currency: 'usd' });
    selfConfirm(scope, payment, scenario);
    expect(getPayment(scope, payment.id).status).toBe(status);
  });

  it('a client confirming a self-confirmed payment is told why and how to confirm it', () => {
    const scope = freshScope();
    const payment = createPayment(scope, { amount: 2000, currency: 'usd' });
    selfConfirm(scope, payment, 'happy');
    const { error } = tryConfirm(scope, getPayment(scope, payment.id), 'pm_card_visa');
    const explained = explainSelfConfirmed(error, getPayment(scope, payment.id), 'happy');
    expect(explained).toBeInstanceOf(ApiError);
    expect((explained as ApiError).code).toBe('payment_intent_unexpected_state');
    expect((explained as ApiError).message).toContain('create them under the "manual" scenario');
    expect(explainSelfConfirmed(error, getPayment(scope, payment.id), 'manual')).toBe(error);
  });
});

describe('checkClientSecret', () => {
  const keyOf = (kind: KeyRecord['kind']): KeyRecord => ({ key: 'k', kind, livemode: false, workspace: 'w', permissions: null, expires_at: null, created: 0 });
  const codeOf = (run: () => void): string | undefined => {
    try {
      run();
    } catch (error) {
      return (error as ApiError).code;
    }
    return undefined;
  };

  it.each([
    ['a secret key needs no client_secret', 'secret', undefined, undefined],
    ['a publishable key without one is refused', 'publishable', undefined, 'secret_key_required'],
    ['a publishable key with the right one passes', 'publishable', 'right', undefined],
    ['a wrong one is refused, whatever the key', 'secret', 'wrong', 'parameter_invalid'],
  ] as const)('%s', (_rule, kind, given, code) => {
    const payment = createPayment(freshScope(), { amount: 2000, currency: 'usd' });
    const secret = given === 'right' ? (payment.client_secret ?? undefined) : given;
    expect(codeOf(() => checkClientSecret(keyOf(kind), payment, secret, 'confirm'))).toBe(code);
  });
});
