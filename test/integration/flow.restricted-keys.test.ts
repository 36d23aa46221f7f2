import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';
import { FIXTURE_PAYMENT } from '../helpers/session';

const REFUNDS_KEY = 'rk_test_acme_refunds_7Fq2LmN8pR4sT0vW';
const fresh = () => sandbox({ fixtures: DEFAULT_FIXTURES });

/** A flow that makes a payment with the secret key (the happy scenario confirms it) and refunds it with a restricted key. */
const refundFlow = (restricted: Record<string, unknown>) => ({
  steps: [
    { name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } },
    { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund', key: 'restricted', ...restricted },
  ],
});

describe('a flow step with a restricted key', () => {
  it('a session that refunded with a restricted key records what the key could do, and replays green on a fresh mock', async () => {
    const box = fresh();
    const refund = await box.post(`/v1/payments/${FIXTURE_PAYMENT}/refund`, {}, REFUNDS_KEY);
    expect(refund.status).toBe(200);
    const journal = await box.admin('get', '/_mock/requests');
    expect(journal.body.data[0]).toMatchObject({ key: 'rk_test_…T0vW', key_permissions: { payments: 'read', refunds: 'write', events: 'read' } });
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body;
    expect(doc.steps).toEqual([
      {
        name: 'refund_1',
        method: 'POST',
        path: `/v1/payments/${FIXTURE_PAYMENT}/refund`,
        key: 'restricted',
        key_permissions: { payments: 'read', refunds: 'write', events: 'read' },
        expect_status: 200,
      },
    ]);
    const replay = await fresh().admin('post', '/_mock/flows', doc);
    expect(replay.status).toBe(200);
    expect(replay.body.steps[0].status).toBe(200);
  });

  it('a document with only "key": "restricted" (written before key_permissions) takes the first restricted key, as before', async () => {
    const box = sandbox();
    expectError(await box.admin('post', '/_mock/flows', refundFlow({})), 422, 'flow_step_failed', '/steps/1');
    const replay = await box.admin('post', '/_mock/flows', refundFlow({}));
    expect(replay.body.error.message).toContain('403 insufficient_permissions');
  });

  it('makes a restricted key with exactly those permissions when the workspace has none that may do as much, and uses it again', async () => {
    const box = sandbox();
    const before = [...box.ctx.store.keys.values()].filter((key) => key.kind === 'restricted');
    const replay = await box.admin('post', '/_mock/flows', refundFlow({ key_permissions: { refunds: 'write', payments: 'read' } }));
    expect(replay.body.error?.message).toBeUndefined();
    const made = [...box.ctx.store.keys.values()].filter((key) => key.kind === 'restricted' && !before.includes(key));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ livemode: false, workspace: before[0]?.workspace, expires_at: null });
    expect(made[0]?.permissions).toMatchObject({ refunds: 'write', payments: 'read', customers: 'none' });
    expect((await box.admin('post', '/_mock/flows', refundFlow({ key_permissions: { refunds: 'write' } }))).status).toBe(200);
    expect([...box.ctx.store.keys.values()].filter((key) => key.kind === 'restricted')).toHaveLength(before.length + 1);
  });

  it.each([
    [{ key_permissions: { refunds: 'write' }, key: 'secret' }, '/steps/1/key_permissions', 'add "key": "restricted"'],
    [{ key_permissions: ['refunds'] }, '/steps/1/key_permissions', 'expected an object of resources and levels'],
    [{ key_permissions: { refund: 'write' } }, '/steps/1/key_permissions/refund', 'unknown resource "refund": use payments, refunds'],
    [{ key_permissions: { refunds: 'admin' } }, '/steps/1/key_permissions/refunds', 'expected none, read, write'],
  ])('refuses a malformed key_permissions (%j) with 400 flow_invalid naming %s', async (step, pointer, message) => {
    const res = await sandbox().admin('post', '/_mock/flows', refundFlow(step));
    expectError(res, 400, 'flow_invalid', pointer);
    expect(res.body.error.message).toContain(message);
  });
});
