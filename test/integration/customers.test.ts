import { createPayment, FROZEN_UNIX, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

describe('POST /v1/customers', () => {
  it('creates a customer with email, name and phone, and returns the phone', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { email: 'ada@example.com', name: 'Ada Lovelace', phone: '+441234567890' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^cus_[0-9A-Za-z]{24}$/),
      object: 'customer',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+441234567890',
      created: FROZEN_UNIX,
      livemode: false,
    });
  });

  it('creates a customer with no parameters at all, every field null', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers');
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body).toMatchObject({ email: null, name: null, phone: null });
  });

  it('accepts a JSON body', async () => {
    const box = sandbox();
    const res = await box.postJson('/v1/customers', { email: 'grace@example.com', name: 'Grace' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body).toMatchObject({ email: 'grace@example.com', name: 'Grace' });
  });

  it('creates a live customer with a live key', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { name: 'Live' }, box.keys.liveSecret);
    expectSchema(res.body, 'Customer');
    expect(res.body.livemode).toBe(true);
  });

  it.each([
    ['a plain address', 'a@b'],
    ['an address with a plus and subdomains', 'first.last+tag@mail.example.co.uk'],
    ['unicode (the check is loose)', 'ünïcode@exämple.de'],
  ])('accepts email as %s', async (_rule, email) => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { email });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body.email).toBe(email);
  });

  it.each([
    ['without an @', 'ada.example.com'],
    ['with two @', 'a@b@c'],
    ['with a space', 'ada @example.com'],
    ['with nothing before the @', '@example.com'],
    ['with nothing after the @', 'ada@'],
  ])('refuses email %s with parameter_invalid', async (_rule, email) => {
    const box = sandbox();
    expectError(await box.post('/v1/customers', { email }), 400, 'parameter_invalid', 'email');
  });

  it.each([
    ['+ and 2 digits (the shortest)', '+12'],
    ['+ and 15 digits (the longest)', '+123456789012345'],
    ['a usual number', '+14155550123'],
  ])('accepts phone %s', async (_rule, phone) => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { phone });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body.phone).toBe(phone);
  });

  it.each([
    ['without the +', '14155550123'],
    ['with 1 digit', '+1'],
    ['with 16 digits', '+1234567890123456'],
    ['with spaces', '+44 1234 567890'],
    ['with dashes', '+1-415-555-0123'],
    ['with letters', '+1415CALLNOW'],
    ['with a + alone', '+'],
  ])('refuses phone %s with parameter_invalid saying E.164', async (_rule, phone) => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { phone });
    expectError(res, 400, 'parameter_invalid', 'phone');
    expect(res.body.error.message).toContain('E.164');
  });

  it('explains a phone whose "+" was sent raw in a form body (it decodes as a space)', async () => {
    const box = sandbox();
    const res = await box.http.post('/v1/customers').set('Authorization', `Bearer ${box.keys.secret}`).type('form').send('phone=+14155550123');
    expectError(res, 400, 'parameter_invalid', 'phone');
    expect(res.body.error.message).toContain('send it as %2B');
  });

  it('accepts a name of 256 characters and refuses 257', async () => {
    const box = sandbox();
    const ok = await box.post('/v1/customers', { name: 'n'.repeat(256) });
    expect(ok.status).toBe(200);
    expectSchema(ok.body, 'Customer');
    const res = await box.post('/v1/customers', { name: 'n'.repeat(257) });
    expectError(res, 400, 'parameter_invalid', 'name');
    expect(res.body.error.message).toContain('256');
  });

  it.each([
    ['an empty email', { email: '' }, 'parameter_invalid_empty', 'email'],
    ['an empty name', { name: '' }, 'parameter_invalid_empty', 'name'],
    ['an unknown parameter', { emial: 'a@b' }, 'parameter_unknown', 'emial'],
    ['a nested unknown parameter', { 'address[city]': 'Paris' }, 'parameter_unknown', 'address'],
  ])('refuses %s naming the parameter', async (_rule, form, code, param) => {
    const box = sandbox();
    expectError(await box.post('/v1/customers', form), 400, code, param);
  });

  it('refuses a JSON number as the name with parameter_invalid', async () => {
    const box = sandbox();
    expectError(await box.postJson('/v1/customers', { name: 42 }), 400, 'parameter_invalid', 'name');
  });

  it('emits customer.created with a snapshot of the customer, naming the request', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { email: 'ada@example.com' });
    const events = await box.get('/v1/events?type=customer.created');
    expectSchema(events.body, { list: 'Event' });
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0]).toMatchObject({
      type: 'customer.created',
      created: FROZEN_UNIX,
      livemode: false,
      data: { object: res.body },
      request: { id: res.headers['request-id'], idempotency_key: null },
    });
  });

  it('refuses a publishable key with 403 secret_key_required and a read-only restricted key with insufficient_permissions', async () => {
    const box = sandbox();
    expectError(await box.post('/v1/customers', { name: 'x' }, box.keys.publishable), 403, 'secret_key_required');
    const res = await box.post('/v1/customers', { name: 'x' }, box.keys.restricted);
    expectError(res, 403, 'insufficient_permissions');
    expect(res.body.error.message).toContain('customers: write');
  });
});

