import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMock } from 'payments-mock';

let mock;
let key;
before(async () => {
  mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
  key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode).key;
});
after(() => mock.close());

test('creates a payment', async () => {
  const res = await fetch(`${mock.url}/v1/payments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
  });
  assert.equal(res.status, 200);
  assert.equal((await res.json()).amount, 2000);
});

test('leaves no critical finding', () => mock.assertReviewClean({ failOn: 'critical' }));
