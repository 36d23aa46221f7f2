import { expect, it } from 'vitest';
import { useWorkspace } from 'payments-mock/vitest';
import { announce, waitFor } from './rendezvous';

const ws = useWorkspace({ name: 'declining' });

it('moves its own clock 31 days and declines, while the steady file runs', async () => {
  const before = await ws.clock.now();
  await ws.clock.advance('31d');
  await ws.setScenario('decline');
  const payment = await ws.request('POST', '/v1/payments', { amount: 1000, currency: 'usd' });
  // The scenario decides how the payment's self-confirmation, right after its creation, ends.
  const seen = await ws.request('GET', `/v1/payments/${payment.body.id}`);
  expect(seen.body.status).toBe('requires_payment_method');
  expect(payment.body.created - before - 31 * 86400).toBeLessThan(60);
  expect(payment.body.created - before - 31 * 86400).toBeGreaterThanOrEqual(0);
  await announce(ws.url, 'disturbed');
  await waitFor(ws.url, 'checked');
});
