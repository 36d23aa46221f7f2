import type { Payment, PaymentMethod } from '../../schemas/resources';
import type { CardBrand } from '../../cards/card-brand';
import type { CardStyle, ElementError, ElementErrorCode } from './protocol';

// The wire types are the server's own, derived from the schemas the API serves (src/schemas/resources/ imports
// only the ground-floor schema builder, and the import is type-only, so esbuild erases it): a field the API gains
// or changes reaches the kit's types, and `npm run typecheck` and the build fail where the kit no longer fits it.
export type { CardBrand, CardStyle, ElementError, ElementErrorCode, Payment, PaymentMethod };

/** Options of `Payments()`. */
export interface PaymentsOptions {
  /**
   * Where the mock answers, e.g. `http://127.0.0.1:4010` (or the path a host app mounted it at). Defaults to
   * where this script was loaded from; a copy bundled from the npm package must name it.
   */
  apiBase?: string;
  /** The language of the card element's labels and messages. Only English exists: `'auto'` and `'en'` both give it. */
  locale?: 'auto' | 'en';
}

/** The error object of every failed call: the API's own (`card_error` with `code`, `decline_code`, `payment`), or one made in the browser. */
export interface PaymentsError {
  /** `card_error`, `invalid_request_error`, `authentication_error`, … from the API; `validation_error` from the card form; `api_connection_error` when the mock cannot be reached. */
  type: string;
  code?: string;
  message: string;
  param?: string;
  /** Why a card was declined: `generic_decline`, `insufficient_funds`, … */
  decline_code?: string | null;
  /** The payment as it is after a failed confirmation (declined, or 3-D Secure failed). */
  payment?: Payment;
  payment_method?: string | null;
  doc_url?: string;
}

/** What `confirmPayment`, `retrievePayment` and `handleNextAction` resolve with: never a rejection. */
export type PaymentResult = { payment: Payment; error?: undefined } | { payment?: undefined; error: PaymentsError };

/** What `createPaymentMethod` resolves with: never a rejection. */
export type PaymentMethodResult = { paymentMethod: PaymentMethod; error?: undefined } | { paymentMethod?: undefined; error: PaymentsError };

/** The card element's `change` event: the form's state, never its contents. */
export interface CardChangeEvent {
  elementType: 'card';
  /** Number, expiry and CVC are all filled in and valid. */
  complete: boolean;
  /** Nothing is typed in any field. */
  empty: boolean;
  brand: CardBrand;
  /** The error the form shows now, if any. */
  error?: ElementError;
}

export interface CardElementOptions {
  style?: CardStyle;
}

/** The card form: an iframe served by the mock, holding number, expiry and CVC. */
export interface CardElement {
  /** Puts the form into the element (or the first element matching the selector). */
  mount(target: string | HTMLElement): void;
  /** Takes the form out of the page; it can be mounted again (empty). */
  unmount(): void;
  on(event: 'change', handler: (event: CardChangeEvent) => void): CardElement;
  on(event: 'ready', handler: (event: { elementType: 'card' }) => void): CardElement;
  off(event: 'change' | 'ready', handler: (event: never) => void): CardElement;
  /** Moves the keyboard focus to the card number. */
  focus(): void;
  /** Empties every field. */
  clear(): void;
}

export interface Elements {
  create(type: 'card', options?: CardElementOptions): CardElement;
}

export interface CreatePaymentMethodData {
  card: CardElement;
  /**
   * Not supported: the mock's payment methods keep no billing details (`POST /v1/payment_methods` takes the card
   * only). Passing it resolves `{ error }` with `parameter_unknown`, rather than dropping it silently.
   */
  billing_details?: never;
}

export interface ConfirmPaymentData {
  /** The card element (tokenised first, in its frame), or a payment method id (`pm_…`, or a test method such as `pm_card_visa`). */
  payment_method: CardElement | string;
  /** Where the person comes back after a full-page 3-D Secure challenge (`redirect: 'always'`): http: or https:. */
  return_url?: string;
  /**
   * `'if_required'` (default): 3-D Secure opens in a modal over the page and the promise resolves with the final
   * payment. `'always'`: the page navigates to the challenge (or, if none is needed, to `return_url`), and the
   * promise never resolves.
   */
  redirect?: 'if_required' | 'always';
}

/** What `Payments(publishableKey)` returns. */
export interface PaymentsInstance {
  elements(): Elements;
  createPaymentMethod(data: CreatePaymentMethodData): Promise<PaymentMethodResult>;
  confirmPayment(clientSecret: string, data: ConfirmPaymentData): Promise<PaymentResult>;
  retrievePayment(clientSecret: string): Promise<PaymentResult>;
  handleNextAction(clientSecret: string): Promise<PaymentResult>;
}

/** `Payments` itself: call it with your publishable key. */
export type PaymentsFactory = (publishableKey: string, options?: PaymentsOptions) => PaymentsInstance;
