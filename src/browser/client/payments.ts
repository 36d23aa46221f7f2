import { callApi, connectionError } from './api';
import { CardFrame } from './card-frame';
import { openChallenge } from './challenge-modal';
import type { CardStyle } from './protocol';
import type {
  CardElement,
  CardElementOptions,
  ConfirmPaymentData,
  CreatePaymentMethodData,
  Payment,
  PaymentMethod,
  PaymentMethodResult,
  PaymentResult,
  PaymentsError,
  PaymentsFactory,
  PaymentsInstance,
  PaymentsOptions,
} from './types';

const OPTION_NAMES = ['apiBase', 'locale'];
const STYLE_NAMES: Record<string, string[]> = { base: ['color', 'fontSize', 'fontFamily', 'backgroundColor', 'placeholderColor'], invalid: ['color'] };

/**
 * Makes `Payments` for one copy of the script. Mistakes in how it is called (a secret key, an unknown option)
 * throw at once, since they are the programmer's to fix; everything that talks to the mock resolves a result.
 * @example const Payments = createPayments('http://127.0.0.1:4010'); const payments = Payments('pk_test_…');
 */
export function createPayments(defaultBase: string | undefined): PaymentsFactory {
  return function Payments(publishableKey: string, options: PaymentsOptions = {}): PaymentsInstance {
    checkKey(publishableKey);
    const apiBase = baseFrom(options, defaultBase);
    return new PaymentsClient(apiBase, publishableKey);
  };
}

function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key === '') throw new Error('payments.js: Payments() needs your publishable key (pk_test_…) as its first argument.');
  if (/^(sk|rk)_/.test(key)) {
    const kind = key.startsWith('sk_') ? 'a secret key' : 'a restricted key';
    throw new Error(
      `payments.js: Payments() was given ${kind} (${key.slice(0, 8)}…). It must never reach a browser, where anyone can read it: ` +
        'use the publishable key (pk_test_…) here and keep the secret key on your server.',
    );
  }
  if (!/^pk_(test|live)_/.test(key))
    throw new Error(`payments.js: "${key.slice(0, 12)}…" is not a publishable key: it should start with pk_test_ or pk_live_.`);
}

