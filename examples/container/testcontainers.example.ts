import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { PaymentsMockContainer, StartedPaymentsMockContainer } from 'payments-mock/testcontainers';

// Your webhook handler, on this machine: the container reaches it through Testcontainers' host port exposure.
const received: string[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push(JSON.parse(body).type);
    res.end();
  });
});
let mock: StartedPaymentsMockContainer;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  mock = await new PaymentsMockContainer() // the image payments-mock:<version>, built from the Containerfile
    .withClock('frozen@2026-01-01T00:00:00Z')
    .withSeed(42)
    .withWebhookToHost((receiver.address() as AddressInfo).port, '/webhooks')
    .start();
}, 60_000);
afterAll(async () => {
  await mock.stop();
  receiver.close();
});

test('a refund on the first workspace reaches my webhook handler', async () => {
  const auth = { Authorization: `Bearer ${mock.secretKey}` };
  const created = await fetch(`${mock.url}/v1/payments`, { method: 'POST', headers: auth, body: new URLSearchParams({ amount: '2000', currency: 'usd' }) });
  const payment = (await created.json()) as { id: string };
  await fetch(`${mock.url}/v1/payments/${payment.id}/refund`, { method: 'POST', headers: auth });
  await mock.webhooks.flush(); // every delivery due has been attempted
  expect(received).toContain('refund.created');
});

test('a workspace of its own, with its own clock', async () => {
  const ws = await mock.createWorkspace();
  await ws.request('POST', '/v1/payments', { amount: 500, currency: 'eur' });
  await ws.clock.advance('31d');
  expect((await ws.request('GET', '/v1/payments')).body.data).toHaveLength(1);
  await ws.delete();
});
