import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { startMock } from 'payments-mock';
import { webhookApp } from '../webhooks/receiver';

test('the integration has nothing to fix: idempotent creates, a pinned version, a handler that verifies', async () => {
  const mock = await startMock({ port: 0, fixtures: 'none' });
  const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const post = (path: string, params: Record<string, string>, idempotencyKey?: string) =>
    fetch(`${mock.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Service-Version': '2025-08-27', // pin the version your code was written for
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}), // one per operation, reused on retries
      },
      body: new URLSearchParams(params),
    }).then((res) => res.json());

  // The webhook handler of examples/webhooks: it verifies signatures on the raw body.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const endpoint = (await post('/v1/webhook_endpoints', { url, 'enabled_events[]': '*' })) as { id: string; secret: string };
  server.on(
    'request',
    webhookApp(endpoint.secret, () => undefined),
  );

  const payment = (await post('/v1/payments', { amount: '2000', currency: 'usd' }, 'order-42')) as { id: string };
  await post(`/v1/payments/${payment.id}/refund`, {}, 'order-42-refund');
  await mock.webhooks.flush();

  const probe = await mock.webhooks.probe(endpoint.id); // forged, altered, replayed, duplicate, out-of-order deliveries
  expect(probe.probes.filter((p) => p.verdict !== 'pass')).toEqual([]);
  mock.assertReviewClean({ failOn: 'info' }); // throws, listing each finding with its evidence and the page with the fix

  await mock.close();
  server.close();
});
