import { createPayment, FROZEN_UNIX, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

describe('GET /v1/payments/{id}', () => {
  it('returns the payment with every field, succeeded and amount_received = amount', async () => {
    const box = sandbox();
    const customer = await box.post('/v1/customers', { email: 'ada@example.com' });
    const created = await createPayment(box, { amount: 1234, currency: 'EUR', customer: customer.body.id, description: 'Tea', 'metadata[order]': '7' });
    const res = await box.get(`/v1/payments/${created.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toEqual({
      id: created.id,
      object: 'payment',
      amount: 1234,
      amount_received: 1234,
      amount_refunded: 0,
      currency: 'eur',
      status: 'succeeded',
      client_secret: created.client_secret,
      customer: customer.body.id,
      description: 'Tea',
      metadata: { order: '7' },
      fee: 66,
      // The README: a self-confirmed payment has payment_method: null.
      payment_method: null,
      last_payment_error: null,
      next_action: null,
      created: FROZEN_UNIX,
      livemode: false,
    });
    expect(res.headers['request-id']).toMatch(/^req_[0-9A-Za-z]{24}$/);
  });

  it('returns null for unset fields instead of leaving them out', async () => {
    const box = sandbox();
    const created = await createPayment(box);
    const res = await box.get(`/v1/payments/${created.id}`);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ customer: null, description: null, metadata: {}, last_payment_error: null });
  });

  it('stores the currency lowercase and charges the zero-decimal fee whatever its case', async () => {
    const box = sandbox();
    const created = await createPayment(box, { amount: 1000, currency: 'JPY' });
    const res = await box.get(`/v1/payments/${created.id}`);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ currency: 'jpy', fee: 29 });
  });

  it('returns metadata keys such as __proto__ and constructor as plain data', async () => {
    const box = sandbox();
    const created = await createPayment(box, { 'metadata[__proto__]': 'a', 'metadata[constructor]': 'b', 'metadata[toString]': 'c' });
    const res = await box.get(`/v1/payments/${created.id}`);
    expectSchema(res.body, 'Payment');
    expect(res.text).toContain('"metadata":{"__proto__":"a","constructor":"b","toString":"c"}');
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('keeps amount_received at 0 while the payment is not confirmed (scenario manual)', async () => {
    const box = sandbox({ scenario: 'manual' });
    const created = await createPayment(box, { amount: 500 });
    const res = await box.get(`/v1/payments/${created.id}`);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ status: 'requires_confirmation', amount_received: 0, payment_method: null });
  });

  it('keeps created as the creation time, not the retrieval time', async () => {
    const box = sandbox();
    const created = await createPayment(box);
    box.ctx.clock.advance('2h');
    const res = await box.get(`/v1/payments/${created.id}`);
    expect(res.body.created).toBe(FROZEN_UNIX);
  });

  it('shows amount_refunded after a partial refund, with amount_received unchanged', async () => {
    const box = sandbox();
    const created = await createPayment(box, { amount: 2000 });
    await box.post(`/v1/payments/${created.id}/refund`, { amount: 300 });
    const res = await box.get(`/v1/payments/${created.id}`);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ amount_received: 2000, amount_refunded: 300, status: 'succeeded' });
  });

  it('answers 404 resource_missing for an unknown id', async () => {
    const box = sandbox();
    const res = await box.get('/v1/payments/pay_doesnotexist000000000000');
    expectError(res, 404, 'resource_missing', 'id');
    expect(res.body.error.message).toContain('pay_doesnotexist000000000000');
  });

  it("answers 404 resource_missing for another workspace's payment, never 403", async () => {
    const box = sandbox();
    const created = await createPayment(box);
    const other = await box.admin('post', '/_mock/workspaces', {});
    expect(other.status).toBe(200);
    const otherKeys = other.body.keys as Array<{ key: string; kind: string; livemode: boolean }>;
    const otherSecret = otherKeys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    expect(otherSecret).toMatch(/^sk_test_/);
    expectError(await box.get(`/v1/payments/${created.id}`, otherSecret), 404, 'resource_missing', 'id');
    // And the reverse: the other workspace's payment is invisible to the first.
    const theirs = await createPayment(box, {}, otherSecret);
    expectError(await box.get(`/v1/payments/${theirs.id}`), 404, 'resource_missing', 'id');
    const own = await box.get(`/v1/payments/${theirs.id}`, otherSecret);
    expect(own.status).toBe(200);
    expectSchema(own.body, 'Payment');
  });

  it('answers 404 to a live key asking for a test payment, and the reverse', async () => {
    const box = sandbox();
    const testPayment = await createPayment(box);
    expectError(await box.get(`/v1/payments/${testPayment.id}`, box.keys.liveSecret), 404, 'resource_missing', 'id');
    const livePayment = await createPayment(box, {}, box.keys.liveSecret);
    expect(livePayment.livemode).toBe(true);
    expectError(await box.get(`/v1/payments/${livePayment.id}`), 404, 'resource_missing', 'id');
    const res = await box.get(`/v1/payments/${livePayment.id}`, box.keys.liveSecret);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ id: livePayment.id, livemode: true });
  });

  it('shows a restricted key the payment with client_secret null', async () => {
    const box = sandbox();
    const created = await createPayment(box);
    const res = await box.get(`/v1/payments/${created.id}`, box.keys.restricted);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ id: created.id, client_secret: null, status: 'succeeded' });
  });

  it('lets a publishable key retrieve the payment only with its client_secret', async () => {
    const box = sandbox();
    const created = await createPayment(box);
    expectError(await box.get(`/v1/payments/${created.id}`, box.keys.publishable), 403, 'secret_key_required');
    const res = await box.get(`/v1/payments/${created.id}?client_secret=${created.client_secret}`, box.keys.publishable);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body.client_secret).toBe(created.client_secret);
    expectError(
      await box.get(`/v1/payments/${created.id}?client_secret=${created.id}_secret_wrong`, box.keys.publishable),
      400,
      'parameter_invalid',
      'client_secret',
    );
  });

  it('refuses unknown query parameters by name', async () => {
    const box = sandbox();
    const created = await createPayment(box);
    expectError(await box.get(`/v1/payments/${created.id}?expand=customer`), 400, 'parameter_unknown', 'expand');
  });

  describe('read again (the text of a version is kept for its next read)', () => {
    it('serves the current version after each change, never an earlier text', async () => {
      const box = sandbox({ scenario: 'manual' });
      const created = await createPayment(box, { amount: 2000 });
      const read = async (): Promise<Record<string, unknown>> => (await box.get(`/v1/payments/${created.id}`)).body;
      expect(await read()).toMatchObject({ status: 'requires_confirmation', amount_received: 0 });
      expect(await read()).toMatchObject({ status: 'requires_confirmation', amount_received: 0 });
      expect((await box.post(`/v1/payments/${created.id}/confirm`, { payment_method: 'pm_card_visa' })).status).toBe(200);
      expect(await read()).toMatchObject({ status: 'succeeded', amount_received: 2000, payment_method: expect.stringMatching(/^pm_/) });
      await box.post(`/v1/payments/${created.id}/refund`, { amount: 300 });
      expect(await read()).toMatchObject({ status: 'succeeded', amount_refunded: 300 });
      await box.post(`/v1/payments/${created.id}/refund`, { amount: 200 });
      expect(await read()).toMatchObject({ amount_refunded: 500 });
    });

    it('keeps what each kind of key sees apart: a restricted read after a secret one, and back', async () => {
      const box = sandbox();
      const created = await createPayment(box);
      const secret = async (): Promise<unknown> => (await box.get(`/v1/payments/${created.id}`)).body.client_secret;
      const restricted = async (): Promise<unknown> => (await box.get(`/v1/payments/${created.id}`, box.keys.restricted)).body.client_secret;
      expect(await secret()).toBe(created.client_secret);
      expect(await restricted()).toBeNull();
      expect(await restricted()).toBeNull();
      expect(await secret()).toBe(created.client_secret);
      const publishable = await box.get(`/v1/payments/${created.id}?client_secret=${created.client_secret}`, box.keys.publishable);
      expect(publishable.body.client_secret).toBe(created.client_secret);
      // A wrong secret is refused even when the payment's text is kept.
      expectError(await box.get(`/v1/payments/${created.id}?client_secret=${created.id}_secret_x`), 400, 'parameter_invalid', 'client_secret');
    });

    it('gives each payment its own text when many are read in turn (more than the 64 kept)', async () => {
      const box = sandbox();
      const ids: string[] = [];
      for (let i = 0; i < 130; i++) ids.push((await createPayment(box, { amount: 100 + i })).id);
      for (let round = 0; round < 2; round++) {
        for (const [i, id] of ids.entries()) {
          const res = await box.get(`/v1/payments/${id}`);
          expect(res.body).toMatchObject({ id, amount: 100 + i });
        }
      }
    });

    it('renders a kept text for an older Service-Version, and the journal shows what was sent', async () => {
      const box = sandbox();
      const created = await createPayment(box, { 'metadata[order]': '7' });
      const latest = await box.get(`/v1/payments/${created.id}`);
      const older = await box.get(`/v1/payments/${created.id}`).set('Service-Version', '2024-09-30');
      expect(older.status).toBe(200);
      expect(older.headers['service-version']).toBe('2024-09-30');
      expect(older.body).toEqual(latest.body);
      const journal = await box.admin('get', '/_mock/requests?method=GET&limit=2');
      expect(journal.body.data.map((entry: { response_body: unknown }) => entry.response_body)).toEqual([latest.body, latest.body]);
    });
  });
});
