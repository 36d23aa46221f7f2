import { createPayments } from './payments';
import { scriptBase } from './script-base';
import type { PaymentsFactory } from './types';

export type {
  CardBrand,
  CardChangeEvent,
  CardElement,
  CardElementOptions,
  CardStyle,
  ConfirmPaymentData,
  CreatePaymentMethodData,
  ElementError,
  ElementErrorCode,
  Elements,
  Payment,
  PaymentMethod,
  PaymentMethodResult,
  PaymentResult,
  PaymentsError,
  PaymentsFactory,
  PaymentsInstance,
  PaymentsOptions,
} from './types';

/**
 * The browser half of a payment against payments-mock. Call it with a publishable key; its card element keeps
 * card numbers out of your page. Loaded from the mock (`/js/v1/payments.mjs`) it talks to that mock; imported
 * from the npm package (`payments-mock/browser`), pass `apiBase`.
 *
 * @example
 * import { Payments } from 'payments-mock/browser';
 * const payments = Payments('pk_test_…', { apiBase: 'http://127.0.0.1:4010' });
 * const card = payments.elements().create('card');
 * card.mount('#card');
 * const { payment, error } = await payments.confirmPayment(clientSecret, { payment_method: card });
 */
export const Payments: PaymentsFactory = createPayments(scriptBase(import.meta.url, '/js/v1/payments.mjs'));

export default Payments;
