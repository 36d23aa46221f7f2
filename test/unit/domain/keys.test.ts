import { createContext } from '../../../src/app/create-context';
import { MockContext } from '../../../src/context/mock-context';
import { authenticate, keyFromHeader, rotateKey } from '../../../src/domain/keys';
import { maskKey } from '../../../src/masking/mask-text';
import { handleRequest } from '../../../src/http/handle-request';
import { KeyRecord, Store } from '../../../src/store/store';
import { freshScope, T0 } from './fresh-scope';

/** The test-mode secret key of a fresh scope's workspace, with its store. */
function secretKey(): { store: Store; key: KeyRecord } {
  const { store } = freshScope();
  const key = [...store.keys.values()].find((record) => record.kind === 'secret' && !record.livemode) as KeyRecord;
  return { store, key };
}

/** The code of the ApiError that `action` throws, or 'ok'. */
function outcome(action: () => unknown): string {
  try {
    action();
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('key expiry after rotation', () => {
  it.each([
    ['with an hour of grace, the old key works at once', 3600, 0, 'ok'],
    ['with an hour of grace, the old key works a second before the hour', 3600, 3599, 'ok'],
    ['with an hour of grace, the old key is expired at exactly the hour', 3600, 3600, 'api_key_expired'],
    ['with an hour of grace, the old key is expired after it', 3600, 86400, 'api_key_expired'],
    ['with no grace, the old key is expired at once', 0, 0, 'api_key_expired'],
    ['a negative grace counts as none', -60, 0, 'api_key_expired'],
  ])('%s', (_rule, grace, after, expected) => {
    const { store, key } = secretKey();
    rotateKey(store, key, T0, grace);
    expect(outcome(() => authenticate(store, `Bearer ${key.key}`, T0 + after))).toBe(expected);
  });

  it.each([
    ['rotating again with a shorter grace shortens it', 3600, 600, T0 + 600],
    ['rotating again with a longer grace does not lengthen it', 600, 3600, T0 + 600],
    ['rotating again with no grace expires the key at once', 3600, 0, T0],
  ])('%s', (_rule, first, second, expiresAt) => {
    const { store, key } = secretKey();
    rotateKey(store, key, T0, first);
    rotateKey(store, key, T0, second);
    expect(key.expires_at).toBe(expiresAt);
  });

  it('the new key has the old one’s kind, mode, workspace and permissions, never expires, and works', () => {
    const { store, key } = secretKey();
    const fresh = rotateKey(store, key, T0 + 10, 3600);
    expect(fresh).toMatchObject({
      kind: key.kind,
      livemode: key.livemode,
      workspace: key.workspace,
      permissions: key.permissions,
      expires_at: null,
      created: T0 + 10,
    });
    expect(fresh.key).not.toBe(key.key);
    expect(fresh.key).toMatch(/^sk_test_/);
    expect(outcome(() => authenticate(store, `Bearer ${fresh.key}`, T0 + 10 * 86400))).toBe('ok');
  });

  it('a workspace with a clock of its own judges its keys by that clock', () => {
    const { store, key } = secretKey();
    rotateKey(store, key, T0, 3600);
    const clocks = (workspace: string) => (workspace === key.workspace ? T0 + 7200 : T0);
    expect(outcome(() => authenticate(store, `Bearer ${key.key}`, clocks))).toBe('api_key_expired');
  });
});

describe('reading the key of a request', () => {
  it.each([
    ['a Bearer header gives the key', 'Bearer sk_test_abc', 'sk_test_abc'],
    ['the scheme is read in any case', 'bearer sk_test_abc', 'sk_test_abc'],
    ['Basic with the key as user name gives the key (curl -u key:)', `Basic ${Buffer.from('sk_test_abc:').toString('base64')}`, 'sk_test_abc'],
    ['Basic without a colon gives the whole user name', `Basic ${Buffer.from('sk_test_abc').toString('base64')}`, 'sk_test_abc'],
    ['no header is missing_api_key', undefined, 'missing_api_key'],
    ['a bare key without a scheme is invalid_api_key', 'sk_test_abc', 'invalid_api_key'],
    ['Bearer with nothing after it is invalid_api_key', 'Bearer ', 'invalid_api_key'],
    ['an unknown scheme is invalid_api_key', 'Token sk_test_abc', 'invalid_api_key'],
  ])('%s', (_rule, header, expected) => {
    let got: string;
    try {
      got = keyFromHeader(header);
    } catch (error) {
      got = (error as { code: string }).code;
    }
    expect(got).toBe(expected);
  });

  it.each([
    ['a long key shows its prefix and last four', 'sk_test_abcdefghijklmnop', 'sk_test_…mnop'],
    ['a short key shows only its prefix', 'sk_test_abcd', 'sk_test_…'],
    ['a key of no known kind shows only its last four', 'whatever-1234567890', '…7890'],
  ])('masking: %s', (_rule, key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});

describe('windows through the whole pipeline (handleRequest on a fresh context)', () => {
  let ctx: MockContext;
  let secret: string;
  beforeEach(() => {
    ctx = createContext({ fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
    secret = [...ctx.store.keys.values()].find((key) => key.kind === 'secret' && !key.livemode)?.key as string;
  });
  afterEach(() => ctx.close());

  async function call(method: string, url: string, options: { key?: string; json?: unknown; form?: Record<string, string>; idempotencyKey?: string } = {}) {
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : '';
    const headers: Record<string, string> = {};
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const res = await handleRequest(ctx, { method, url, headers, body: Buffer.from(body) });
    return { status: res.status, body: JSON.parse(res.body) as { id?: string; error?: { code: string }; key?: { key: string } } };
  }

  it.each([
    ['the rotated key still answers a second before its expires_in', '1h', 3599, 200, undefined],
    ['the rotated key answers 401 api_key_expired at exactly its expires_in', '1h', 3600, 401, 'api_key_expired'],
    ['expires_in "now" expires the old key at once', 'now', 0, 401, 'api_key_expired'],
    ['without expires_in the old key keeps working for 24 hours less a second', undefined, 86399, 200, undefined],
    ['without expires_in the old key is expired at 24 hours', undefined, 86400, 401, 'api_key_expired'],
  ])('%s', async (_rule, expiresIn, after, status, code) => {
    const rotated = await call('POST', `/_mock/keys/${secret}/rotate`, { json: expiresIn === undefined ? {} : { expires_in: expiresIn } });
    expect(rotated.status).toBe(200);
    if (after > 0) expect((await call('POST', '/_mock/clock/advance', { json: { by: after } })).status).toBe(200);
    const old = await call('GET', '/v1/payments', { key: secret });
    expect([old.status, old.body.error?.code]).toEqual([status, code]);
    const fresh = await call('GET', '/v1/payments', { key: rotated.body.key?.key as string });
    expect(fresh.status).toBe(200);
  });

  it.each([
    ['a retry a second short of 24 hours gets the first answer again', 86399, true],
    ['a retry at exactly 24 hours is a new request', 86400, false],
  ])('%s', async (_rule, after, replayed) => {
    const form = { amount: '2000', currency: 'usd' };
    const first = await call('POST', '/v1/payments', { key: secret, form, idempotencyKey: 'order-1' });
    await call('POST', '/_mock/clock/advance', { json: { by: after } });
    const retry = await call('POST', '/v1/payments', { key: secret, form, idempotencyKey: 'order-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.id === first.body.id).toBe(replayed);
  });
});
