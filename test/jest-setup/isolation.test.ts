import { createWorkspace, useWorkspace } from '../../src/adapters/jest';

const ws = useWorkspace();

describe('workspaces on the shared mock', () => {
  it('are isolated: another workspace sees nothing of this one', async () => {
    const customer = await ws.request('POST', '/v1/customers', { name: 'Ada' });
    expect(customer.status).toBe(200);
    const other = await createWorkspace();
    try {
      expect((await other.request('GET', `/v1/customers/${customer.body.id}`)).status).toBe(404);
      expect((await other.request('GET', '/v1/customers')).body.data).toEqual([]);
    } finally {
      await other.delete();
    }
    expect((await ws.request('GET', `/v1/customers/${customer.body.id}`)).status).toBe(200);
  });

  it('are dropped with their keys by delete()', async () => {
    const other = await createWorkspace({ name: 'short-lived' });
    expect((await other.request('GET', '/v1/account')).status).toBe(200);
    await other.delete();
    const after = await other.request('GET', '/v1/account');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('invalid_api_key');
  });

  it('say clearly when no mock URL is known', async () => {
    await expect(createWorkspace({ url: '' })).rejects.toThrow(/PAYMENTS_MOCK_URL|no mock URL/);
  });
});
