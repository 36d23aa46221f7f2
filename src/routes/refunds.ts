import { getPayment } from '../domain/payments';
import { getRefund, refundsOf } from '../domain/refunds';
import { ListParams, listOf, pageQuery } from './shared/lists';
import { ApiRoute, Call, route } from './route-types';

/** Refunds: read-only (a refund is made with POST /v1/payments/{id}/refund). */
export const REFUND_ROUTES: ApiRoute[] = [
  route({
    method: 'GET',
    path: '/v1/payments/:id/refunds',
    operationId: 'listPaymentRefunds',
    summary: "List a payment's refunds",
    description: 'The refunds of one payment, newest first, as a list page (`limit`, `starting_after`, `ending_before`).',
    params: 'list',
    permission: ['refunds', 'read'],
    response: { list: 'Refund' },
    extension: true,
    handler: ({ scope, params, path, url }: Call<ListParams>) => {
      const refunds = refundsOf(scope, getPayment(scope, path.id as string).id);
      return listOf(url, refunds.page(pageQuery(params, (id) => refunds.position(id))));
    },
  }),
  route({
    method: 'GET',
    path: '/v1/refunds/:id',
    operationId: 'retrieveRefund',
    summary: 'Retrieve a refund',
    description: 'Returns one refund of this account and mode.',
    params: 'none',
    permission: ['refunds', 'read'],
    response: 'Refund',
    extension: true,
    handler: ({ scope, path }: Call) => getRefund(scope, path.id as string),
  }),
];
