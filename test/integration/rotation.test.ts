import type { KeyEntry } from '../../src/start-mock';
import { expectError, expectSchema } from '../helpers/schemas';
import { FROZEN_UNIX, Sandbox, sandbox } from '../helpers/sandbox';

const DAY = 86400;

const rotate = (box: Sandbox, key: string, body: Record<string, unknown> = {}) => box.admin('post', `/_mock/keys/${key}/rotate`, body);
const account = (box: Sandbox, key: string) => box.get('/v1/account', key);
const entryOf = async (box: Sandbox, key: string): Promise<KeyEntry | undefined> =>
  ((await box.admin('get', '/_mock/keys')).body.data as KeyEntry[]).find((entry) => entry.key === key);

describe('POST /_mock/keys/{key}/rotate', () => {
  it('answers { key: <new entry>, old_key_expires_at } with a default grace of 24h', async () => {
    const box = sandbox();
    const old = await entryOf(box, box.keys.secret);
    const res = await rotate(box, box.keys.secret);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['key', 'old_key_expires_at']);
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX + DAY);
    expect(res.body.key).toEqual({
      key: expect.stringMatching(/^sk_test_[0-9A-Za-z]+$/),
      kind: 'secret',
      livemode: false,
      workspace: old?.workspace,
      account: old?.account,
      permissions: null,
      expires_at: null,
    });
    expect(res.body.key.key).not.toBe(box.keys.secret);
    // The dashboard lists both, the old one with its expiry.
    expect((await entryOf(box, box.keys.secret))?.expires_at).toBe(FROZEN_UNIX + DAY);
    expect(await entryOf(box, res.body.key.key)).toEqual(res.body.key);
  });

  it('gives the new key the same account, which sees the same objects', async () => {
    const box = sandbox();
    const payment = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    const { body } = await rotate(box, box.keys.secret);
    const res = await box.get(`/v1/payments/${payment.body.id}`, body.key.key);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect((await account(box, body.key.key)).body.id).toBe((await account(box, box.keys.secret)).body.id);
  });

  it('keeps the old key working at 24h minus one second', async () => {
    const box = sandbox();
    const { body } = await rotate(box, box.keys.secret);
    box.ctx.clock.advance(DAY - 1);
    const res = await account(box, box.keys.secret);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(200);
    expect((await account(box, body.key.key)).status).toBe(200);
  });

  it('returns 401 authentication_error/api_key_expired 24h after rotation, while the new key works', async () => {
    const box = sandbox();
    const { body } = await rotate(box, box.keys.secret);
    box.ctx.clock.advance(DAY);
    const res = await account(box, box.keys.secret);
    expectError(res, 401, 'api_key_expired');
    expect(res.body.error.type).toBe('authentication_error');
    expect(res.body.error.message).not.toContain(box.keys.secret);
    expectError(await box.post('/v1/payments', { amount: 100, currency: 'usd' }), 401, 'api_key_expired');
    expect((await account(box, body.key.key)).status).toBe(200);
  });

  it('follows the admin clock too: POST /_mock/clock/advance {by: "24h"} expires the old key', async () => {
    const box = sandbox();
    await rotate(box, box.keys.secret);
    await box.admin('post', '/_mock/clock/advance', { by: '24h' });
    expectError(await account(box, box.keys.secret), 401, 'api_key_expired');
  });

  it('expires_in "now" expires the old key at once', async () => {
    const box = sandbox();
    const res = await rotate(box, box.keys.secret, { expires_in: 'now' });
    expect(res.status).toBe(200);
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX);
    expectError(await account(box, box.keys.secret), 401, 'api_key_expired');
    expect((await account(box, res.body.key.key)).status).toBe(200);
  });

  it('expires_in "1h": works at 1h minus one second, expired at 1h', async () => {
    const box = sandbox();
    const res = await rotate(box, box.keys.secret, { expires_in: '1h' });
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX + 3600);
    box.ctx.clock.advance(3599);
    expect((await account(box, box.keys.secret)).status).toBe(200);
    box.ctx.clock.advance(1);
    expectError(await account(box, box.keys.secret), 401, 'api_key_expired');
  });

  it('expires_in as a number of seconds', async () => {
    const box = sandbox();
    const res = await rotate(box, box.keys.secret, { expires_in: 90 });
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX + 90);
  });

  it('counts the grace from the mock time of the rotation', async () => {
    const box = sandbox();
    box.ctx.clock.advance('10d');
    const res = await rotate(box, box.keys.secret, { expires_in: '2h' });
    expect(res.body.old_key_expires_at).toBe(FROZEN_UNIX + 10 * DAY + 7200);
  });

  it('carries the kind and permissions of a restricted key over to the new key', async () => {
    const box = sandbox();
    const old = await entryOf(box, box.keys.restricted);
    const res = await rotate(box, box.keys.restricted);
    expect(res.body.key).toMatchObject({ kind: 'restricted', livemode: false, permissions: old?.permissions });
    expect(res.body.key.key).toMatch(/^rk_test_/);
    const me = await account(box, res.body.key.key);
    expect(me.status).toBe(200);
    expect(me.body.key).toEqual({ kind: 'restricted', permissions: old?.permissions });
    // Read-only stays read-only.
    expectError(await box.post('/v1/payments', { amount: 100, currency: 'usd' }, res.body.key.key), 403, 'insufficient_permissions');
  });

  it('carries custom permissions over, as a copy', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const permissions = {
      payments: 'write',
      refunds: 'none',
      customers: 'read',
      events: 'none',
      payment_methods: 'none',
      account: 'read',
      webhook_endpoints: 'none',
    };
    const made = await box.admin('post', '/_mock/keys', { workspace, kind: 'restricted', permissions });
    const res = await rotate(box, made.body.key);
    expect(res.body.key.permissions).toEqual(permissions);
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' }, res.body.key.key)).status).toBe(200);
    expectError(await box.get('/v1/events', res.body.key.key), 403, 'insufficient_permissions');
  });

  it.each([
    ['publishable', 'publishable', /^pk_test_/, false],
    ['liveSecret', 'secret', /^sk_live_/, true],
    ['livePublishable', 'publishable', /^pk_live_/, true],
    ['liveRestricted', 'restricted', /^rk_live_/, true],
  ] as const)('rotating the %s key gives a %s key of the same mode', async (name, kind, prefix, livemode) => {
    const box = sandbox();
    const res = await rotate(box, box.keys[name]);
    expect(res.body.key).toMatchObject({ kind, livemode });
    expect(res.body.key.key).toMatch(prefix);
  });

  it('lets a publishable key rotated "now" fail with api_key_expired on its own endpoints', async () => {
    const box = sandbox();
    const res = await rotate(box, box.keys.publishable, { expires_in: 'now' });
    const form = { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 };
    expectError(await box.post('/v1/payment_methods', form, box.keys.publishable), 401, 'api_key_expired');
    expect((await box.post('/v1/payment_methods', form, res.body.key.key)).status).toBe(200);
  });

  it('refuses to rotate an expired key again (400 naming key), so it is never revived', async () => {
    const box = sandbox();
    const first = await rotate(box, box.keys.secret, { expires_in: 'now' });
    const keys = box.ctx.store.keys.size;
    expectError(await rotate(box, box.keys.secret, { expires_in: '24h' }), 400, 'parameter_invalid', 'key');
    expect(box.ctx.store.keys.size).toBe(keys);
    expect((await entryOf(box, box.keys.secret))?.expires_at).toBe(FROZEN_UNIX);
    expectError(await account(box, box.keys.secret), 401, 'api_key_expired');
    // The key that replaced it can be rotated in turn.
    const second = await rotate(box, first.body.key.key);
    expect(second.status).toBe(200);
    expect(second.body.old_key_expires_at).toBe(FROZEN_UNIX + DAY);
  });

  it('refuses to rotate a key in its grace period again, leaving its expiry as it was', async () => {
    const box = sandbox();
    await rotate(box, box.keys.secret, { expires_in: '1h' });
    expectError(await rotate(box, box.keys.secret, { expires_in: '48h' }), 400, 'parameter_invalid', 'key');
    expect((await entryOf(box, box.keys.secret))?.expires_at).toBe(FROZEN_UNIX + 3600);
    box.ctx.clock.advance('1h');
    expectError(await account(box, box.keys.secret), 401, 'api_key_expired');
  });

  it.each([
    [{ expires_in: 'soon' }, 'parameter_invalid', 'expires_in'],
    [{ expires_in: '-1h' }, 'parameter_invalid', 'expires_in'],
    [{ expires_in: '' }, 'parameter_invalid', 'expires_in'],
    [{ grace: '1h' }, 'parameter_unknown', 'grace'],
  ])('refuses %j with 400 %s, leaving the key unrotated', async (body, code, param) => {
    const box = sandbox();
    const keys = box.ctx.store.keys.size;
    expectError(await rotate(box, box.keys.secret, body), 400, code, param);
    expect((await entryOf(box, box.keys.secret))?.expires_at).toBeNull();
    expect(box.ctx.store.keys.size).toBe(keys);
  });

  it('answers 404 resource_missing for a key it does not know', async () => {
    const box = sandbox();
    expectError(await rotate(box, 'sk_test_doesnotexist'), 404, 'resource_missing', 'key');
  });
});

