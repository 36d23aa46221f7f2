import { MockContext } from '../context';
import { ApiError } from '../errors/api-error';
import { createCustomer, CreateCustomerParams } from '../domain/customers';
import { createPayment, CreatePaymentParams, confirmPayment, getPayment, settle } from '../domain/payments';
import { createPaymentMethod, CreatePaymentMethodParams } from '../domain/payment-methods';
import { getRefund, refundPayment, RefundParams, refundsOf } from '../domain/refunds';
import { Scope } from '../domain/scope';
import { ParamSchemaName } from '../schemas/params';
import { Payment, PaymentStatus, PermissionResource, ResourceName } from '../schemas/resources';
import { ScenarioName } from '../scenarios/scenarios';
import { KeyRecord } from '../store/store';
import { ListParams, listOf, pageQuery } from './lists';
import { presentAccount, presentPayment } from './present';
import { renderEvent } from '../domain/events';
import { Routed } from './router';
import { challengeRedirect, checkReturnUrl } from '../three-d-secure/challenge';

/** What a handler gets: validated parameters, the key, and the scope (account, mode, time) of the request. */
export interface Call<P = Record<string, never>> {
  ctx: MockContext;
  scope: Scope;
  key: KeyRecord;
  params: P;
  path: Record<string, string>;
  /** The request path without its query string: the `url` of a list. */
  url: string;
  scenario: ScenarioName;
  /** The address the client used (`http://127.0.0.1:4010`), for absolute links such as the 3-D Secure page. */
  origin: string;
}

export interface V1Route extends Routed {
  operationId: string;
  summary: string;
  params: ParamSchemaName;
  /** Which permission a restricted key needs. */
  permission: [PermissionResource, 'read' | 'write'];
  /** Whether a publishable key may call it at all (the handler checks the client_secret). */
  publishable?: boolean;
  /** The response schema, or a list of it. */
  response: ResourceName | { list: ResourceName };
  /** Whether this is an extension to the spec (for the OpenAPI document). */
  extension?: boolean;
  handler: (call: Call<unknown>) => unknown;
}

/** Types a route's handler by its own parameters, then stores it in the table beside the others. */
export function route<P>(definition: Omit<V1Route, 'handler'> & { handler: (call: Call<P>) => unknown }): V1Route {
  return definition as V1Route;
}

/**
 * The /v1 API as data: the app mounts from it and the OpenAPI document is built from it, so the served
 * document describes exactly what runs.
 */
