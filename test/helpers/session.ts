/**
 * The session the "kept as a flow" tests record, the same through every door (admin API, CLI, dashboard, MCP): a
 * customer, a 3-D Secure confirmation, a decline, a refund of a fresh payment and of a fixture payment, clock moves
 * and an idempotent retry. `call` makes one /v1 request with the workspace's secret key (or the one named),
 * `admin` one admin call; both answer the HTTP status.
 */
export interface SessionDriver {
  v1(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    options?: { key?: 'publishable'; idempotencyKey?: string },
  ): Promise<{ status: number; body: any }>;
  admin(method: 'POST' | 'PUT', path: string, body: unknown): Promise<number>;
}

/** A refundable payment of the default fixtures (acme, test mode): a literal id the session did not make. */
export const FIXTURE_PAYMENT = 'pay_acm000000000000000000001';
export const FIXTURE_CUSTOMER = 'cus_acmAda0Lovelace00000001';

/** Records the session; answers the /v1 statuses it got, in order (the admin calls are checked, not listed). */
export async function recordSession(drive: SessionDriver): Promise<number[]> {
  const statuses: number[] = [];
  const v1 = async (...args: Parameters<SessionDriver['v1']>) => {
    const res = await drive.v1(...args);
    statuses.push(res.status);
    return res.body;
  };
  expect(await drive.admin('PUT', '/_mock/scenario', { scenario: 'manual' })).toBe(200);
  const customer = await v1('POST', '/v1/customers', { email: 'ada@example.com' });
  const secure = await v1('POST', '/v1/payments', { amount: '2000', currency: 'usd', customer: customer.id });
  const card = await v1(
    'POST',
    '/v1/payment_methods',
    { type: 'card', 'card[number]': '4000002500003155', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' },
    { key: 'publishable' },
  );
  const challenged = await v1(
    'POST',
    `/v1/payments/${secure.id}/confirm`,
    { payment_method: card.id, client_secret: secure.client_secret },
    { key: 'publishable' },
  );
  expect(challenged.status).toBe('requires_action');
  // The customer completes the challenge: confirming a requires_action payment again stands for it (docs/behaviour.md).
  const completed = await v1('POST', `/v1/payments/${secure.id}/confirm`, { client_secret: secure.client_secret }, { key: 'publishable' });
  expect(completed.status).toBe('succeeded');
  const declined = await v1('POST', '/v1/payments', { amount: '1500', currency: 'eur', customer: FIXTURE_CUSTOMER });
  await v1('POST', `/v1/payments/${declined.id}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
  const paid = await v1('POST', '/v1/payments', { amount: '3000', currency: 'usd' }, { idempotencyKey: 'order-42' });
  await v1('POST', `/v1/payments/${paid.id}/confirm`, { payment_method: 'pm_card_visa' });
  await v1('POST', `/v1/payments/${paid.id}/refund`, { amount: '1000' });
  await v1('POST', `/v1/payments/${FIXTURE_PAYMENT}/refund`, {});
  expect(await drive.admin('POST', '/_mock/clock/advance', { by: '1h' })).toBe(200);
  await v1('POST', '/v1/payments', { amount: '3000', currency: 'usd' }, { idempotencyKey: 'order-42' });
  await v1('GET', `/v1/payments/${paid.id}/refunds`);
  expect(await drive.admin('POST', '/_mock/clock/advance', { by: '25h' })).toBe(200);
  await v1('POST', `/v1/payments/${FIXTURE_PAYMENT}/refund`, {});
  return statuses;
}

/** Drives the session over HTTP against a listening mock, with a workspace's secret and publishable test keys. */
export function httpDriver(url: string, keys: { secret: string; publishable: string }): SessionDriver {
  return {
    v1: async (method, path, form = {}, options = {}) => {
      const headers: Record<string, string> = { Authorization: `Bearer ${options.key === 'publishable' ? keys.publishable : keys.secret}` };
      if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
      if (method === 'POST') headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const res = await fetch(`${url}${path}`, { method, headers, ...(method === 'POST' ? { body: new URLSearchParams(form).toString() } : {}) });
      return { status: res.status, body: await res.json() };
    },
    admin: async (method, path, body) =>
      (await fetch(`${url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).status,
  };
}

/** The statuses a session answered, without the tokenisation's (a flow does not write it: its card number would be there). */
export const replayedStatuses = (statuses: number[]): number[] => statuses.filter((_, i) => i !== 2);
