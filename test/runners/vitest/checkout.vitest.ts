import { expect, it } from 'vitest';
import { useWorkspace } from 'payments-mock/vitest';

// This file's own workspace: its clock and scenario change nothing for the other files running meanwhile.
const ws = useWorkspace({ name: 'checkout' });

it('declines a month from now', async () => {
  await ws.clock.advance('31d');
  await ws.setScenario('decline');
  const payment = await ws.request('POST', '/v1/payments', { amount: 1000, currency: 'usd' });
  const seen = await ws.request('GET', `/v1/payments/${payment.body.id}`);
  expect(seen.body.status).toBe('requires_payment_method');
});

it('leaves no critical finding', () => ws.assertReviewClean({ failOn: 'critical' }));