export const V1_ROUTES: V1Route[] = [
  route({
    method: 'POST', path: '/v1/payments', operationId: 'createPayment', summary: 'Create a payment',
    params: 'createPayment', permission: ['payments', 'write'], response: 'Payment',
    handler: ({ scope, params, key, scenario }: Call<CreatePaymentParams>) => {
      const payment = createPayment(scope, params);
      const response = presentPayment(payment, key);
      selfConfirm(scope, payment, scenario);
      return response;
    },
  }),
  route({
    method: 'GET', path: '/v1/payments', operationId: 'listPayments', summary: 'List payments',
    params: 'listPayments', permission: ['payments', 'read'], response: { list: 'Payment' }, extension: true,
    handler: ({ scope, params, key, url }: Call<ListParams & { customer?: string; status?: PaymentStatus; created?: number | CreatedRange }>) => {
      const payments = scope.partition.payments;
      const query = { ...pageQuery(params, (id) => payments.position(id)), ...createdBounds(params.created) };
      const { customer, status } = params;
      // Each filter has its index; with both, the customer's payments (the fewer, usually) are scanned for the status.
      const page = customer !== undefined
        ? payments.pageBy('customer', customer, query, status === undefined ? undefined : (payment) => payment.status === status)
        : status !== undefined ? payments.pageBy('status', status, query) : payments.page(query);
      return listOf(url, page, (payment) => presentPayment(payment, key));
    },
  }),
  route({
    method: 'GET', path: '/v1/payments/:id', operationId: 'retrievePayment', summary: 'Retrieve a payment',
    params: 'retrievePayment', permission: ['payments', 'read'], publishable: true, response: 'Payment',
    handler: ({ scope, params, key, path }: Call<{ client_secret?: string }>) => {
      const payment = getPayment(scope, path.id as string);
      checkClientSecret(key, payment, params.client_secret, 'retrieve');
      return presentPayment(payment, key);
    },
  }),
  route({
    method: 'POST', path: '/v1/payments/:id/confirm', operationId: 'confirmPayment', summary: 'Confirm a payment',
    params: 'confirmPayment', permission: ['payments', 'write'], publishable: true, response: 'Payment', extension: true,
    handler: ({ ctx, scope, params, key, path, origin }: Call<{ payment_method?: string; client_secret?: string; return_url?: string }>) => {
      const payment = getPayment(scope, path.id as string);
      checkClientSecret(key, payment, params.client_secret, 'confirm');
      const returnUrl = params.return_url === undefined ? null : checkReturnUrl(params.return_url);
      try {
        return presentPayment(confirmPayment(scope, payment, params.payment_method, () => challengeRedirect(ctx, origin, payment.id, returnUrl)), key);
      } catch (error) {
        // A decline carries the payment in the error body: it is shown as this key may see it.
        const body = error instanceof ApiError ? error.extras.body : undefined;
        if (body?.payment) body.payment = presentPayment(body.payment as Payment, key);
        throw error;
      }
    },
  }),
  route({
    method: 'POST', path: '/v1/payments/:id/refund', operationId: 'refundPayment', summary: 'Refund a payment',
    params: 'refundPayment', permission: ['refunds', 'write'], response: 'Refund',
    handler: ({ scope, params, path }: Call<RefundParams>) => refundPayment(scope, getPayment(scope, path.id as string), params),
  }),
  route({
    method: 'GET', path: '/v1/payments/:id/refunds', operationId: 'listPaymentRefunds', summary: "List a payment's refunds",
    params: 'list', permission: ['refunds', 'read'], response: { list: 'Refund' }, extension: true,
    handler: ({ scope, params, path, url }: Call<ListParams>) => {
      const refunds = refundsOf(scope, getPayment(scope, path.id as string).id);
      return listOf(url, refunds.page(pageQuery(params, (id) => refunds.position(id))));
    },
  }),
  route({
    method: 'GET', path: '/v1/refunds/:id', operationId: 'retrieveRefund', summary: 'Retrieve a refund',
    params: 'none', permission: ['refunds', 'read'], response: 'Refund', extension: true,
    handler: ({ scope, path }: Call) => getRefund(scope, path.id as string),
  }),
  route({
    method: 'POST', path: '/v1/customers', operationId: 'createCustomer', summary: 'Create a customer',
    params: 'createCustomer', permission: ['customers', 'write'], response: 'Customer',
    handler: ({ scope, params }: Call<CreateCustomerParams>) => createCustomer(scope, params),
  }),
  route({
    method: 'GET', path: '/v1/customers/:id', operationId: 'retrieveCustomer', summary: 'Retrieve a customer',
    params: 'none', permission: ['customers', 'read'], response: 'Customer', extension: true,
    handler: ({ scope, path }: Call) => {
      const customer = scope.partition.customers.get(path.id as string);
      if (!customer) throw new ApiError('resource_missing', `No such customer: '${path.id}'.`, { param: 'id' });
      return customer;
    },
  }),
  route({
    method: 'GET', path: '/v1/customers', operationId: 'listCustomers', summary: 'List customers',
    params: 'list', permission: ['customers', 'read'], response: { list: 'Customer' }, extension: true,
    handler: ({ scope, params, url }: Call<ListParams>) => {
      const customers = scope.partition.customers;
      return listOf(url, customers.page(pageQuery(params, (id) => customers.position(id))));
    },
  }),
  route({
    method: 'POST', path: '/v1/payment_methods', operationId: 'createPaymentMethod', summary: 'Tokenise card details',
    params: 'createPaymentMethod', permission: ['payment_methods', 'write'], publishable: true, response: 'PaymentMethod', extension: true,
    handler: ({ scope, params }: Call<CreatePaymentMethodParams>) => createPaymentMethod(scope, params),
  }),
  route({
    method: 'GET', path: '/v1/events', operationId: 'listEvents', summary: 'List events of the last 30 days',
    params: 'listEvents', permission: ['events', 'read'], response: { list: 'Event' },
    handler: ({ scope, params, url }: Call<ListParams & { type?: string; created?: number | CreatedRange }>) => {
      const events = scope.partition.events;
      const query = { ...pageQuery(params, (id) => events.position(id)), ...createdBounds(params.created) };
      return listOf(url, events.page(query, params.type), renderEvent);
    },
  }),
  route({
    method: 'GET', path: '/v1/events/:id', operationId: 'retrieveEvent', summary: 'Retrieve an event',
    params: 'none', permission: ['events', 'read'], response: 'Event', extension: true,
    handler: ({ scope, path }: Call) => {
      const event = scope.partition.events.get(path.id as string);
      if (!event) throw new ApiError('resource_missing', `No such event: '${path.id}' (events older than 30 days are gone).`, { param: 'id' });
      return renderEvent(event);
    },
  }),
  route({
    method: 'GET', path: '/v1/account', operationId: 'retrieveAccount', summary: 'The account of the key',
    params: 'none', permission: ['account', 'read'], publishable: false, response: 'Account',
    handler: ({ scope, key }: Call) => presentAccount(scope.workspace, key),
  }),
];

interface CreatedRange {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

function createdBounds(created: number | CreatedRange | undefined): { createdMin?: number; createdMax?: number } {
  if (created === undefined) return {};
  if (typeof created === 'number') return { createdMin: created, createdMax: created };
  const mins = [created.gte, created.gt === undefined ? undefined : created.gt + 1].filter((n): n is number => n !== undefined);
  const maxes = [created.lte, created.lt === undefined ? undefined : created.lt - 1].filter((n): n is number => n !== undefined);
  return {
    ...(mins.length ? { createdMin: Math.max(...mins) } : {}),
    ...(maxes.length ? { createdMax: Math.min(...maxes) } : {}),
  };
}

/**
 * The mock plays the client's confirmation right after creation (contract section 7), as the scenario says:
 * `happy` succeeds, `decline` fails with card_declined, `manual` leaves the payment waiting.
 */
function selfConfirm(scope: Scope, payment: Payment, scenario: ScenarioName): void {
  if (scenario === 'manual') return;
  try {
    settle(scope, payment, scenario === 'decline' ? 'generic_decline' : 'succeed');
  } catch (error) {
    // A self-confirmation decline is recorded on the payment and in events; the create itself succeeded.
    if (!(error instanceof ApiError)) throw error;
  }
}

/** A publishable key must present the payment's client_secret; a secret key may, and then it must match. */
function checkClientSecret(key: KeyRecord, payment: Payment, clientSecret: string | undefined, action: string): void {
  if (clientSecret === undefined) {
    if (key.kind !== 'publishable') return;
    throw new ApiError('secret_key_required', `A publishable key can ${action} a payment only with its client_secret. Pass client_secret=${payment.id}_secret_…, or use a secret key.`);
  }
  if (clientSecret !== payment.client_secret) {
    throw new ApiError('parameter_invalid', `The client_secret does not match payment ${payment.id}.`, { param: 'client_secret' });
  }
}
