import { readFileSync } from 'node:fs';
import { LATEST_VERSION } from '../../src/domain/versions';
import { FixtureDocument } from '../../src/state/fixture-types';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { schemaProblems } from '../../src/state/schema-problems';
import { expectError, expectSchema } from '../helpers/schemas';
import { sandbox, Sandbox } from '../helpers/sandbox';

/** Contract section 11: what the bundled fixtures must hold, checked by loading them. */
const document = JSON.parse(readFileSync(DEFAULT_FIXTURES, 'utf8')) as FixtureDocument;

interface KeyEntry {
  key: string;
  kind: string;
  livemode: boolean;
  workspace: string;
  permissions: Record<string, string> | null;
  expires_at: number | null;
}

async function loaded() {
  const box = sandbox({ fixtures: DEFAULT_FIXTURES });
  const keys = (await box.admin('get', '/_mock/keys')).body.data as KeyEntry[];
  const secretOf = (workspace: string, livemode = false) =>
    keys.find((k) => k.workspace === workspace && k.kind === 'secret' && k.livemode === livemode && k.expires_at === null)!.key;
  return { box, keys, secretOf, workspaces: [...box.ctx.store.workspaces.values()] };
}

/** Reads in the newest API version, whose shapes the schemas describe (globex is pinned to an older default). */
async function all(box: Sandbox, path: string, key: string) {
  const res = await box.get(`${path}${path.includes('?') ? '&' : '?'}limit=100`, key).set('Service-Version', LATEST_VERSION);
  expect(res.status).toBe(200);
  return res.body.data as Array<Record<string, unknown>>;
}

