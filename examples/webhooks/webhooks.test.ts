import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { startMock } from 'payments-mock';
import { webhookApp } from './receiver';

test('my server fails twice, and the third delivery (after 6 minutes of mock time) gets through', async () => {
  const mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z' });
  const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const post = (path: string, body: object) =>
    fetch(`${mock.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((res) => res.json());

  // The receiver listens first, so that its URL can be registered; the endpoint's secret then arms it.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const endpoint = (await post('/v1/webhook_endpoints', { url, enabled_events: ['payment.succeeded'] })) as { secret: string };
  let failures = 2;
  const handled: string[] = [];
  server.on(
    'request',
    webhookApp(endpoint.secret, (event) => {
      if (failures-- > 0) throw new Error('database down');
      handled.push(event.type);
    }),
  );

  await post('/v1/payments', { amount: 2000, currency: 'usd' });
  await mock.webhooks.flush(); // the first attempt is made at once: it fails
  await mock.clock.advance('6m'); // +5 s: the second fails; +5 min 5 s: the third succeeds

  const [delivery] = mock.webhooks.deliveries();
  expect(delivery!.attempts.map((attempt) => attempt.response_status)).toEqual([500, 500, 200]);
  expect(delivery!.status).toBe('succeeded');
  expect(handled).toEqual(['payment.succeeded']);

  await mock.close();
  server.close();
});
