import type { KeyEntry } from '../../src/start-mock';
import { expectError } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox } from '../helpers/sandbox';

const ENTRY_FIELDS = ['account', 'expires_at', 'key', 'kind', 'livemode', 'permissions', 'workspace'];
const workspaceOf = (box: ReturnType<typeof sandbox>) => [...box.ctx.store.workspaces.values()][0]!;

describe('GET /_mock/keys', () => {
  it('lists every key whole, with kind, mode, workspace, account, permissions and expiry', async () => {
    const box = sandbox();
    const res = await box.admin('get', '/_mock/keys');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    const data = res.body.data as KeyEntry[];
    expect(data).toHaveLength(6);
    const workspace = workspaceOf(box);
    for (const entry of data) {
      expect(Object.keys(entry).sort()).toEqual(ENTRY_FIELDS);
      expect(entry).toMatchObject({ workspace: workspace.id, account: workspace.account, expires_at: null });
      expect(entry.key).toMatch(new RegExp(`^${{ secret: 'sk', publishable: 'pk', restricted: 'rk' }[entry.kind]}_${entry.livemode ? 'live' : 'test'}_`));
      expect(entry.permissions === null).toBe(entry.kind !== 'restricted');
    }
    expect(data.map((k) => `${k.kind}/${k.livemode}`).sort()).toEqual([
      'publishable/false',
      'publishable/true',
      'restricted/false',
      'restricted/true',
      'secret/false',
      'secret/true',
    ]);
    expect(data.map((k) => k.key)).toContain(box.keys.secret);
  });
});

describe('POST /_mock/keys', () => {
  it('creates a working secret key and answers its entry', async () => {
    const box = sandbox();
    const workspace = workspaceOf(box);
    const res = await box.admin('post', '/_mock/keys', { workspace: workspace.id, kind: 'secret', livemode: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      key: expect.stringMatching(/^sk_live_[0-9A-Za-z]{24}$/),
      kind: 'secret',
      livemode: true,
      workspace: workspace.id,
      account: workspace.account,
      permissions: null,
      expires_at: null,
    });
    const account = await box.get('/v1/account', res.body.key);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: workspace.account, livemode: true, key: { kind: 'secret' } });
    expect((await box.admin('get', '/_mock/keys')).body.data).toContainEqual(res.body);
  });

  it('creates a restricted key with the given permissions, the others none', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/keys', {
      workspace: workspaceOf(box).id,
      kind: 'restricted',
      livemode: false,
      permissions: { payments: 'write', events: 'read' },
    });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(/^rk_test_/);
    expect(res.body.permissions).toEqual({
      payments: 'write',
      refunds: 'none',
      customers: 'none',
      events: 'read',
      payment_methods: 'none',
      account: 'none',
      webhook_endpoints: 'none',
    });
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' }, res.body.key)).status).toBe(200);
    expectError(await box.post('/v1/customers', {}, res.body.key), 403, 'insufficient_permissions');
  });

  it('makes a restricted key read-only when no permissions are given', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/keys', { workspace: workspaceOf(box).id, kind: 'restricted' });
    expect(res.body).toMatchObject({
      livemode: false,
      permissions: { payments: 'read', refunds: 'read', customers: 'read', events: 'read', payment_methods: 'read', account: 'read' },
    });
  });

  it('creates a publishable key', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/keys', { workspace: workspaceOf(box).id, kind: 'publishable', livemode: false });
    expect(res.body).toMatchObject({ kind: 'publishable', key: expect.stringMatching(/^pk_test_/) });
    expectError(await box.get('/v1/customers', res.body.key), 403, 'secret_key_required');
  });

  it.each([
    ['an unknown kind', { kind: 'admin' }, 400, 'parameter_invalid', 'kind'],
    ['no kind', { kind: undefined }, 400, 'parameter_missing', 'kind'],
    ['an unknown workspace', { workspace: 'ws_nope' }, 400, 'resource_missing', 'workspace'],
    ['no workspace', { workspace: undefined }, 400, 'parameter_missing', 'workspace'],
    ['livemode that is not a boolean', { livemode: 'yes' }, 400, 'parameter_invalid', 'livemode'],
    ['permissions on a secret key', { kind: 'secret', permissions: { payments: 'read' } }, 400, 'parameter_invalid', 'permissions'],
    ['an unknown permission', { permissions: { payouts: 'read' } }, 400, 'parameter_invalid', 'permissions[payouts]'],
    ['an unknown permission level', { permissions: { payments: 'admin' } }, 400, 'parameter_invalid', 'permissions[payments]'],
    ['an unknown parameter', { mode: 'test' }, 400, 'parameter_unknown', 'mode'],
  ])('refuses %s with a JSON error', async (_case, change, status, code, param) => {
    const box = sandbox();
    const body = { workspace: workspaceOf(box).id, kind: 'restricted', livemode: false, ...change };
    const before = box.ctx.store.keys.size;
    expectError(await box.admin('post', '/_mock/keys', body), status, code, param);
    expect(box.ctx.store.keys.size).toBe(before);
  });
});

