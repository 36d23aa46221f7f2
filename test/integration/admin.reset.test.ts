import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { expectError } from '../helpers/schemas';
import { createPayment, FROZEN_UNIX, sandbox } from '../helpers/sandbox';

const ACME_SECRET = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

describe('POST /_mock/reset', () => {
  it('answers {status: "ok"} and forgets the objects created since start', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const customer = (await box.post('/v1/customers', { email: 'a@example.com' })).body;
    const res = await box.admin('post', '/_mock/reset');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expectError(await box.get(`/v1/payments/${payment.id}`), 404, 'resource_missing');
    expectError(await box.get(`/v1/customers/${customer.id}`), 404, 'resource_missing');
    expect((await box.get('/v1/customers')).body.data).toEqual([]);
  });

  it('keeps the generated workspace and its keys when started without fixtures', async () => {
    const box = sandbox();
    const before = (await box.admin('get', '/_mock/keys')).body.data;
    await box.admin('post', '/_mock/reset');
    expect((await box.admin('get', '/_mock/keys')).body.data).toEqual(before);
    expect((await box.get('/v1/account')).status).toBe(200);
  });

  it('restores fixture objects changed at run time', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES });
    const payment = 'pay_acm000000000000000000003';
    const original = (await box.get(`/v1/payments/${payment}`, ACME_SECRET)).body;
    expect((await box.post(`/v1/payments/${payment}/refund`, {}, ACME_SECRET)).status).toBe(200);
    await box.admin('post', '/_mock/reset');
    expect((await box.get(`/v1/payments/${payment}`, ACME_SECRET)).body).toEqual(original);
  });

  it('drops keys created and rotated at run time, and the old key works again', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const created = (await box.admin('post', '/_mock/keys', { workspace, kind: 'secret', livemode: false })).body;
    const rotated = (await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' })).body;
    expectError(await box.get('/v1/account', box.keys.secret), 401, 'api_key_expired');
    await box.admin('post', '/_mock/reset');
    expectError(await box.get('/v1/account', created.key), 401, 'invalid_api_key');
    expectError(await box.get('/v1/account', rotated.key.key), 401, 'invalid_api_key');
    expect((await box.get('/v1/account', box.keys.secret)).status).toBe(200);
    const keys = (await box.admin('get', '/_mock/keys')).body.data as Array<{ key: string; expires_at: number | null }>;
    expect(keys.map((k) => k.key)).not.toContain(created.key);
    expect(keys.find((k) => k.key === box.keys.secret)?.expires_at).toBeNull();
  });

  it('drops workspaces made with POST /_mock/workspaces and their keys', async () => {
    const box = sandbox();
    const made = (await box.admin('post', '/_mock/workspaces', { name: 'worker 1' })).body;
    const secret = made.keys.find((k: { kind: string; livemode: boolean }) => k.kind === 'secret' && !k.livemode).key;
    expect((await box.get('/v1/account', secret)).status).toBe(200);
    await box.admin('post', '/_mock/reset');
    expectError(await box.get('/v1/account', secret), 401, 'invalid_api_key');
    expect(box.ctx.store.workspaces.has(made.workspace)).toBe(false);
    expectError(await box.admin('delete', `/_mock/workspaces/${made.workspace}`), 404, 'resource_missing');
  });

  it('empties the journal and the fault queue', async () => {
    const box = sandbox();
    await createPayment(box);
    await box.admin('post', '/_mock/faults', { path: '/v1/payments*', times: 5 });
    await box.admin('post', '/_mock/reset');
    expect((await box.admin('get', '/_mock/requests')).body.data).toEqual([]);
    expect((await box.admin('get', '/_mock/faults')).body.data).toEqual([]);
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(200);
  });

  it('keeps the clock and the scenario', async () => {
    const box = sandbox();
    await box.admin('post', '/_mock/clock/advance', { by: '3d' });
    await box.admin('put', '/_mock/scenario', { scenario: 'manual' });
    await box.admin('post', '/_mock/reset');
    expect((await box.admin('get', '/_mock/clock')).body).toMatchObject({ mode: 'frozen', now: FROZEN_UNIX + 3 * 86400 });
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('manual');
    const payment = await createPayment(box);
    expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_confirmation');
  });

  it('never repeats an id handed out before the reset', async () => {
    const box = sandbox();
    const first = await createPayment(box);
    await box.admin('post', '/_mock/reset');
    const second = await createPayment(box);
    expect(second.id).not.toBe(first.id);
  });

  it('refuses a body with parameters', async () => {
    expectError(await sandbox().admin('post', '/_mock/reset', { everything: true }), 400, 'parameter_unknown', 'everything');
  });
});
