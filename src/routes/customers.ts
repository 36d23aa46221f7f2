import { createCustomer, CreateCustomerParams } from '../domain/customers';
import { ApiError } from '../errors/api-error';
import { ListParams, listOf, pageQuery } from './shared/lists';
import { ApiRoute, Call, route } from './route-types';

/** Customers: create, retrieve, list. */
export const CUSTOMER_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    path: '/v1/customers',
    operationId: 'createCustomer',
    summary: 'Create a customer',
    description:
      'Creates a customer. `email` is checked loosely, `phone` must be E.164. Under API version 2024-09-30 the answer has no ' +
      '`phone` (it is stored and returned from 2025-08-27). Emits `customer.created`.',
    params: 'createCustomer',
    permission: ['customers', 'write'],
    response: 'Customer',
    exampleParams: { email: 'jenny@example.com', name: 'Jenny Rosen', phone: '+14155550123' },
    handler: ({ scope, params }: Call<CreateCustomerParams>) => createCustomer(scope, params),
  }),
  route({
    method: 'GET',
    path: '/v1/customers/:id',
    operationId: 'retrieveCustomer',
    summary: 'Retrieve a customer',
    description: 'Returns one customer of this account and mode.',
    params: 'none',
    permission: ['customers', 'read'],
    response: 'Customer',
    extension: true,
    handler: ({ scope, path }: Call) => {
      const customer = scope.partition.customers.get(path.id as string);
      if (!customer) throw new ApiError('resource_missing', `No such customer: '${path.id}'.`, { param: 'id' });
      return customer;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/customers',
    operationId: 'listCustomers',
    summary: 'List customers',
    description: 'Customers of this account and mode, newest first, as a list page.',
    params: 'list',
    permission: ['customers', 'read'],
    response: { list: 'Customer' },
    extension: true,
    handler: ({ scope, params, url }: Call<ListParams>) => {
      const customers = scope.partition.customers;
      return listOf(url, customers.page(pageQuery(params, (id) => customers.position(id))));
    },
  }),
];