describe('Service-Version and the phone field', () => {
  it('hides phone from a client pinned before 2025-08-27, in its responses and in the events it caused, without changing what others see', async () => {
    const box = sandbox();
    const old = await box.post('/v1/customers', { name: 'Old client', phone: '+4912345' }).set('Service-Version', '2024-09-30');
    expect(old.status).toBe(200);
    expect(old.headers['service-version']).toBe('2024-09-30');
    // The 2024-09-30 shape: every Customer field but phone.
    expect(Object.keys(old.body).sort()).toEqual(['created', 'email', 'id', 'livemode', 'name', 'object']);
    const oldEvents = await box.get('/v1/events').set('Service-Version', '2024-09-30');
    expect(oldEvents.body.data[0].data.object).not.toHaveProperty('phone');
    const current = await box.get(`/v1/customers/${old.body.id}`);
    expectSchema(current.body, 'Customer');
    expect(current.body.phone).toBe('+4912345');
    // The event was caused at 2024-09-30: its snapshot keeps that shape whoever reads it.
    const events = await box.get('/v1/events');
    expect(events.body.data[0].api_version).toBe('2024-09-30');
    expect(events.body.data[0].data.object).not.toHaveProperty('phone');
    const fresh = await box.post('/v1/customers', { name: 'New client', phone: '+4912345' });
    expect((await box.get('/v1/events')).body.data[0].data.object.phone).toBe('+4912345');
    expect(fresh.body.phone).toBe('+4912345');
  });
});

describe('GET /v1/customers/{id}', () => {
  it('returns the stored customer', async () => {
    const box = sandbox();
    const created = await box.post('/v1/customers', { email: 'ada@example.com', phone: '+4912345' });
    const res = await box.get(`/v1/customers/${created.body.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
    expect(res.body).toEqual(created.body);
  });

  it('is readable by a read-only restricted key', async () => {
    const box = sandbox();
    const created = await box.post('/v1/customers', { name: 'R' });
    const res = await box.get(`/v1/customers/${created.body.id}`, box.keys.restricted);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Customer');
  });

  it('answers 404 resource_missing for an unknown id, the other mode and another workspace', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/customers/cus_unknown'), 404, 'resource_missing', 'id');
    const created = await box.post('/v1/customers', { name: 'Test mode' });
    expectError(await box.get(`/v1/customers/${created.body.id}`, box.keys.liveSecret), 404, 'resource_missing', 'id');
    const other = await box.admin('post', '/_mock/workspaces', {});
    const otherSecret = (other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)
      ?.key as string;
    expectError(await box.get(`/v1/customers/${created.body.id}`, otherSecret), 404, 'resource_missing', 'id');
  });
});

describe('GET /v1/customers', () => {
  it('lists customers newest first with the list wrapper', async () => {
    const box = sandbox();
    const first = await box.post('/v1/customers', { name: 'First' });
    box.ctx.clock.advance('1s');
    const second = await box.post('/v1/customers', { name: 'Second' });
    const res = await box.get('/v1/customers');
    expect(res.status).toBe(200);
    expectSchema(res.body, { list: 'Customer' });
    expect(res.body).toEqual({ object: 'list', url: '/v1/customers', has_more: false, data: [second.body, first.body] });
  });

  it("lists only this account's customers of the key's mode", async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'Test' });
    await box.post('/v1/customers', { name: 'Live' }, box.keys.liveSecret);
    const other = await box.admin('post', '/_mock/workspaces', {});
    const otherSecret = (other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)
      ?.key as string;
    await box.post('/v1/customers', { name: 'Elsewhere' }, otherSecret);
    const res = await box.get('/v1/customers');
    expectSchema(res.body, { list: 'Customer' });
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Test']);
    const live = await box.get('/v1/customers', box.keys.liveSecret);
    expect(live.body.data.map((c: { name: string }) => c.name)).toEqual(['Live']);
  });
});

describe('POST /v1/payments with customer', () => {
  it('links an existing customer of the same account and mode', async () => {
    const box = sandbox();
    const customer = await box.post('/v1/customers', { name: 'Payer' });
    const res = await box.post('/v1/payments', { amount: 100, currency: 'usd', customer: customer.body.id });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body.customer).toBe(customer.body.id);
  });

  it('refuses an unknown customer with 400 resource_missing naming customer', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amount: 100, currency: 'usd', customer: 'cus_doesnotexist' });
    expectError(res, 400, 'resource_missing', 'customer');
    expect(res.body.error.message).toContain('cus_doesnotexist');
  });

  it('refuses a customer of the other mode with 400 resource_missing', async () => {
    const box = sandbox();
    const live = await box.post('/v1/customers', { name: 'Live' }, box.keys.liveSecret);
    expectError(await box.post('/v1/payments', { amount: 100, currency: 'usd', customer: live.body.id }), 400, 'resource_missing', 'customer');
  });

  it("refuses another workspace's customer with 400 resource_missing, and creates nothing", async () => {
    const box = sandbox();
    const other = await box.admin('post', '/_mock/workspaces', {});
    const otherSecret = (other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)
      ?.key as string;
    const theirs = await box.post('/v1/customers', { name: 'Theirs' }, otherSecret);
    expectError(await box.post('/v1/payments', { amount: 100, currency: 'usd', customer: theirs.body.id }), 400, 'resource_missing', 'customer');
    const events = await box.get('/v1/events?type=payment.*');
    expect(events.body.data).toEqual([]);
    await createPayment(box);
  });
});
