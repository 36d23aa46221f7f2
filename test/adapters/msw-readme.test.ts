import { setupServer } from 'msw/node';
import { createPaymentsHandlers } from 'payments-mock/msw';

const payments = createPaymentsHandlers({ seed: 1, scenario: 'manual' });
const server = setupServer(...payments.handlers);
beforeAll(() => server.listen());
afterAll(() => {
  server.close();
  payments.mock.close();
});

test('the app keeps its production base URL', async () => {
  const key = payments.mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const res = await fetch('https://api.payments.test/v1/payments', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ object: 'payment', amount: 2000, status: 'requires_confirmation' });
});