function baseFrom(options: PaymentsOptions, defaultBase: string | undefined): string {
  if (typeof options !== 'object' || options === null) throw new Error('payments.js: the options of Payments() must be an object, e.g. { apiBase }.');
  for (const name of Object.keys(options)) {
    if (!OPTION_NAMES.includes(name)) throw new Error(`payments.js: unknown option "${name}" for Payments(); it takes ${OPTION_NAMES.join(' and ')}.`);
  }
  if (options.locale !== undefined && options.locale !== 'auto' && options.locale !== 'en') {
    throw new Error(`payments.js: locale "${String(options.locale)}" is not supported; the card element speaks English only ('auto' or 'en').`);
  }
  const base = options.apiBase ?? defaultBase;
  if (base === undefined) {
    throw new Error(
      "payments.js: pass { apiBase: 'http://127.0.0.1:4010' } (where the mock runs): this copy was not loaded from the mock, so it cannot tell where the mock is.",
    );
  }
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new Error(`payments.js: apiBase "${base}" is not an absolute URL such as http://127.0.0.1:4010.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`payments.js: apiBase must be an http: or https: URL, not ${url.protocol}.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function checkStyle(options: CardElementOptions | undefined): CardStyle {
  const style = options?.style ?? {};
  for (const [group, values] of Object.entries(style as Record<string, Record<string, unknown>>)) {
    const names = STYLE_NAMES[group];
    if (!names) throw new Error(`payments.js: style.${group} is not a style group; use base or invalid.`);
    for (const [name, value] of Object.entries(values ?? {})) {
      if (!names.includes(name)) throw new Error(`payments.js: style.${group}.${name} is not supported; style.${group} takes ${names.join(', ')}.`);
      if (typeof value !== 'string') throw new Error(`payments.js: style.${group}.${name} must be a CSS value as a string.`);
    }
  }
  return style;
}

class PaymentsClient implements PaymentsInstance {
  constructor(
    private readonly apiBase: string,
    private readonly key: string,
  ) {}

  elements() {
    return {
      create: (type: 'card', options?: CardElementOptions): CardElement => {
        if (type !== 'card') throw new Error(`payments.js: elements().create('${String(type)}') is not supported; the mock has the 'card' element.`);
        return new CardFrame(this.apiBase, this.key, checkStyle(options));
      },
    };
  }

  async createPaymentMethod(data: CreatePaymentMethodData): Promise<PaymentMethodResult> {
    if ((data as { billing_details?: unknown }).billing_details !== undefined) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          param: 'billing_details',
          message: "billing_details is not supported: the mock's payment methods keep the card only (brand, last4, expiry). Leave it out.",
          doc_url: `${this.apiBase}/docs/errors#parameter_unknown`,
        },
      };
    }
    if (!(data?.card instanceof CardFrame))
      return { error: invalid('card', "createPaymentMethod needs { card }: a card element from elements().create('card').", this.apiBase) };
    const result = await data.card.tokenize();
    return result.error ? { error: result.error as PaymentsError } : { paymentMethod: result.paymentMethod as PaymentMethod };
  }

  async confirmPayment(clientSecret: string, data: ConfirmPaymentData): Promise<PaymentResult> {
    const id = paymentIdOf(clientSecret);
    if (!id) return { error: badSecret(clientSecret, this.apiBase) };
    const redirect = data?.redirect ?? 'if_required';
    if (redirect !== 'if_required' && redirect !== 'always')
      return { error: invalid('redirect', `redirect must be 'if_required' or 'always', not ${JSON.stringify(redirect)}.`, this.apiBase) };
    if (redirect === 'always' && !data.return_url) {
      return {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          param: 'return_url',
          message: "redirect: 'always' needs a return_url: where the person comes back after the 3-D Secure page.",
          doc_url: `${this.apiBase}/docs/errors#parameter_missing`,
        },
      };
    }
    let paymentMethod: string;
    if (data?.payment_method instanceof CardFrame) {
      const made = await data.payment_method.tokenize();
      if (made.error) return { error: made.error as PaymentsError };
      paymentMethod = (made.paymentMethod as PaymentMethod).id;
    } else if (typeof data?.payment_method === 'string') {
      paymentMethod = data.payment_method;
    } else {
      return { error: invalid('payment_method', 'confirmPayment needs payment_method: the card element or a pm_ id.', this.apiBase) };
    }
    const params: Record<string, string> = { client_secret: clientSecret, payment_method: paymentMethod };
    if (data.return_url) params.return_url = data.return_url;
    const answer = await callApi<Payment>(this.apiBase, this.key, 'POST', `/v1/payments/${encodeURIComponent(id)}/confirm`, params);
    if (!answer.ok) return { error: answer.error };
    const payment = answer.body;
    if (redirect === 'always') return navigate(payment.next_action?.redirect_to_url.url ?? backTo(data.return_url as string, payment));
    if (payment.status === 'requires_action') return this.authenticate(payment, clientSecret);
    return { payment };
  }

  async retrievePayment(clientSecret: string): Promise<PaymentResult> {
    const id = paymentIdOf(clientSecret);
    if (!id) return { error: badSecret(clientSecret, this.apiBase) };
    const answer = await callApi<Payment>(
      this.apiBase,
      this.key,
      'GET',
      `/v1/payments/${encodeURIComponent(id)}?client_secret=${encodeURIComponent(clientSecret)}`,
    );
    return answer.ok ? { payment: answer.body } : { error: answer.error };
  }

  async handleNextAction(clientSecret: string): Promise<PaymentResult> {
    const current = await this.retrievePayment(clientSecret);
    if (current.error || current.payment.status !== 'requires_action') return current;
    return this.authenticate(current.payment, clientSecret);
  }

  /** The 3-D Secure challenge in a modal, then the payment as it ended. */
  private async authenticate(payment: Payment, clientSecret: string): Promise<PaymentResult> {
    const url = payment.next_action?.redirect_to_url.url;
    if (!url) return { payment };
    const end = await openChallenge(url);
    if (!end.ok) return { error: connectionError(end.message).error };
    const after = await this.retrievePayment(clientSecret);
    if (after.error) return after;
    const failure = after.payment.last_payment_error;
    if (after.payment.status === 'requires_payment_method' && failure) return { error: { ...failure, payment: after.payment } };
    return after;
  }
}

/** `pay_…_secret_…` → `pay_…`; undefined for anything else. */
function paymentIdOf(clientSecret: unknown): string | undefined {
  if (typeof clientSecret !== 'string') return undefined;
  const at = clientSecret.lastIndexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : undefined;
}

function badSecret(clientSecret: unknown, apiBase: string): PaymentsError {
  return invalid(
    'client_secret',
    `Invalid client secret ${JSON.stringify(String(clientSecret).slice(0, 40))}: pass the payment's client_secret (pay_…_secret_…) from your server.`,
    apiBase,
  );
}

function invalid(param: string, message: string, apiBase: string): PaymentsError {
  return { type: 'invalid_request_error', code: 'parameter_invalid', param, message, doc_url: `${apiBase}/docs/errors#parameter_invalid` };
}

/** return_url with what the challenge page would append, for a payment that needed no challenge. */
function backTo(returnUrl: string, payment: Payment): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment', payment.id);
  url.searchParams.set('payment_client_secret', payment.client_secret ?? '');
  url.searchParams.set('redirect_status', payment.status === 'succeeded' ? 'succeeded' : 'failed');
  return url.toString();
}

/** The page leaves: the promise stays pending, as nothing is left to resolve it for. */
function navigate(url: string): Promise<PaymentResult> {
  window.location.assign(url);
  return new Promise(() => undefined);
}
