import { LATEST_VERSION, VERSIONS } from '../../src/domain/versions';
import { expectError, expectSchema } from '../helpers/schemas';
import { Sandbox, sandbox } from '../helpers/sandbox';

const OLD = '2024-09-30';
const PHONE_SINCE = '2025-08-27';
const CUSTOMER = { email: 'ada@example.com', name: 'Ada', phone: '+441234567890' };

/** Workspace `globex` of the bundled fixtures has default_version 2024-09-30; `acme` has the latest. */
const GLOBEX_SECRET = 'sk_test_globex_4eC39HqLyjWDarjtT1zdp7dc';
const ACME_SECRET = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

const createCustomer = (box: Sandbox, version?: string, key = box.keys.secret) => {
  const call = box.post('/v1/customers', CUSTOMER, key);
  return version === undefined ? call : call.set('Service-Version', version);
};

/** An old-shape customer still matches the schema once the field it lacks is put back. */
const expectOldCustomer = (body: Record<string, unknown>) => {
  expect(body).not.toHaveProperty('phone');
  expectSchema({ ...body, phone: null }, 'Customer');
};

describe('GET /_mock/versions', () => {
  it('lists the known versions, oldest first, and the default (the latest)', async () => {
    const box = sandbox();
    const res = await box.admin('get', '/_mock/versions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ default: LATEST_VERSION, versions: VERSIONS });
    expect(res.body.versions).toEqual(expect.arrayContaining([OLD, PHONE_SINCE]));
    expect([...res.body.versions].sort()).toEqual(res.body.versions);
    expect(res.body.versions[res.body.versions.length - 1]).toBe(res.body.default);
  });
});

describe('Service-Version header', () => {
  it('2024-09-30: customers come back without phone, and the response says 2024-09-30', async () => {
    const box = sandbox();
    const res = await createCustomer(box, OLD);
    expect(res.status).toBe(200);
    expect(res.headers['service-version']).toBe(OLD);
    expectOldCustomer(res.body);
    expect(res.body).toMatchObject({ email: CUSTOMER.email, name: CUSTOMER.name });
  });

  it('the phone given at an old version is stored and shows at the latest version', async () => {
    const box = sandbox();
    const created = await createCustomer(box, OLD);
    const latest = await box.get(`/v1/customers/${created.body.id}`).set('Service-Version', LATEST_VERSION);
    expect(latest.status).toBe(200);
    expect(latest.headers['service-version']).toBe(LATEST_VERSION);
    expectSchema(latest.body, 'Customer');
    expect(latest.body.phone).toBe(CUSTOMER.phone);
    expectOldCustomer((await box.get(`/v1/customers/${created.body.id}`).set('Service-Version', OLD)).body);
  });

  it('the latest version (the default of GET /_mock/versions) includes phone', async () => {
    const box = sandbox();
    const { body: versions } = await box.admin('get', '/_mock/versions');
    const res = await createCustomer(box, versions.default);
    expect(res.headers['service-version']).toBe(versions.default);
    expectSchema(res.body, 'Customer');
    expect(res.body.phone).toBe(CUSTOMER.phone);
  });

  it('shapes every customer of a list for the version', async () => {
    const box = sandbox();
    await createCustomer(box);
    await createCustomer(box);
    const old = await box.get('/v1/customers').set('Service-Version', OLD);
    expect(old.status).toBe(200);
    expect(old.body.data).toHaveLength(2);
    old.body.data.forEach(expectOldCustomer);
    const latest = await box.get('/v1/customers');
    expectSchema(latest.body, { list: 'Customer' });
    expect(latest.body.data.map((c: { phone: string }) => c.phone)).toEqual([CUSTOMER.phone, CUSTOMER.phone]);
  });

  it("shows an event's snapshot in the event's own api_version, whichever version reads it", async () => {
    const box = sandbox();
    await createCustomer(box);
    await box.post('/v1/customers', { name: 'Old', phone: CUSTOMER.phone }).set('Service-Version', OLD);
    for (const reader of [OLD, undefined]) {
      const call = box.get('/v1/events?type=customer.created');
      const res = reader ? await call.set('Service-Version', reader) : await call;
      expect(res.status).toBe(200);
      const [pinnedOld, current] = [res.body.data[0], res.body.data[1]]; // newest first
      expect(pinnedOld.api_version).toBe(OLD);
      expectOldCustomer(pinnedOld.data.object);
      expect(current.data.object.phone).toBe(CUSTOMER.phone);
      expectOldCustomer((await box.get(`/v1/events/${pinnedOld.id}`)).body.data.object);
    }
  });

  it('leaves payments alone (no change touches them)', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd' }).set('Service-Version', OLD);
    expect(res.status).toBe(200);
    expect(res.headers['service-version']).toBe(OLD);
    expectSchema(res.body, 'Payment');
  });

  it.each([
    ['2024-9-1', 'malformed'],
    ['abc', 'malformed'],
    ['2024-09-30T00:00:00Z', 'malformed'],
    ['20240930', 'malformed'],
    ['2020-01-01', 'unknown'],
    ['2025-08-28', 'unknown'],
    ['2099-01-01', 'unknown'],
  ])('refuses Service-Version %s (%s) with 400 version_invalid naming the known versions', async (version) => {
    const box = sandbox();
    const res = await createCustomer(box, version);
    expectError(res, 400, 'version_invalid');
    expect(res.body.error.type).toBe('invalid_request_error');
    for (const known of VERSIONS) expect(res.body.error.message).toContain(known);
    expect(res.headers['request-id']).toMatch(/^req_/);
    expect(res.headers['service-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const customers = [...box.ctx.store.workspaces.values()][0]?.test.customers.size;
    expect(customers).toBe(0);
  });

  it('refuses a bad version on GET requests too', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/customers').set('Service-Version', 'latest'), 400, 'version_invalid');
  });

  it('applies to publishable keys as well', async () => {
    const box = sandbox();
    const form = { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 };
    const res = await box.post('/v1/payment_methods', form, box.keys.publishable).set('Service-Version', OLD);
    expect(res.status).toBe(200);
    expect(res.headers['service-version']).toBe(OLD);
    expectError(await box.post('/v1/payment_methods', form, box.keys.publishable).set('Service-Version', '1999-01-01'), 400, 'version_invalid');
  });
});

describe('the workspace default_version', () => {
  it('applies without the header: a workspace created now gets the latest version', async () => {
    const box = sandbox();
    const account = await box.get('/v1/account');
    expect(account.body.default_version).toBe(LATEST_VERSION);
    const res = await createCustomer(box);
    expect(res.headers['service-version']).toBe(LATEST_VERSION);
    expect(res.body.phone).toBe(CUSTOMER.phone);
  });

  it('applies without the header: globex (default 2024-09-30) gets customers without phone', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const account = await box.get('/v1/account', GLOBEX_SECRET);
    expect(account.status).toBe(200);
    expectSchema(account.body, 'Account');
    expect(account.body.default_version).toBe(OLD);
    expect(account.headers['service-version']).toBe(OLD);

    const res = await createCustomer(box, undefined, GLOBEX_SECRET);
    expect(res.status).toBe(200);
    expect(res.headers['service-version']).toBe(OLD);
    expectOldCustomer(res.body);
  });

  it('gives way to the header: globex with Service-Version 2025-08-27 sees phone', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const res = await createCustomer(box, PHONE_SINCE, GLOBEX_SECRET);
    expect(res.headers['service-version']).toBe(PHONE_SINCE);
    expectSchema(res.body, 'Customer');
    expect(res.body.phone).toBe(CUSTOMER.phone);
  });

  it('is per workspace: acme in the same fixtures uses the latest version', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const res = await createCustomer(box, undefined, ACME_SECRET);
    expect(res.headers['service-version']).toBe(LATEST_VERSION);
    expect(res.body.phone).toBe(CUSTOMER.phone);
  });

  it('is the version current when the account was created (a workspace made at 2025-01-01 gets 2024-09-30)', async () => {
    const box = sandbox();
    await box.admin('put', '/_mock/clock', { mode: 'frozen', now: '2025-01-01T00:00:00Z' });
    const made = await box.admin('post', '/_mock/workspaces', { name: 'Early' });
    const secret = made.body.keys.find((k: { kind: string; livemode: boolean }) => k.kind === 'secret' && !k.livemode).key as string;
    await box.admin('put', '/_mock/clock', { mode: 'frozen', now: '2026-01-01T00:00:00Z' });
    expect((await box.get('/v1/account', secret)).body.default_version).toBe(OLD);
    expectOldCustomer((await createCustomer(box, undefined, secret)).body);
  });

  it('applies to errors too: a 404 of globex says 2024-09-30', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const res = await box.get('/v1/customers/cus_000000000000000000000000', GLOBEX_SECRET);
    expectError(res, 404, 'resource_missing');
    expect(res.headers['service-version']).toBe(OLD);
  });
});