describe('authentication around rotation', () => {
  it('answers an unknown key with 401 invalid_api_key, never api_key_expired', async () => {
    const box = sandbox();
    box.ctx.clock.advance('30d');
    const res = await account(box, 'sk_test_doesnotexist0000000000');
    expectError(res, 401, 'invalid_api_key');
    expect(res.body.error.type).toBe('authentication_error');
    expect(res.body.error.message).not.toContain('sk_test_doesnotexist0000000000');
  });

  it('answers a request without a key with 401 missing_api_key', async () => {
    const box = sandbox();
    const res = await box.http.get('/v1/account');
    expectError(res, 401, 'missing_api_key');
    expect(res.body.error.type).toBe('authentication_error');
  });

  it('accepts a rotated key in its grace period by Basic auth as well', async () => {
    const box = sandbox();
    await rotate(box, box.keys.secret);
    const basic = Buffer.from(`${box.keys.secret}:`).toString('base64');
    expect((await box.http.get('/v1/account').set('Authorization', `Basic ${basic}`)).status).toBe(200);
    box.ctx.clock.advance('24h');
    expectError(await box.http.get('/v1/account').set('Authorization', `Basic ${basic}`), 401, 'api_key_expired');
  });

  it('expires the fixtures key whose predecessor is in grace at +20h', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const old = 'rk_test_acme_refunds_old_3Zx9Yw8Vu7Ts';
    expect((await entryOf(box, old))?.expires_at).toBe(FROZEN_UNIX + 20 * 3600);
    box.ctx.clock.advance(20 * 3600 - 1);
    expect((await box.get('/v1/payments/pay_000000000000000000000000', old)).status).toBe(404);
    box.ctx.clock.advance(1);
    expectError(await box.get('/v1/payments/pay_000000000000000000000000', old), 401, 'api_key_expired');
  });
});
