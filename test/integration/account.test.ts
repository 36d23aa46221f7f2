import { FROZEN_UNIX, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

const ALL = (level: string) => ({
  payments: level,
  refunds: level,
  customers: level,
  events: level,
  payment_methods: level,
  account: level,
  webhook_endpoints: level,
});

describe('GET /v1/account', () => {
  it('answers the account of a secret test key, with the key kind and its full permissions', async () => {
    const box = sandbox();
    const res = await box.get('/v1/account');
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    const workspace = [...box.ctx.store.workspaces.values()][0];
    expect(res.body).toEqual({
      id: workspace?.account,
      object: 'account',
      name: 'Default workspace',
      livemode: false,
      default_version: res.headers['service-version'],
      created: FROZEN_UNIX,
      key: { kind: 'secret', permissions: ALL('write') },
    });
    expect(res.body.id).toMatch(/^acct_[0-9A-Za-z]{24}$/);
    expect(res.body.default_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers livemode true for a live key, on the same account', async () => {
    const box = sandbox();
    const test = await box.get('/v1/account');
    const live = await box.get('/v1/account', box.keys.liveSecret);
    expect(live.status).toBe(200);
    expectSchema(live.body, 'Account');
    expect(live.body).toMatchObject({ id: test.body.id, livemode: true, key: { kind: 'secret' } });
  });

  it.each([
    ['test', 'restricted', false],
    ['live', 'liveRestricted', true],
  ] as const)('answers a read-only restricted %s key with kind restricted and its read permissions', async (_mode, key, livemode) => {
    const box = sandbox();
    const res = await box.get('/v1/account', box.keys[key]);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    expect(res.body).toMatchObject({ livemode, key: { kind: 'restricted', permissions: ALL('read') } });
  });

  it('shows the exact per-resource permissions of a restricted key made at run time', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.values()][0]?.id;
    const made = await box.admin('post', '/_mock/keys', { workspace, kind: 'restricted', permissions: { payments: 'write', events: 'read', account: 'read' } });
    expect(made.status).toBe(200);
    const res = await box.get('/v1/account', made.body.key);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    expect(res.body.key).toEqual({
      kind: 'restricted',
      permissions: {
        payments: 'write',
        refunds: 'none',
        customers: 'none',
        events: 'read',
        payment_methods: 'none',
        account: 'read',
        webhook_endpoints: 'none',
      },
    });
  });

  it('refuses a restricted key without account permission with 403 insufficient_permissions naming it', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.values()][0]?.id;
    const made = await box.admin('post', '/_mock/keys', { workspace, kind: 'restricted', permissions: { payments: 'read' } });
    const res = await box.get('/v1/account', made.body.key);
    expectError(res, 403, 'insufficient_permissions');
    expect(res.body.error.message).toContain('account: read');
  });

  it.each([
    ['test', 'publishable'],
    ['live', 'livePublishable'],
  ] as const)('refuses a %s publishable key with 403 secret_key_required', async (_mode, key) => {
    const box = sandbox();
    const res = await box.get('/v1/account', box.keys[key]);
    expectError(res, 403, 'secret_key_required');
    expect(res.body.error.type).toBe('permission_error');
  });

  it("answers another workspace's key with that workspace's account and name", async () => {
    const box = sandbox();
    const other = await box.admin('post', '/_mock/workspaces', { name: 'Second shop' });
    expect(other.status).toBe(200);
    const secret = (other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    const res = await box.get('/v1/account', secret);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    expect(res.body).toMatchObject({ id: other.body.account, name: 'Second shop', livemode: false });
    expect(res.body.id).not.toBe((await box.get('/v1/account')).body.id);
  });

  it('answers 401 without a key and with an unknown key', async () => {
    const box = sandbox();
    expectError(await box.http.get('/v1/account'), 401, 'missing_api_key');
    expectError(await box.get('/v1/account', 'sk_test_notakey'), 401, 'invalid_api_key');
  });

  it('accepts the key as Basic auth user name, as curl -u sends it', async () => {
    const box = sandbox();
    const res = await box.http.get('/v1/account').set('Authorization', `Basic ${Buffer.from(`${box.keys.secret}:`).toString('base64')}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
  });

  it('refuses any query parameter by name', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/account?expand=key'), 400, 'parameter_unknown', 'expand');
  });

  it('answers a wrong method with 405 method_not_allowed and an Allow header', async () => {
    const box = sandbox();
    const res = await box.post('/v1/account', {});
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toContain('GET');
  });
});
