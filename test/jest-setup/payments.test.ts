import { useWorkspace } from '../../src/adapters/jest';

// One mock serves the whole run (the built dist/adapters/jest/global-setup.js); this file gets a workspace of its own.
const ws = useWorkspace({ name: 'payments tests' });

describe('a test file on the shared mock', () => {
  it('finds the URL the global setup published, and an empty workspace of its own', async () => {
    expect(process.env.PAYMENTS_MOCK_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ws.url).toBe(process.env.PAYMENTS_MOCK_URL);
    const account = await ws.request('GET', '/v1/account');
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: ws.account, name: 'payments tests', livemode: false });
    expect((await ws.request('GET', '/v1/customers')).body.data).toEqual([]);
  });

  it('creates and reads back a payment with real fetch calls', async () => {
    const created = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd', 'metadata[order]': '42' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ amount: 2000, currency: 'usd', metadata: { order: '42' }, created: Date.parse('2026-01-01T00:00:00Z') / 1000 });
    const read = await ws.request('GET', `/v1/payments/${created.body.id}`);
    expect(read.body).toMatchObject({ id: created.body.id, status: 'succeeded' });
  });

  it('has a key of every kind in test and live mode', async () => {
    expect((await ws.request('GET', '/v1/account', undefined, ws.keys.liveSecret)).body.livemode).toBe(true);
    expect((await ws.request('GET', '/v1/customers', undefined, ws.keys.restricted)).status).toBe(200);
    expect((await ws.request('GET', '/v1/customers', undefined, ws.keys.publishable)).status).toBe(403);
    expect(ws.entries).toHaveLength(6);
  });
  it('leaves no critical finding', () => ws.assertReviewClean({ failOn: 'critical' }));
});
