/**
 * Example objects for the OpenAPI document: one of each resource as the API returns it. A test checks each
 * against its schema, so the examples cannot drift from what the server sends.
 */
const CREATED = 1767225600;

export const EXAMPLE_PAYMENT = {
  id: 'pay_3MtwBwLkdIwHu7ix28a3tqPa',
  object: 'payment',
  amount: 2000,
  amount_received: 2000,
  amount_refunded: 0,
  currency: 'usd',
  status: 'succeeded',
  client_secret: 'pay_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH',
  customer: null,
  description: null,
  metadata: { order: '42' },
  fee: 88,
  payment_method: 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6',
  last_payment_error: null,
  next_action: null,
  created: CREATED,
  livemode: false,
};

export const EXAMPLE_REFUND = {
  id: 're_1Nispe2eZvKYlo2Cd31jOCgZ',
  object: 'refund',
  payment: EXAMPLE_PAYMENT.id,
  amount: 500,
  currency: 'usd',
  status: 'succeeded',
  reason: 'requested_by_customer',
  fee_refunded: 22,
  created: CREATED,
  livemode: false,
};

export const EXAMPLE_CUSTOMER = {
  id: 'cus_NffrFeUfNV2Hib0a1b2c3d4e',
  object: 'customer',
  email: 'jenny@example.com',
  name: 'Jenny Rosen',
  phone: '+14155550123',
  created: CREATED,
  livemode: false,
};

export const EXAMPLE_PAYMENT_METHOD = {
  id: 'pm_1Q0PsIJvEtkwdCNYMSaVuRz6',
  object: 'payment_method',
  type: 'card',
  card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 },
  created: CREATED,
  livemode: false,
};

export const EXAMPLE_EVENT = {
  id: 'evt_1NG8Du2eZvKYlo2CUI79vXWy',
  object: 'event',
  type: 'payment.succeeded',
  created: CREATED,
  livemode: false,
  api_version: '2025-08-27',
  data: { object: { ...EXAMPLE_PAYMENT, client_secret: null } },
  request: { id: 'req_8mRn2vXkPq4sTz7wYb1cDf3G', idempotency_key: null },
};

export const EXAMPLE_ACCOUNT = {
  id: 'acct_1Nv0FGQ9RKHgCVdK0a1b2c3d',
  object: 'account',
  name: 'Acme',
  livemode: false,
  default_version: '2025-08-27',
  created: CREATED,
  key: {
    kind: 'secret',
    permissions: {
      payments: 'write',
      refunds: 'write',
      customers: 'write',
      events: 'write',
      payment_methods: 'write',
      account: 'write',
      webhook_endpoints: 'write',
    },
  },
};

/** A key as the admin API shows it. */
export const EXAMPLE_KEY = {
  key: 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc',
  kind: 'secret',
  livemode: false,
  workspace: 'ws_default',
  account: 'acct_1Nv0FGQ9RKHgCVdK0a1b2c3d',
  permissions: null,
  expires_at: null,
};

export const EXAMPLE_WEBHOOK_ENDPOINT = {
  id: 'we_1Mr5kQ2eZvKYlo2CxMJw3Kp9',
  object: 'webhook_endpoint',
  url: 'http://localhost:3000/webhooks',
  enabled_events: ['payment.succeeded', 'refund.*'],
  status: 'enabled',
  secret: 'whsec_Rm9vQmFyQmF6UXV4UXV1eENvcmdlR3JhdWx0R2FycA==',
  api_version: null,
  description: 'Order service',
  metadata: {},
  created: 1767225600,
  livemode: false,
};

export const EXAMPLE_DELETED_WEBHOOK_ENDPOINT = { id: EXAMPLE_WEBHOOK_ENDPOINT.id, object: 'webhook_endpoint', deleted: true };

export const EXAMPLE_JOURNAL_ENTRY = {
  id: 'req_4Xq2nUyV7pBz0cR3tL9mKw1E',
  method: 'POST',
  path: '/v1/payments',
  status: 200,
  key: 'sk_test_…p7dc',
  key_permissions: null,
  idempotency_key: null,
  replayed: false,
  duration_ms: 0.42,
  request_body: { amount: '2000', currency: 'usd' },
  response_body: { id: 'pay_1' },
  request_headers: { authorization: 'Bearer sk_test_…p7dc', 'content-type': 'application/x-www-form-urlencoded' },
  response_headers: { 'request-id': 'req_4Xq2nUyV7pBz0cR3tL9mKw1E', 'service-version': '2025-08-27' },
  truncated: false,
  created: 1767225600,
  workspace: 'acme',
  near_miss: null,
};

/** One example per response component, by name. */
export const RESOURCE_EXAMPLES = {
  WebhookEndpoint: EXAMPLE_WEBHOOK_ENDPOINT,
  DeletedWebhookEndpoint: EXAMPLE_DELETED_WEBHOOK_ENDPOINT,
  Payment: EXAMPLE_PAYMENT,
  Refund: EXAMPLE_REFUND,
  Customer: EXAMPLE_CUSTOMER,
  PaymentMethod: EXAMPLE_PAYMENT_METHOD,
  Event: EXAMPLE_EVENT,
  Account: EXAMPLE_ACCOUNT,
} as const;
