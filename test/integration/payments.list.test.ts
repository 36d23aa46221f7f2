import { FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

interface Listed {
  id: string;
  status: string;
  customer: string | null;
  created: number;
  client_secret: string | null;
}

interface Made {
  id: string;
  status: string;
  customer: string | null;
  created: number;
}

/**
 * Twelve payments, one a minute, in every status, for two customers and none: the statuses cycle succeeded,
 * requires_payment_method, requires_confirmation, requires_action. Returned oldest first, as they stand now.
 */
async function seed(box: Sandbox) {
  const ada = (await box.post('/v1/customers', { name: 'Ada' })).body.id as string;
  const bob = (await box.post('/v1/customers', { name: 'Bob' })).body.id as string;
  const made: Made[] = [];
  for (let n = 0; n < 12; n++) {
    const customer = [ada, bob, undefined][n % 3];
    const kind = n % 4;
    const scenario = kind === 0 ? 'happy' : kind === 1 ? 'decline' : 'manual';
    const res = await box.http
      .post('/v1/payments')
      .set({ Authorization: `Bearer ${box.keys.secret}`, 'Mock-Scenario': scenario })
      .type('form')
      .send(new URLSearchParams({ amount: String(1000 + n), currency: 'usd', ...(customer ? { customer } : {}) }).toString());
    expect(res.status).toBe(200);
    if (kind === 3)
      expect((await box.post(`/v1/payments/${res.body.id}/confirm`, { payment_method: 'pm_card_authenticationRequired' })).body.status).toBe('requires_action');
    const current = (await box.get(`/v1/payments/${res.body.id}`)).body as Made;
    made.push({ id: current.id, status: current.status, customer: current.customer, created: current.created });
    await box.admin('post', '/_mock/clock/advance', { by: 60 });
  }
  return { ada, bob, made };
}

async function list(box: Sandbox, query: string, key?: string) {
  const res = await box.get(`/v1/payments${query}`, key);
  expect(res.status).toBe(200);
  expectSchema(res.body, { list: 'Payment' });
  return res.body as { object: 'list'; url: string; has_more: boolean; data: Listed[] };
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const newestFirst = (items: Made[]) => [...items].reverse();

/** Follows starting_after from the first page to the last, with `filter`; returns every id seen, in order. */
async function pageThrough(box: Sandbox, filter: string, limit: number) {
  const seen: string[] = [];
  let query = `?limit=${limit}${filter}`;
  for (let pages = 0; pages < 20; pages++) {
    const body = await list(box, query);
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(body.data));
    if (!body.has_more) return seen;
    query = `?limit=${limit}${filter}&starting_after=${seen[seen.length - 1]}`;
  }
  throw new Error('did not reach the last page');
}

describe('GET /v1/payments', () => {
  let box: Sandbox;
  let ada: string;
  let bob: string;
  let made: Made[];

  beforeAll(async () => {
    box = sandbox();
    ({ ada, bob, made } = await seed(box));
  });

  it('lists payments newest first, 10 by default, with the list wrapper and has_more', async () => {
    const body = await list(box, '');
    expect(body).toMatchObject({ object: 'list', url: '/v1/payments', has_more: true });
    expect(ids(body.data)).toEqual(ids(newestFirst(made)).slice(0, 10));
    expect(body.data[0]!.client_secret).toMatch(/_secret_/);
  });

  it.each([
    ['customer', () => `&customer=${ada}`, (p: Made) => p.customer === ada],
    ['another customer', () => `&customer=${bob}`, (p: Made) => p.customer === bob],
    ['status=succeeded', () => '&status=succeeded', (p: Made) => p.status === 'succeeded'],
    ['status=requires_payment_method', () => '&status=requires_payment_method', (p: Made) => p.status === 'requires_payment_method'],
    ['status=requires_confirmation', () => '&status=requires_confirmation', (p: Made) => p.status === 'requires_confirmation'],
    ['status=requires_action', () => '&status=requires_action', (p: Made) => p.status === 'requires_action'],
    ['customer and status together', () => `&customer=${ada}&status=succeeded`, (p: Made) => p.customer === ada && p.status === 'succeeded'],
    ['created[gte]', () => `&created[gte]=${FROZEN_UNIX + 5 * 60}`, (p: Made) => p.created >= FROZEN_UNIX + 300],
    ['created[gt]', () => `&created[gt]=${FROZEN_UNIX + 5 * 60}`, (p: Made) => p.created > FROZEN_UNIX + 300],
    ['created[lt]', () => `&created[lt]=${FROZEN_UNIX + 5 * 60}`, (p: Made) => p.created < FROZEN_UNIX + 300],
    ['created[lte]', () => `&created[lte]=${FROZEN_UNIX + 5 * 60}`, (p: Made) => p.created <= FROZEN_UNIX + 300],
    ['created exactly', () => `&created=${FROZEN_UNIX + 5 * 60}`, (p: Made) => p.created === FROZEN_UNIX + 300],
    [
      'created[gte] and created[lt] with a status',
      () => `&created[gte]=${FROZEN_UNIX + 120}&created[lt]=${FROZEN_UNIX + 600}&status=requires_confirmation`,
      (p: Made) => p.created >= FROZEN_UNIX + 120 && p.created < FROZEN_UNIX + 600 && p.status === 'requires_confirmation',
    ],
  ])('filters by %s, paging through with starting_after, newest first', async (_name, filter, keep) => {
    const expected = ids(newestFirst(made.filter(keep)));
    expect(expected.length).toBeGreaterThan(0);
    for (const limit of [1, 2, 100]) expect(await pageThrough(box, filter(), limit)).toEqual(expected);
  });

  it('pages back with ending_before under a filter, has_more telling whether newer matches exist', async () => {
    const matching = ids(newestFirst(made.filter((p) => p.customer === ada))); // 4 payments, newest first
    const back = await list(box, `?customer=${ada}&limit=2&ending_before=${matching[3]}`);
    expect(ids(back.data)).toEqual(matching.slice(1, 3));
    expect(back.has_more).toBe(true);
    const first = await list(box, `?customer=${ada}&limit=2&ending_before=${matching[1]}`);
    expect(ids(first.data)).toEqual(matching.slice(0, 1));
    expect(first.has_more).toBe(false);
  });

  it('answers an empty list for a customer with no payments, or one that does not exist', async () => {
    expect((await list(box, '?customer=cus_nobody')).data).toEqual([]);
  });

  it('shows payments as the key may see them: client_secret null for a restricted key with payments: read', async () => {
    const body = await list(box, '?limit=3', box.keys.restricted);
    expect(body.data).toHaveLength(3);
    for (const payment of body.data) expect(payment.client_secret).toBeNull();
  });

  it('refuses a publishable key (403 secret_key_required) and a restricted key without payments: read', async () => {
    expectError(await box.get('/v1/payments', box.keys.publishable), 403, 'secret_key_required');
    const noPayments = (
      await box.admin('post', '/_mock/keys', { workspace: [...box.ctx.store.workspaces.keys()][0], kind: 'restricted', permissions: { customers: 'read' } })
    ).body.key;
    const res = await box.get('/v1/payments', noPayments);
    expectError(res, 403, 'insufficient_permissions');
    expect(res.body.error.message).toContain('payments: read');
  });

  it.each([
    ['an unknown filter', '?currency=usd', 'parameter_unknown', 'currency', /unknown parameter: currency/],
    ['a typo of a filter', '?custmer=cus_x', 'parameter_unknown', 'custmer', /Did you mean customer\?/],
    [
      'an unknown status',
      '?status=paid',
      'parameter_invalid',
      'status',
      /must be one of requires_confirmation, requires_payment_method, requires_action, succeeded/,
    ],
    ['an unknown created bound', '?created[after]=1', 'parameter_unknown', 'created[after]', /unknown parameter: created\[after\]/],
    ['a non-integer created', '?created[gte]=yesterday', 'parameter_invalid_integer', 'created[gte]', /Invalid integer for created\[gte\]/],
    ['a limit out of range', '?limit=101', 'parameter_invalid_integer', 'limit', /1 to 100/],
    ['an unknown cursor', '?starting_after=pay_nope', 'resource_missing', 'starting_after', /no object 'pay_nope'/],
  ])('refuses %s with a clear 400', async (_what, query, code, param, message) => {
    const res = await box.get(`/v1/payments${query}`);
    expectError(res, 400, code, param);
    expect(res.body.error.message).toMatch(message);
  });

  it("never shows another workspace's or the other mode's payments", async () => {
    const other = await box.admin('post', '/_mock/workspaces', {});
    const otherKey = (other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)!.key;
    expect((await list(box, '', otherKey)).data).toEqual([]);
    expect((await list(box, '', box.keys.liveSecret)).data).toEqual([]);
  });
});
