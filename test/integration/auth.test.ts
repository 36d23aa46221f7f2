import { V1_ROUTES } from '../../src/routes';
import { PERMISSION_RESOURCES } from '../../src/schemas/resources';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, Sandbox, sandbox } from '../helpers/sandbox';

type Level = 'none' | 'read' | 'write';
type Res = Awaited<ReturnType<Sandbox['get']>>;

const workspaceOf = (box: Sandbox) => [...box.ctx.store.workspaces.keys()][0] as string;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** A restricted key of the sandbox's workspace: every permission `none` except those given. */
async function restrictedKey(box: Sandbox, permissions: Record<string, Level>, livemode = false): Promise<string> {
  const res = await box.admin('post', '/_mock/keys', { workspace: workspaceOf(box), kind: 'restricted', livemode, permissions });
  expect(res.status).toBe(200);
  return res.body.key as string;
}

/** A second, empty workspace in the same sandbox, with its keys by kind and mode. */
async function otherWorkspace(box: Sandbox) {
  const res = await box.admin('post', '/_mock/workspaces', { name: 'Other' });
  expect(res.status).toBe(200);
  const keys = res.body.keys as Array<{ key: string; kind: string; livemode: boolean }>;
  const find = (kind: string, livemode = false) => keys.find((k) => k.kind === kind && k.livemode === livemode)?.key as string;
  return {
    id: res.body.workspace as string,
    secret: find('secret'),
    publishable: find('publishable'),
    restricted: find('restricted'),
    liveSecret: find('secret', true),
  };
}

/** POST a form with extra headers (e.g. Mock-Scenario). */
function postWith(box: Sandbox, path: string, form: Record<string, string>, key: string, headers: Record<string, string> = {}) {
  return box.http
    .post(path)
    .set({ Authorization: `Bearer ${key}`, ...headers })
    .type('form')
    .send(new URLSearchParams(form).toString());
}

/** A payment waiting for confirmation (scenario manual for its creation only). */
async function manualPayment(box: Sandbox, key = box.keys.secret) {
  const res = await postWith(box, '/v1/payments', { amount: '2000', currency: 'usd' }, key, { 'Mock-Scenario': 'manual' });
  expect(res.status).toBe(200);
  return res.body as { id: string; client_secret: string };
}

