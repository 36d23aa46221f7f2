import { expect, it } from 'vitest';
import { useWorkspace } from 'payments-mock/vitest';
import { announce, waitFor } from './rendezvous';

const ws = useWorkspace({ name: 'steady' });

it('keeps its clock and scenario while the declining file changes its own', async () => {
  const before = await ws.clock.now();
  await waitFor(ws.url, 'disturbed');
  const clock = await ws.clock.state();
  expect(clock.follows_server).toBe(true);
  expect(clock.now - before).toBeLessThan(3600);
  const payment = await ws.request('POST', '/v1/payments', { amount: 1000, currency: 'usd' });
  // The scenario decides how the payment's self-confirmation, right after its creation, ends.
  const seen = await ws.request('GET', `/v1/payments/${payment.body.id}`);
  expect(seen.body.status).toBe('succeeded');
  expect(payment.body.created).toBeLessThan(before + 3600);
  await announce(ws.url, 'checked');
});
