import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Webhook } from 'standardwebhooks';
import { createPaymentsHandlers } from '../../src/adapters/msw';

/**
 * The application under test keeps its production base URL: MSW answers https://api.payments.test from the
 * in-process sandbox, and the sandbox's webhook deliveries (through fetch) reach an MSW handler standing for the
 * application's receiver, where the real `standardwebhooks` verifier checks them.
 */
const payments = createPaymentsHandlers({ seed: 3, clock: 'frozen@2026-01-01T00:00:00Z', scenario: 'manual' });
const received: Array<{ headers: Record<string, string>; body: string }> = [];
const server = setupServer(
  ...payments.handlers,
  http.post('https://shop.test/webhooks', async ({ request }) => {
    received.push({ headers: Object.fromEntries(request.headers), body: await request.text() });
    return HttpResponse.json({ received: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  payments.mock.close();
});

const key = () => payments.mock.keys.find((entry) => entry.kind === 'secret' && !entry.livemode)!.key;

/** What application code does: plain fetch against the production base URL. */
async function api(method: string, path: string, params?: Record<string, string>): Promise<{ status: number; body: any }> {
  const response = await fetch(`https://api.payments.test${path}`, {
    method,
    headers: { Authorization: `Bearer ${key()}` },
    ...(params ? { body: new URLSearchParams(params) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

describe('payments-mock/msw under setupServer', () => {
  it('creates, confirms and lists payments at the production base URL', async () => {
    const created = await api('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    expect(created.status).toBe(200);
    const confirmed = await api('POST', `/v1/payments/${created.body.id}/confirm`, { payment_method: 'pm_card_visa' });
    expect(confirmed.body.status).toBe('succeeded');
    const list = await api('GET', '/v1/payments');
    expect(list.body.data.map((payment: { id: string }) => payment.id)).toContain(created.body.id);
  });

  it('answers errors as the API does, with doc_url links at the base URL', async () => {
    const declined = await api('POST', '/v1/payments', { amount: '2000', currency: 'usd', amout: '1' });
    expect(declined.status).toBe(400);
    expect(declined.body.error.doc_url).toBe('https://api.payments.test/docs/errors#parameter_unknown');
  });

  it('turns an injected lost response into a network error the application sees', async () => {
    const queued = await fetch('https://api.payments.test/_mock/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: '/v1/customers', times: 1, phase: 'after', error: 'reset' }),
    });
    expect(queued.status).toBe(200);
    await expect(api('POST', '/v1/customers', { email: 'a@example.com' })).rejects.toThrow(/Failed to fetch|fetch failed/);
  });

  it('delivers webhooks through fetch, where MSW hands them to the receiver and the real verifier accepts them', async () => {
    const endpoint = await api('POST', '/v1/webhook_endpoints', { url: 'https://shop.test/webhooks', 'enabled_events[]': 'customer.created' });
    expect(endpoint.status).toBe(200);
    const customer = await api('POST', '/v1/customers', { email: 'b@example.com' });
    await payments.mock.webhooks.flush();
    expect(received).toHaveLength(1);
    const event = new Webhook(endpoint.body.secret).verify(received[0]!.body, received[0]!.headers) as { type: string; data: { object: { id: string } } };
    expect(event.type).toBe('customer.created');
    expect(event.data.object.id).toBe(customer.body.id);
  });
});
