import { EVENT_TYPES } from '../domain/events';
import type { RunnableStep } from './run-flow';

/** An event type the sandbox emits. */
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * How to make an event happen: the API requests a client would make, in order. Overrides (`--override
 * amount=5000`) go to the `main` step's parameters. Every request names the scenario it needs (`Mock-Scenario`),
 * so a trigger does the same whatever scenario the workspace is in; parameters are sent as a form, as
 * `curl -d name=value` sends them, so an override is validated exactly like the same parameter from a client.
 */
export interface Recipe {
  /** One line for `--help`, the docs and the error that lists the types. */
  summary: string;
  /** Which step takes the overrides. */
  main: number;
  steps: (context: RecipeContext) => RunnableStep[];
}

export interface RecipeContext {
  /** A card expiry year in the future of the workspace's clock. */
  expiryYear: number;
}

const createPayment: RunnableStep = {
  name: 'payment',
  method: 'POST',
  path: '/v1/payments',
  params: { amount: '2000', currency: 'usd', description: 'Made by payments-mock trigger' },
  scenario: 'manual',
  form: true,
};
const confirmWith = (paymentMethod: string, extra: Partial<RunnableStep> = {}): RunnableStep =>
  ({
    name: 'confirmation',
    method: 'POST',
    path: '/v1/payments/${payment:id}/confirm',
    params: { payment_method: paymentMethod },
    scenario: 'manual',
    form: true,
    ...extra,
  }) as RunnableStep;
const refund: RunnableStep = { name: 'refund', method: 'POST', path: '/v1/payments/${payment:id}/refund', scenario: 'manual', form: true };

/** The recipe of every event type the sandbox emits (a test keeps this table and `EVENT_TYPES` equal). */
export const RECIPES: Record<EventType, Recipe> = {
  'customer.created': {
    summary: 'creates a customer (POST /v1/customers)',
    main: 0,
    steps: () => [
      {
        name: 'customer',
        method: 'POST',
        path: '/v1/customers',
        params: { email: 'jenny.rosen@example.com', name: 'Jenny Rosen' },
        scenario: 'manual',
        form: true,
      },
    ],
  },
  'payment.created': {
    summary: 'creates a payment and leaves it in requires_confirmation (POST /v1/payments)',
    main: 0,
    steps: () => [createPayment],
  },
  'payment.succeeded': {
    summary: 'creates a payment, then confirms it with pm_card_visa (emits payment.created and payment_method.created first)',
    main: 0,
    steps: () => [createPayment, confirmWith('pm_card_visa')],
  },
  'payment.payment_failed': {
    summary: 'creates a payment, then confirms it with pm_card_chargeDeclined: 402 card_declined (emits payment.created and payment_method.created first)',
    main: 0,
    steps: () => [createPayment, confirmWith('pm_card_chargeDeclined', { expect_error: { status: 402, code: 'card_declined' } })],
  },
  'payment.requires_action': {
    summary: 'creates a payment, then confirms it with pm_card_authenticationRequired: 3-D Secure (emits payment.created and payment_method.created first)',
    main: 0,
    steps: () => [createPayment, confirmWith('pm_card_authenticationRequired')],
  },
  'payment.refunded': {
    summary:
      'creates a payment, confirms it with pm_card_visa and refunds it in full (emits payment.created, payment_method.created, payment.succeeded and refund.created too)',
    main: 0,
    steps: () => [createPayment, confirmWith('pm_card_visa'), refund],
  },
  'refund.created': {
    summary:
      'creates a payment, confirms it with pm_card_visa and refunds it in full (emits payment.created, payment_method.created, payment.succeeded and payment.refunded too)',
    main: 0,
    steps: () => [createPayment, confirmWith('pm_card_visa'), refund],
  },
  'payment_method.created': {
    summary: 'tokenises the test card 4242 4242 4242 4242 with the publishable key (POST /v1/payment_methods)',
    main: 0,
    steps: ({ expiryYear }) => [
      {
        name: 'payment_method',
        method: 'POST',
        path: '/v1/payment_methods',
        key: 'publishable',
        params: { type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': String(expiryYear), 'card[cvc]': '123' },
        scenario: 'manual',
        form: true,
      },
    ],
  },
};

/** Whether a string names an event type with a recipe. */
export function isEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(RECIPES, type);
}
