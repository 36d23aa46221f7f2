import { createPaymentMethod, CreatePaymentMethodParams } from '../domain/payment-methods';
import { ApiRoute, Call, route } from './route-types';

/** Payment methods: tokenising card details (publishable keys allowed). */
export const PAYMENT_METHOD_ROUTES: ApiRoute[] = [
  route({
    method: 'POST',
    path: '/v1/payment_methods',
    operationId: 'createPaymentMethod',
    summary: 'Tokenise card details',
    description:
      'Turns card details into a `pm_` payment method with its brand and last 4 digits; the number and CVC are never stored. ' +
      'Publishable keys may call it (this is what a browser does). The test card numbers decide what confirming with it does.',
    params: 'createPaymentMethod',
    permission: ['payment_methods', 'write'],
    publishable: true,
    response: 'PaymentMethod',
    extension: true,
    exampleParams: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' } },
    handler: ({ scope, params }: Call<CreatePaymentMethodParams>) => createPaymentMethod(scope, params),
  }),
];
