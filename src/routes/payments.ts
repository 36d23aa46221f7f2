import {
  checkClientSecret,
  createPayment,
  CreatePaymentParams,
  confirmPayment,
  explainSelfConfirmed,
  getPayment,
  noSuchPayment,
  selfConfirm,
} from '../domain/payments';
import { refundPayment, RefundParams } from '../domain/refunds';
import { ApiError } from '../errors/api-error';
import { presentPayment, withoutSecret } from './shared/present';
import { JsonText } from './shared/json-text';
import { createdBounds, CreatedRange, ListParams, listOf, pageQuery } from './shared/lists';
import { Payment, PaymentStatus } from '../schemas/resources';
import { challengeRedirect, checkReturnUrl } from '../domain/three-d-secure';
import { ApiRoute, Call, route } from './route-types';

/** Payments: create, retrieve, confirm, refund. */
export const PAYMENT_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    path: '/v1/payments',
    operationId: 'createPayment',
    summary: 'Create a payment',
    description:
      'Creates a payment in `requires_confirmation` and returns it with its `client_secret`. Unless the scenario is `manual`, ' +
      "the mock then plays the client's confirmation itself (contract section 7): under `happy` the payment is `succeeded` from the next " +
      "read on, under `decline` it is `requires_payment_method` with a `card_declined` error. Emits `payment.created` (and the outcome's event).",
    params: 'createPayment',
    permission: ['payments', 'write'],
    response: 'Payment',
    exampleParams: { amount: 2000, currency: 'usd', metadata: { order: '42' } },
    handler: ({ scope, params, key, scenario }: Call<CreatePaymentParams>) => {
      const payment = createPayment(scope, params);
      const response = presentPayment(payment, key);
      selfConfirm(scope, payment, scenario);
      return response;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/payments',
    operationId: 'listPayments',
    summary: 'List payments',
    description:
      'Payments of this account and mode, newest first, with the list rules of every list (`limit`, `starting_after`, `ending_before`). ' +
      'Filter by `customer`, `status` and `created` (Unix seconds, or `created[gt|gte|lt|lte]`); unknown filters are refused. Restricted keys see `client_secret: null`.',
    params: 'listPayments',
    permission: ['payments', 'read'],
    response: { list: 'Payment' },
    extension: true,
    exampleParams: { limit: 10, status: 'succeeded' },
    handler: ({ scope, params, key, url }: Call<ListParams & { customer?: string; status?: PaymentStatus; created?: number | CreatedRange }>) => {
      const payments = scope.partition.payments;
      const query = { ...pageQuery(params, (id) => payments.position(id)), ...createdBounds(params.created) };
      const { customer, status } = params;
      // Each filter has its index; with both, the customer's payments (the fewer, usually) are scanned for the status.
      const page =
        customer !== undefined
          ? payments.pageBy('customer', customer, query, status === undefined ? undefined : (payment) => payment.status === status)
          : status !== undefined
            ? payments.pageBy('status', status, query)
            : payments.page(query);
      return listOf(url, page, (payment) => presentPayment(payment, key));
    },
  }),
  route({
    method: 'GET',
    path: '/v1/payments/:id',
    operationId: 'retrievePayment',
    summary: 'Retrieve a payment',
    description: "Returns the payment as it is now. A publishable key must pass the payment's `client_secret`; restricted keys see `client_secret: null`.",
    params: 'retrievePayment',
    permission: ['payments', 'read'],
    publishable: true,
    response: 'Payment',
    handler: ({ scope, params, key, path }: Call<{ client_secret?: string }>) => {
      const id = path.id as string;
      if (params.client_secret !== undefined || key.kind === 'publishable') checkClientSecret(key, getPayment(scope, id), params.client_secret, 'retrieve');
      // Polled payments are answered with the text their current version was last served as (ServedTexts).
      const text = scope.partition.payments.servedText(id, key.kind === 'restricted' ? RESTRICTED : FULL, paymentJson);
      if (text === undefined) throw noSuchPayment(id);
      return new JsonText(text);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/payments/:id/confirm',
    operationId: 'confirmPayment',
    summary: 'Confirm a payment',
    description:
      'Confirms a payment in `requires_confirmation`, `requires_payment_method` or `requires_action` with a payment method (a `pm_` id or a ' +
      'test method such as `pm_card_visa`). The test card decides the outcome: success (200), a decline or an expired card (402 `card_error`, ' +
      'with the updated payment in `error.payment`), or `requires_action` for 3-D Secure: `next_action.redirect_to_url.url` is a challenge page the mock serves, ' +
      'where a person (or a browser test) approves or fails it and is sent back to `return_url` (confirming again also completes it). ' +
      'A publishable key must pass `client_secret`. Outside the `manual` scenario payments confirm themselves at creation, so use `manual` to confirm them yourself.',
    params: 'confirmPayment',
    permission: ['payments', 'write'],
    publishable: true,
    response: 'Payment',
    extension: true,
    extraStatuses: [402],
    exampleParams: { payment_method: 'pm_card_visa' },
    handler: ({ ctx, scope, params, key, path, scenario, origin }: Call<{ payment_method?: string; client_secret?: string; return_url?: string }>) => {
      const payment = getPayment(scope, path.id as string);
      checkClientSecret(key, payment, params.client_secret, 'confirm');
      const returnUrl = params.return_url === undefined ? null : checkReturnUrl(params.return_url);
      try {
        return presentPayment(
          confirmPayment(scope, payment, params.payment_method, () => challengeRedirect(ctx, origin, payment.id, returnUrl)),
          key,
        );
      } catch (error) {
        // A decline carries the payment in the error body: it is shown as this key may see it.
        const body = error instanceof ApiError ? error.extras.body : undefined;
        if (body?.payment) body.payment = presentPayment(body.payment as Payment, key);
        throw explainSelfConfirmed(error, payment, scenario);
      }
    },
  }),
  route({
    method: 'POST',
    path: '/v1/payments/:id/refund',
    operationId: 'refundPayment',
    summary: 'Refund a payment',
    description:
      'Refunds a `succeeded` payment, by default whatever is left to refund. Returns the refund, with its share of the fee in ' +
      '`fee_refunded`. Emits `refund.created` and `payment.refunded`.',
    params: 'refundPayment',
    permission: ['refunds', 'write'],
    response: 'Refund',
    exampleParams: { amount: 500, reason: 'requested_by_customer' },
    handler: ({ scope, params, path }: Call<RefundParams>) => refundPayment(scope, getPayment(scope, path.id as string), params),
  }),
];

/** How a payment is served: whole, or as a restricted key sees it (no client_secret). */
const FULL = 0;
const RESTRICTED = 1;

function paymentJson(payment: Payment, variant: number): string {
  return JSON.stringify(variant === RESTRICTED ? withoutSecret(payment) : payment);
}