describe('authentication', () => {
  it('returns 401 authentication_error/missing_api_key without an Authorization header, as the spec JSON error with a doc_url', async () => {
    const box = sandbox();
    const res = await box.http.get('/v1/account');
    expectError(res, 401, 'missing_api_key');
    expect(res.body.error.type).toBe('authentication_error');
    expect(res.body.error.doc_url).toMatch(/^http:\/\/[^/]+\/docs\/errors#missing_api_key$/);
    expect(res.body.error.message).toMatch(/Bearer/);
  });

  it('returns 401 authentication_error/invalid_api_key for an unknown key, without echoing the whole key', async () => {
    const box = sandbox();
    const unknown = 'sk_test_doesNotExist0000000000wxyz';
    const res = await box.get('/v1/account', unknown);
    expectError(res, 401, 'invalid_api_key');
    expect(res.body.error.type).toBe('authentication_error');
    expect(res.body.error.message).not.toContain(unknown);
    expect(res.body.error.message).toContain('wxyz');
  });

  it('checks the key before looking up the object: no key on a missing payment is 401, not 404', async () => {
    const box = sandbox();
    expectError(await box.http.get('/v1/payments/pay_nope'), 401, 'missing_api_key');
    expectError(await box.get('/v1/payments/pay_nope', 'sk_test_nope'), 401, 'invalid_api_key');
  });

  it.each([
    ['an empty header', ''],
    ['a bare key without a scheme', 'KEY'],
    ['an unknown scheme', 'Token KEY'],
    ['Bearer with no key', 'Bearer '],
    ['Bearer with only spaces', 'Bearer    '],
    ['Basic with no credentials', 'Basic '],
    ['Basic with an empty user name', `Basic ${Buffer.from(':secret').toString('base64')}`],
    ['Basic that is not base64 of a key', 'Basic !!!not-base64!!!'],
    ['Bearer with a Basic-encoded value', 'Bearer BASIC_OF_KEY'],
  ])('answers %s in Authorization with 401 (missing_api_key or invalid_api_key), never 500', async (_name, template) => {
    const box = sandbox();
    const header = template.replace('BASIC_OF_KEY', Buffer.from(`${box.keys.secret}:`).toString('base64')).replace('KEY', box.keys.secret);
    const res = await box.http.get('/v1/account').set('Authorization', header);
    expect(res.status).toBe(401);
    expect(['missing_api_key', 'invalid_api_key']).toContain(res.body.error.code);
    expectError(res, 401, res.body.error.code);
  });

  it('accepts Authorization: Bearer <key>, with the scheme in any case', async () => {
    const box = sandbox();
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await box.http.get('/v1/account').set('Authorization', `${scheme} ${box.keys.secret}`);
      expect(res.status).toBe(200);
      expectSchema(res.body, 'Account');
      expect(res.body.key.kind).toBe('secret');
    }
  });

  it('accepts Basic base64(<key>:) as curl -u <key>: sends it', async () => {
    const box = sandbox();
    const res = await box.http.get('/v1/account').set('Authorization', basic(box.keys.secret));
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Account');
    const created = await box.http.post('/v1/customers').set('Authorization', basic(box.keys.secret)).type('form').send('name=Ada');
    expect(created.status).toBe(200);
    expectSchema(created.body, 'Customer');
  });

  it('refuses an unknown key sent with Basic as invalid_api_key', async () => {
    const box = sandbox();
    expectError(await box.http.get('/v1/account').set('Authorization', basic('sk_test_unknown')), 401, 'invalid_api_key');
  });

  it('returns 401 authentication_error/api_key_expired for a rotated key once its grace is over, and the new key works', async () => {
    const box = sandbox();
    const rotated = await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: 'now' });
    expect(rotated.status).toBe(200);
    expectError(await box.get('/v1/account'), 401, 'api_key_expired');
    expect((await box.get('/v1/account', rotated.body.key.key)).status).toBe(200);
  });
});

describe('publishable keys', () => {
  it('may tokenise a card: POST /v1/payment_methods', async () => {
    const box = sandbox();
    const res = await box.post(
      '/v1/payment_methods',
      { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 },
      box.keys.publishable,
    );
    expect(res.status).toBe(200);
    expectSchema(res.body, 'PaymentMethod');
    expect(res.body.card).toMatchObject({ last4: '4242' });
  });

  it('may confirm a payment with its matching client_secret', async () => {
    const box = sandbox();
    const payment = await manualPayment(box);
    const res = await box.post(
      `/v1/payments/${payment.id}/confirm`,
      { client_secret: payment.client_secret, payment_method: 'pm_card_visa' },
      box.keys.publishable,
    );
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ id: payment.id, status: 'succeeded', client_secret: payment.client_secret });
  });

  it('may retrieve a payment with ?client_secret= and sees the client_secret it presented', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.get(`/v1/payments/${payment.id}?client_secret=${payment.client_secret}`, box.keys.publishable);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ id: payment.id, client_secret: payment.client_secret, status: 'succeeded' });
  });

  it.each([
    ['create a payment', (box: Sandbox) => box.post('/v1/payments', { amount: 2000, currency: 'usd' }, box.keys.publishable)],
    ['list events', (box: Sandbox) => box.get('/v1/events', box.keys.publishable)],
    ['create a customer', (box: Sandbox) => box.post('/v1/customers', { name: 'Ada' }, box.keys.publishable)],
    ['list customers', (box: Sandbox) => box.get('/v1/customers', box.keys.publishable)],
    ['retrieve the account', (box: Sandbox) => box.get('/v1/account', box.keys.publishable)],
    ['refund a payment', async (box: Sandbox) => box.post(`/v1/payments/${(await createPayment(box)).id}/refund`, {}, box.keys.publishable)],
    ['retrieve a payment without client_secret', async (box: Sandbox) => box.get(`/v1/payments/${(await createPayment(box)).id}`, box.keys.publishable)],
    [
      'confirm a payment without client_secret',
      async (box: Sandbox) => box.post(`/v1/payments/${(await manualPayment(box)).id}/confirm`, {}, box.keys.publishable),
    ],
    ['create a payment with a live publishable key', (box: Sandbox) => box.post('/v1/payments', { amount: 2000, currency: 'usd' }, box.keys.livePublishable)],
  ])('may not %s: 403 permission_error/secret_key_required', async (_name, call) => {
    const box = sandbox();
    const res = (await call(box)) as Res;
    expectError(res, 403, 'secret_key_required');
    expect(res.body.error.type).toBe('permission_error');
  });

  it('creates nothing when refused', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'Ada' }, box.keys.publishable);
    const list = await box.get('/v1/customers');
    expect(list.body.data).toEqual([]);
  });

  it.each(['retrieve', 'confirm'])('may not %s with a wrong client_secret: 400 parameter_invalid on client_secret', async (action) => {
    const box = sandbox();
    const payment = await manualPayment(box);
    const other = await manualPayment(box);
    const res =
      action === 'retrieve'
        ? await box.get(`/v1/payments/${payment.id}?client_secret=${other.client_secret}`, box.keys.publishable)
        : await box.post(`/v1/payments/${payment.id}/confirm`, { client_secret: `${payment.id}_secret_wrong` }, box.keys.publishable);
    expectError(res, 400, 'parameter_invalid', 'client_secret');
    expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_confirmation');
  });

  it('is refused a wrong client_secret with a secret key too', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    expectError(await box.get(`/v1/payments/${payment.id}?client_secret=nope`), 400, 'parameter_invalid', 'client_secret');
  });
});