describe('the bundled fixtures (fixtures/default.json)', () => {
  // A default start does not check them against the schema (src/app/create-context.ts): this test does.
  it('pass the fixture schema, as any fixture file given with --fixtures must', () => {
    expect(schemaProblems(DEFAULT_FIXTURES, JSON.parse(readFileSync(DEFAULT_FIXTURES, 'utf8')))).toEqual([]);
  });

  it('hold two workspaces, so isolation can be tried at once', async () => {
    const { box, workspaces, secretOf } = await loaded();
    expect(workspaces).toHaveLength(2);
    const [a, b] = workspaces as [(typeof workspaces)[0], (typeof workspaces)[0]];
    const payment = document.workspaces[0]!.test!.payments![0]!.id;
    expect((await box.get(`/v1/payments/${payment}`, secretOf(a.id))).status).toBe(200);
    expectError(await box.get(`/v1/payments/${payment}`, secretOf(b.id)), 404, 'resource_missing');
  });

  it('give every workspace a working key of every kind in test and in live mode', async () => {
    const { box, keys, workspaces } = await loaded();
    for (const workspace of workspaces) {
      for (const kind of ['secret', 'publishable', 'restricted']) {
        for (const livemode of [false, true]) {
          const key = keys.find((k) => k.workspace === workspace.id && k.kind === kind && k.livemode === livemode && k.expires_at === null);
          expect(key).toBeDefined();
          const res = await box.get('/v1/account', key!.key);
          if (kind === 'publishable') expectError(res, 403, 'secret_key_required');
          else expect(res.body).toMatchObject({ id: workspace.account, livemode, key: { kind } });
        }
      }
    }
  });

  it('include a read-only restricted key: it reads, and cannot write', async () => {
    const { box, keys } = await loaded();
    const readOnly = keys.filter((k) => k.kind === 'restricted' && k.permissions && Object.values(k.permissions).every((level) => level === 'read'));
    expect(readOnly.length).toBeGreaterThanOrEqual(1);
    const key = readOnly.find((k) => !k.livemode)!.key;
    expect((await box.get('/v1/customers', key)).status).toBe(200);
    expectError(await box.post('/v1/customers', { name: 'x' }, key), 403, 'insufficient_permissions');
  });

  it('include a key in its rotation grace that works now and expires later, beside the key that replaced it', async () => {
    const { box, keys } = await loaded();
    const now = box.ctx.clock.now();
    const inGrace = keys.filter((k) => k.expires_at !== null && k.expires_at > now);
    expect(inGrace.length).toBeGreaterThanOrEqual(1);
    const old = inGrace[0]!;
    const successor = keys.find(
      (k) =>
        k !== old &&
        k.expires_at === null &&
        k.workspace === old.workspace &&
        k.kind === old.kind &&
        k.livemode === old.livemode &&
        JSON.stringify(k.permissions) === JSON.stringify(old.permissions),
    );
    expect(successor).toBeDefined();
    expect((await box.get('/v1/events', old.key)).status).toBe(200);
    await box.admin('post', '/_mock/clock/advance', { by: old.expires_at! - now });
    expectError(await box.get('/v1/events', old.key), 401, 'api_key_expired');
    expect((await box.get('/v1/events', successor!.key)).status).toBe(200);
  });

  it('include customers and payments in several states, some refunded, each matching its schema', async () => {
    const { box, workspaces, secretOf } = await loaded();
    for (const workspace of workspaces) {
      const key = secretOf(workspace.id);
      const customers = await all(box, '/v1/customers', key);
      expect(customers.length).toBeGreaterThanOrEqual(2);
      customers.forEach((customer) => expectSchema(customer, 'Customer'));
      const payments = [];
      for (const { id } of document.workspaces.find((w) => w.id === workspace.id)!.test!.payments!) {
        const res = await box.get(`/v1/payments/${id}`, key).set('Service-Version', LATEST_VERSION);
        expectSchema(res.body, 'Payment');
        payments.push(res.body as { id: string; status: string; amount_refunded: number });
      }
      expect(new Set(payments.map((p) => p.status))).toEqual(new Set(['succeeded', 'requires_payment_method', 'requires_confirmation', 'requires_action']));
      const refunded = payments.filter((p) => p.amount_refunded > 0);
      expect(refunded.length).toBeGreaterThanOrEqual(1);
      for (const payment of refunded) {
        const refunds = await all(box, `/v1/payments/${payment.id}/refunds`, key);
        expect(refunds.reduce((sum, refund) => sum + (refund.amount as number), 0)).toBe(payment.amount_refunded);
        refunds.forEach((refund) => expectSchema(refund, 'Refund'));
      }
    }
  });

  it('spread events over 40 days with relative times, so the 30-day window hides the oldest', async () => {
    const days = (time: unknown) => (typeof time === 'string' ? -Number(/^-(\d+)d$/.exec(time)?.[1] ?? 0) : NaN);
    for (const workspace of document.workspaces) {
      const ages = workspace.test!.events!.map((event) => -days(event.created));
      expect(Math.max(...ages)).toBeGreaterThanOrEqual(35);
      expect(Math.max(...ages)).toBeLessThanOrEqual(40);
      expect(workspace.test!.events!.every((event) => typeof event.created === 'string')).toBe(true);
    }
    const { box, workspaces, secretOf } = await loaded();
    const now = box.ctx.clock.now();
    for (const workspace of workspaces) {
      const fixture = document.workspaces.find((w) => w.id === workspace.id)!;
      const listed = await all(box, '/v1/events', secretOf(workspace.id));
      listed.forEach((event) => expectSchema(event, 'Event'));
      const inWindow = fixture.test!.events!.filter((event) => -days(event.created) < 30);
      expect(listed.length).toBe(inWindow.length);
      expect(inWindow.length).toBeLessThan(fixture.test!.events!.length);
      for (const event of listed) expect(now - (event.created as number)).toBeLessThan(30 * 86400);
    }
  });

  it('follow --clock: relative times count from the clock at start', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES, clock: 'frozen@2030-06-01T00:00:00Z' });
    const key = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';
    const [newest] = await all(box, '/v1/events', key);
    expect(Date.parse('2030-06-01T00:00:00Z') / 1000 - (newest!.created as number)).toBeLessThan(86400);
  });
});