describe('POST /_mock/keys/{key}/rotate', () => {
  it('answers the new key entry and when the old one expires (24h by default)', async () => {
    const box = sandbox();
    const res = await box.admin('post', `/_mock/keys/${box.keys.restricted}/rotate`);
    expect(res.status).toBe(200);
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX + 86400);
    expect(res.body.key).toMatchObject({ kind: 'restricted', livemode: false, expires_at: null, workspace: workspaceOf(box).id });
    expect(res.body.key.key).toMatch(/^rk_test_/);
    expect(res.body.key.key).not.toBe(box.keys.restricted);
    expect(res.body.key.permissions).toEqual((await box.get('/v1/account', box.keys.restricted)).body.key.permissions);
    const old = ((await box.admin('get', '/_mock/keys')).body.data as KeyEntry[]).find((k) => k.key === box.keys.restricted);
    expect(old?.expires_at).toBe(FROZEN_UNIX + 86400);
  });

  it('keeps the old key working until expires_in has passed on the mock clock', async () => {
    const box = sandbox();
    const { key } = (await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: '2h' })).body;
    await box.admin('post', '/_mock/clock/advance', { by: '1h' });
    expect((await box.get('/v1/account', box.keys.secret)).status).toBe(200);
    await box.admin('post', '/_mock/clock/advance', { by: '1h' });
    expectError(await box.get('/v1/account', box.keys.secret), 401, 'api_key_expired');
    expect((await box.get('/v1/account', key.key)).status).toBe(200);
  });

  it('expires the old key at once with expires_in "now"', async () => {
    const box = sandbox();
    const res = await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' });
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX);
    expectError(await box.get('/v1/account', box.keys.secret), 401, 'api_key_expired');
  });

  it.each([
    ['a bad duration', { expires_in: 'soon' }, 400, 'parameter_invalid', 'expires_in'],
    ['a negative duration', { expires_in: '-1h' }, 400, 'parameter_invalid', 'expires_in'],
    ['an unknown parameter', { grace: '1h' }, 400, 'parameter_unknown', 'grace'],
  ])('refuses %s', async (_case, body, status, code, param) => {
    const box = sandbox();
    expectError(await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, body), status, code, param);
    expect((await box.get('/v1/account', box.keys.secret)).status).toBe(200);
  });

  it('answers 404 resource_missing for an unknown key', async () => {
    expectError(await sandbox().admin('post', '/_mock/keys/sk_test_nope/rotate'), 404, 'resource_missing', 'key');
  });

  it('refuses to rotate a key that was rotated already, so an expired key cannot be revived', async () => {
    const box = sandbox();
    await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' });
    expectError(await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: '24h' }), 400, 'parameter_invalid', 'key');
    expectError(await box.get('/v1/account', box.keys.secret), 401, 'api_key_expired');
  });
});