describe('restricted keys', () => {
  /** Objects every call below needs, made with the secret key. */
  async function world(box: Sandbox) {
    const payment = await createPayment(box);
    const manual = await manualPayment(box);
    const customer = (await box.post('/v1/customers', { name: 'Ada' })).body.id as string;
    const refund = (await box.post(`/v1/payments/${payment.id}/refund`, { amount: 100 })).body.id as string;
    const event = (await box.get('/v1/events?limit=1')).body.data[0].id as string;
    // Port 1 refuses connections at once: deliveries fail quietly, and the frozen clock never retries them.
    const endpoint = (await box.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:1/hooks', 'enabled_events[]': 'refund.created' })).body.id as string;
    return { payment: payment.id, manual: manual.id, customer, refund, event, endpoint };
  }
  type World = Awaited<ReturnType<typeof world>>;

  const calls: Array<[string, string, 'read' | 'write', (box: Sandbox, key: string, w: World) => Promise<Res>]> = [
    ['createPayment', 'payments', 'write', (box, key) => box.post('/v1/payments', { amount: 2000, currency: 'usd' }, key)],
    ['retrievePayment', 'payments', 'read', (box, key, w) => box.get(`/v1/payments/${w.payment}`, key)],
    ['listPayments', 'payments', 'read', (box, key) => box.get('/v1/payments', key)],
    ['confirmPayment', 'payments', 'write', (box, key, w) => box.post(`/v1/payments/${w.manual}/confirm`, { payment_method: 'pm_card_visa' }, key)],
    ['refundPayment', 'refunds', 'write', (box, key, w) => box.post(`/v1/payments/${w.payment}/refund`, { amount: 100 }, key)],
    ['listPaymentRefunds', 'refunds', 'read', (box, key, w) => box.get(`/v1/payments/${w.payment}/refunds`, key)],
    ['retrieveRefund', 'refunds', 'read', (box, key, w) => box.get(`/v1/refunds/${w.refund}`, key)],
    ['createCustomer', 'customers', 'write', (box, key) => box.post('/v1/customers', { name: 'Grace' }, key)],
    ['retrieveCustomer', 'customers', 'read', (box, key, w) => box.get(`/v1/customers/${w.customer}`, key)],
    ['listCustomers', 'customers', 'read', (box, key) => box.get('/v1/customers', key)],
    [
      'createPaymentMethod',
      'payment_methods',
      'write',
      (box, key) => box.post('/v1/payment_methods', { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 }, key),
    ],
    ['listEvents', 'events', 'read', (box, key) => box.get('/v1/events', key)],
    ['retrieveEvent', 'events', 'read', (box, key, w) => box.get(`/v1/events/${w.event}`, key)],
    ['retrieveAccount', 'account', 'read', (box, key) => box.get('/v1/account', key)],
    [
      'createWebhookEndpoint',
      'webhook_endpoints',
      'write',
      (box, key) => box.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:1/x', 'enabled_events[]': '*' }, key),
    ],
    ['listWebhookEndpoints', 'webhook_endpoints', 'read', (box, key) => box.get('/v1/webhook_endpoints', key)],
    ['retrieveWebhookEndpoint', 'webhook_endpoints', 'read', (box, key, w) => box.get(`/v1/webhook_endpoints/${w.endpoint}`, key)],
    ['updateWebhookEndpoint', 'webhook_endpoints', 'write', (box, key, w) => box.post(`/v1/webhook_endpoints/${w.endpoint}`, { description: 'renamed' }, key)],
    [
      'rotateWebhookEndpointSecret',
      'webhook_endpoints',
      'write',
      (box, key, w) => box.post(`/v1/webhook_endpoints/${w.endpoint}/rotate_secret`, { expires_in: '1h' }, key),
    ],
    [
      'deleteWebhookEndpoint',
      'webhook_endpoints',
      'write',
      (box, key, w) => box.http.delete(`/v1/webhook_endpoints/${w.endpoint}`).set('Authorization', `Bearer ${key}`),
    ],
  ];

  it('covers every /v1 operation with the permission the route table declares', () => {
    expect(calls.map(([op, resource, level]) => `${op} ${resource}: ${level}`).sort()).toEqual(
      V1_ROUTES.map((route) => `${route.operationId} ${route.permission[0]}: ${route.permission[1]}`).sort(),
    );
  });

  const allows = (granted: Level, needed: 'read' | 'write') => granted === 'write' || granted === needed;
  const table = calls.flatMap(([op, resource, needed, call]) =>
    (['none', 'read', 'write'] as const).map((granted) => ({ op, resource, needed, granted, allowed: allows(granted, needed), call })),
  );

  it.each(table)('$op with `$resource: $granted` (needs $needed): allowed=$allowed', async ({ resource, needed, granted, allowed, call }) => {
    const box = sandbox();
    const w = await world(box);
    const key = await restrictedKey(box, { [resource]: granted });
    const res = await call(box, key, w);
    if (allowed) {
      expect(res.status).toBe(200);
    } else {
      expectError(res, 403, 'insufficient_permissions');
      expect(res.body.error.type).toBe('permission_error');
      expect(res.body.error.message).toContain(`${resource}: ${needed}`);
    }
  });

  it('names the exact permission a refund needs: `refunds: write`', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/refund`, {}, box.keys.restricted);
    expectError(res, 403, 'insufficient_permissions');
    expect(res.body.error.message).toContain('refunds: write');
  });

  it('the generated restricted key reads every resource and writes none', async () => {
    const box = sandbox();
    const w = await world(box);
    for (const [op, , needed, call] of calls) {
      const res = await call(box, box.keys.restricted, w);
      expect([op, res.status]).toEqual([op, needed === 'read' ? 200 : 403]);
    }
  });

  it('shows a restricted key’s permissions on /v1/account, unlisted ones as none', async () => {
    const box = sandbox();
    const key = await restrictedKey(box, { account: 'read', refunds: 'write' });
    const res = await box.get('/v1/account', key);
    expect(res.status).toBe(200);
    expect(res.body.key).toEqual({
      kind: 'restricted',
      permissions: { ...Object.fromEntries(PERMISSION_RESOURCES.map((r) => [r, 'none'])), account: 'read', refunds: 'write' },
    });
  });

  it('does not save a refused write: the payment is not refunded', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const key = await restrictedKey(box, { refunds: 'read', payments: 'read' });
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, {}, key), 403, 'insufficient_permissions');
    expect((await box.get(`/v1/payments/${payment.id}`)).body.amount_refunded).toBe(0);
  });

  it('shows client_secret as null to restricted keys on create, retrieve and confirm', async () => {
    const box = sandbox();
    const key = await restrictedKey(box, { payments: 'write' });
    const created = await box.post('/v1/payments', { amount: 2000, currency: 'usd' }, key);
    expect(created.status).toBe(200);
    expectSchema(created.body, 'Payment');
    expect(created.body.client_secret).toBeNull();
    const retrieved = await box.get(`/v1/payments/${created.body.id}`, key);
    expect(retrieved.body.client_secret).toBeNull();
    const manual = await manualPayment(box);
    const confirmed = await box.post(`/v1/payments/${manual.id}/confirm`, {}, key);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.client_secret).toBeNull();
    // The secret key still sees it.
    expect((await box.get(`/v1/payments/${created.body.id}`)).body.client_secret).toMatch(new RegExp(`^${created.body.id}_secret_`));
  });

  it('a live restricted key is refused writes like a test one', async () => {
    const box = sandbox();
    expectError(await box.post('/v1/customers', { name: 'Ada' }, box.keys.liveRestricted), 403, 'insufficient_permissions');
    expect((await box.get('/v1/customers', box.keys.liveRestricted)).status).toBe(200);
  });
});

describe('isolation between workspaces and modes', () => {
  async function objectsOf(box: Sandbox) {
    const customer = (await box.post('/v1/customers', { name: 'Ada' })).body.id as string;
    const payment = await createPayment(box, { customer });
    const refund = (await box.post(`/v1/payments/${payment.id}/refund`, { amount: 500 })).body.id as string;
    const event = (await box.get('/v1/events?limit=1')).body.data[0].id as string;
    return { customer, payment, refund, event };
  }

  it.each([
    ['a payment', (o: { payment: { id: string } }) => `/v1/payments/${o.payment.id}`],
    ["a payment's refunds", (o: { payment: { id: string } }) => `/v1/payments/${o.payment.id}/refunds`],
    ['a customer', (o: { customer: string }) => `/v1/customers/${o.customer}`],
    ['a refund', (o: { refund: string }) => `/v1/refunds/${o.refund}`],
    ['an event', (o: { event: string }) => `/v1/events/${o.event}`],
  ])("answers another workspace's %s with 404 resource_missing, never 403", async (_name, path) => {
    const box = sandbox();
    const mine = await objectsOf(box);
    const other = await otherWorkspace(box);
    const url = path(mine as never);
    expect((await box.get(url)).status).toBe(200);
    for (const key of [other.secret, other.restricted]) expectError(await box.get(url, key), 404, 'resource_missing');
  });

  it("answers writes on another workspace's payment with 404: refund and confirm", async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const manual = await manualPayment(box);
    const other = await otherWorkspace(box);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, {}, other.secret), 404, 'resource_missing');
    expectError(await box.post(`/v1/payments/${manual.id}/confirm`, {}, other.secret), 404, 'resource_missing');
    expect((await box.get(`/v1/payments/${payment.id}`)).body.amount_refunded).toBe(0);
  });

  it("answers another workspace's publishable key with 404 even with the right client_secret", async () => {
    const box = sandbox();
    const payment = await manualPayment(box);
    const other = await otherWorkspace(box);
    expectError(await box.get(`/v1/payments/${payment.id}?client_secret=${payment.client_secret}`, other.publishable), 404, 'resource_missing');
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, { client_secret: payment.client_secret }, other.publishable), 404, 'resource_missing');
  });

  it("refuses another workspace's customer on a payment: 400 resource_missing on customer", async () => {
    const box = sandbox();
    const customer = (await box.post('/v1/customers', { name: 'Ada' })).body.id as string;
    const other = await otherWorkspace(box);
    expectError(await box.post('/v1/payments', { amount: 2000, currency: 'usd', customer }, other.secret), 400, 'resource_missing', 'customer');
  });

  it('keeps test and live objects invisible to each other (404 both ways)', async () => {
    const box = sandbox();
    const test = await objectsOf(box);
    const live = await createPayment(box, {}, box.keys.liveSecret);
    expect(live.livemode).toBe(true);
    expectError(await box.get(`/v1/payments/${test.payment.id}`, box.keys.liveSecret), 404, 'resource_missing');
    expectError(await box.get(`/v1/customers/${test.customer}`, box.keys.liveSecret), 404, 'resource_missing');
    expectError(await box.get(`/v1/refunds/${test.refund}`, box.keys.liveSecret), 404, 'resource_missing');
    expectError(await box.get(`/v1/events/${test.event}`, box.keys.liveSecret), 404, 'resource_missing');
    expectError(await box.get(`/v1/payments/${live.id}`), 404, 'resource_missing');
    expectError(await box.get(`/v1/payments/${live.id}`, box.keys.restricted), 404, 'resource_missing');
    expect((await box.get(`/v1/payments/${live.id}`, box.keys.liveRestricted)).status).toBe(200);
    expectError(
      await box.post('/v1/payments', { amount: 2000, currency: 'usd', customer: test.customer }, box.keys.liveSecret),
      400,
      'resource_missing',
      'customer',
    );
  });

  it('lists only the objects of the key’s own workspace and mode', async () => {
    const box = sandbox();
    const mine = await objectsOf(box);
    const other = await otherWorkspace(box);
    const theirs = (await box.post('/v1/customers', { name: 'Theirs' }, other.secret)).body.id as string;
    const liveCustomer = (await box.post('/v1/customers', { name: 'Live' }, box.keys.liveSecret)).body.id as string;

    const ids = async (path: string, key: string) => {
      const res = await box.get(path, key);
      expect(res.status).toBe(200);
      return (res.body.data as Array<{ id: string; livemode: boolean }>).map((item) => item.id);
    };
    expect(await ids('/v1/customers', box.keys.secret)).toEqual([mine.customer]);
    expect(await ids('/v1/customers', other.secret)).toEqual([theirs]);
    expect(await ids('/v1/customers', box.keys.liveSecret)).toEqual([liveCustomer]);
    expect(await ids('/v1/customers', other.liveSecret)).toEqual([]);

    const myEvents = await ids('/v1/events?limit=100', box.keys.secret);
    const theirEvents = await ids('/v1/events?limit=100', other.secret);
    const liveEvents = await ids('/v1/events?limit=100', box.keys.liveSecret);
    expect(myEvents).toContain(mine.event);
    expect(theirEvents).toHaveLength(1);
    expect(liveEvents).toHaveLength(1);
    expect(new Set([...myEvents, ...theirEvents, ...liveEvents]).size).toBe(myEvents.length + 2);
    const liveList = await box.get('/v1/events', box.keys.liveSecret);
    expect(liveList.body.data.every((event: { livemode: boolean }) => event.livemode)).toBe(true);
  });

  it('keeps the two bundled fixture workspaces apart', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const acme = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';
    const globex = 'sk_test_globex_4eC39HqLyjWDarjtT1zdp7dc';
    const acmePayments = (await box.get('/v1/events?limit=100', acme)).body.data as Array<{ data: { object: { id: string; object: string } } }>;
    const acmePayment = acmePayments.map((e) => e.data.object).find((o) => o.object === 'payment');
    expect(acmePayment).toBeDefined();
    expect((await box.get(`/v1/payments/${acmePayment?.id}`, acme)).status).toBe(200);
    expectError(await box.get(`/v1/payments/${acmePayment?.id}`, globex), 404, 'resource_missing');
    expectError(await box.get('/v1/customers/cus_acmAda0Lovelace00000001', globex), 404, 'resource_missing');
    expect((await box.get('/v1/customers/cus_gloAda0Lovelace00000001', globex)).status).toBe(200);
    const globexCustomers = (await box.get('/v1/customers?limit=100', globex)).body.data as Array<{ id: string }>;
    expect(globexCustomers.length).toBeGreaterThan(0);
    expect(globexCustomers.every((c) => !c.id.startsWith('cus_acm'))).toBe(true);
  });
});
