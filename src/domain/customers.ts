import { Customer } from '../schemas/resources';
import { emitEvent } from './events';
import { Scope } from './scope';

export interface CreateCustomerParams {
  email?: string;
  name?: string;
  phone?: string;
}

export function createCustomer(scope: Scope, params: CreateCustomerParams): Customer {
  const customer: Customer = {
    id: scope.store.newId('cus'),
    object: 'customer',
    email: params.email ?? null,
    name: params.name ?? null,
    phone: params.phone ?? null,
    created: scope.now,
    livemode: scope.livemode,
  };
  scope.partition.customers.add(customer, scope.store.nextSeq());
  emitEvent(scope, 'customer.created', customer);
  return customer;
}