describe('events record the api_version of the request that caused them', () => {
  const versionsOf = async (box: Sandbox, key: string) => {
    const res = await box.get('/v1/events?limit=100', key);
    expectSchema(res.body, { list: 'Event' });
    return Object.fromEntries(
      res.body.data.map((e: { data: { object: { id: string } }; type: string; api_version: string }) => [`${e.type}:${e.data.object.id}`, e.api_version]),
    );
  };

  it('the header version, or the workspace default without one', async () => {
    const box = sandbox();
    const old = await createCustomer(box, OLD);
    const latest = await createCustomer(box);
    const events = await versionsOf(box, box.keys.secret);
    expect(events[`customer.created:${old.body.id}`]).toBe(OLD);
    expect(events[`customer.created:${latest.body.id}`]).toBe(LATEST_VERSION);
  });

  it('every event of one request carries its version (payment.created and payment.succeeded)', async () => {
    const box = sandbox();
    const payment = await box.post('/v1/payments', { amount: 2000, currency: 'usd' }).set('Service-Version', OLD);
    const events = await versionsOf(box, box.keys.secret);
    expect(events[`payment.created:${payment.body.id}`]).toBe(OLD);
    expect(events[`payment.succeeded:${payment.body.id}`]).toBe(OLD);
  });

  it('globex events made without a header record 2024-09-30', async () => {
    const box = sandbox({ fixtures: 'fixtures/default.json' });
    const customer = await createCustomer(box, undefined, GLOBEX_SECRET);
    const events = await versionsOf(box, GLOBEX_SECRET);
    expect(events[`customer.created:${customer.body.id}`]).toBe(OLD);
  });
});
