import { createPayment, FROZEN_UNIX, Sandbox, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

/** Refunds and checks the response is a refund; returns its body. */
async function refund(box: Sandbox, paymentId: string, form: Record<string, string | number> = {}) {
  const res = await box.post(`/v1/payments/${paymentId}/refund`, form);
  expect(res.status).toBe(200);
  expectSchema(res.body, 'Refund');
  return res.body as { id: string; amount: number; fee_refunded: number; [field: string]: unknown };
}

describe('POST /v1/payments/{id}/refund', () => {
  it('refunds the whole payment when no amount is given, returning the whole fee', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000, currency: 'usd' });
    const res = await box.post(`/v1/payments/${payment.id}/refund`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Refund');
    expect(res.body).toEqual({
      id: expect.stringMatching(/^re_[0-9A-Za-z]{24}$/),
      object: 'refund',
      payment: payment.id,
      amount: 2000,
      currency: 'usd',
      status: 'succeeded',
      reason: null,
      fee_refunded: 88,
      created: FROZEN_UNIX,
      livemode: false,
    });
    const after = await box.get(`/v1/payments/${payment.id}`);
    expectSchema(after.body, 'Payment');
    expect(after.body).toMatchObject({ amount_refunded: 2000, amount_received: 2000, status: 'succeeded' });
  });

  it('refunds in part and then refunds what is left by default', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const first = await refund(box, payment.id, { amount: 500 });
    expect(first).toMatchObject({ amount: 500, fee_refunded: 22 });
    const rest = await refund(box, payment.id);
    expect(rest).toMatchObject({ amount: 1500, fee_refunded: 66 });
    const after = await box.get(`/v1/payments/${payment.id}`);
    expect(after.body.amount_refunded).toBe(2000);
  });

  it('accepts the amount as a JSON number', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const res = await box.postJson(`/v1/payments/${payment.id}/refund`, { amount: 1000, reason: 'duplicate' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Refund');
    expect(res.body).toMatchObject({ amount: 1000, fee_refunded: 44, reason: 'duplicate' });
    expectError(await box.postJson(`/v1/payments/${payment.id}/refund`, { amount: '10' }), 400, 'parameter_invalid_integer', 'amount');
  });

  it.each<[string, number, string, Array<[number, number]>]>([
    [
      'usd: fee 88, halves return 44 each',
      2000,
      'usd',
      [
        [1000, 44],
        [1000, 44],
      ],
    ],
    [
      'usd: shares round half up (88 × 125 / 2000 = 5.5 → 6)',
      2000,
      'usd',
      [
        [125, 6],
        [1875, 82],
      ],
    ],
    [
      'usd: the last refund takes the remainder so the total is exactly the fee',
      1000,
      'usd',
      [
        [333, 20],
        [333, 20],
        [334, 19],
      ],
    ],
    [
      'jpy: no fixed fee part (1000 jpy → fee 29)',
      1000,
      'jpy',
      [
        [500, 15],
        [500, 14],
      ],
    ],
    ['usd: a fee capped at the amount (1 usd → fee 1)', 1, 'usd', [[1, 1]]],
    [
      'usd: on 40 (fee 31) shares of 0.775 round up to 1 and the last refund takes the rest',
      40,
      'usd',
      [
        [1, 1],
        [1, 1],
        [38, 29],
      ],
    ],
  ])('returns fees in proportion: %s', async (_rule, amount, currency, refunds) => {
    const box = sandbox();
    const payment = await createPayment(box, { amount, currency });
    let total = 0;
    for (const [piece, feeRefunded] of refunds) {
      const body = await refund(box, payment.id, { amount: piece });
      expect(body).toMatchObject({ amount: piece, currency, fee_refunded: feeRefunded });
      total += body.fee_refunded;
    }
    expect(total).toBe(payment.fee);
  });

  it('returns exactly the fee in total over many partial refunds of a fully refunded payment', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 9999, currency: 'usd' });
    const pieces = [1, 7, 333, 1234, 2500, 17, 5907];
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(9999);
    let total = 0;
    for (const piece of pieces) total += (await refund(box, payment.id, { amount: piece })).fee_refunded;
    expect(total).toBe(payment.fee);
    expect(payment.fee).toBe(320);
  });

  it('refuses an amount larger than what is left with 400 amount_too_large', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, { amount: 2001 }), 400, 'amount_too_large', 'amount');
    await refund(box, payment.id, { amount: 1500 });
    const res = await box.post(`/v1/payments/${payment.id}/refund`, { amount: 501 });
    expectError(res, 400, 'amount_too_large', 'amount');
    expect(res.body.error.message).toContain('500');
    // Nothing was refunded by the refused requests.
    expect((await box.get(`/v1/payments/${payment.id}`)).body.amount_refunded).toBe(1500);
  });

  it('refuses any refund of a fully refunded payment with 400 charge_already_refunded', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    await refund(box, payment.id);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`), 400, 'charge_already_refunded');
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, { amount: 1 }), 400, 'charge_already_refunded');
  });

  it.each([
    ['0 is below the minimum', '0', 'amount_too_small'],
    ['a negative amount is below the minimum', '-100', 'amount_too_small'],
    ['a decimal is not an integer', '10.5', 'parameter_invalid_integer'],
    ['an empty amount is refused', '', 'parameter_invalid_empty'],
  ])('refuses amount=%s: %s → %s', async (_rule, amount, code) => {
    const box = sandbox();
    const payment = await createPayment(box);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, { amount }), 400, code, 'amount');
  });

  it.each(['duplicate', 'fraudulent', 'requested_by_customer'])('records reason=%s', async (reason) => {
    const box = sandbox();
    const payment = await createPayment(box);
    expect((await refund(box, payment.id, { reason })).reason).toBe(reason);
  });

  it.each(['other', 'DUPLICATE', 'customer_request'])('refuses reason=%s with parameter_invalid listing the allowed reasons', async (reason) => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/refund`, { reason });
    expectError(res, 400, 'parameter_invalid', 'reason');
    expect(res.body.error.message).toContain('duplicate, fraudulent, requested_by_customer');
  });

  it('refuses an unknown parameter by name', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/refund`, { amonut: 5 });
    expectError(res, 400, 'parameter_unknown', 'amonut');
    expect(res.body.error.message).toContain('Did you mean amount?');
  });

  it('refuses to refund a payment that has not succeeded with 400 payment_intent_unexpected_state', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/refund`);
    expectError(res, 400, 'payment_intent_unexpected_state');
    expect(res.body.error.message).toContain('requires_confirmation');
    // Once confirmed it can be refunded.
    const confirmed = await box.post(`/v1/payments/${payment.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expectSchema(confirmed.body, 'Payment');
    await refund(box, payment.id);
  });

  it('refuses to refund a declined payment with 400 payment_intent_unexpected_state', async () => {
    const box = sandbox({ scenario: 'decline' });
    const payment = await createPayment(box);
    expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_payment_method');
    expectError(await box.post(`/v1/payments/${payment.id}/refund`), 400, 'payment_intent_unexpected_state');
  });

  it('answers 404 resource_missing for an unknown payment, and for one of the other mode', async () => {
    const box = sandbox();
    expectError(await box.post('/v1/payments/pay_nope/refund'), 404, 'resource_missing', 'id');
    const payment = await createPayment(box);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, {}, box.keys.liveSecret), 404, 'resource_missing', 'id');
  });

  it('refuses a publishable key (secret_key_required) and a read-only restricted key (insufficient_permissions)', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    expectError(await box.post(`/v1/payments/${payment.id}/refund`, {}, box.keys.publishable), 403, 'secret_key_required');
    const res = await box.post(`/v1/payments/${payment.id}/refund`, {}, box.keys.restricted);
    expectError(res, 403, 'insufficient_permissions');
    expect(res.body.error.message).toContain('refunds: write');
    expect((await box.get(`/v1/payments/${payment.id}`)).body.amount_refunded).toBe(0);
  });

  it('emits refund.created and payment.refunded for every refund, partial or full, naming the request', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const partial = await box.post(`/v1/payments/${payment.id}/refund`, { amount: 600 });
    box.ctx.clock.advance(1);
    const full = await box.post(`/v1/payments/${payment.id}/refund`);
    expectSchema(partial.body, 'Refund');
    expectSchema(full.body, 'Refund');
    const events = await box.get('/v1/events?limit=100');
    expectSchema(events.body, { list: 'Event' });
    const ofRefunds = (events.body.data as Array<{ type: string; request: { id: string }; data: { object: Record<string, unknown> } }>).filter(
      (event) => event.type === 'refund.created' || event.type === 'payment.refunded',
    );
    expect(ofRefunds.map((event) => [event.type, event.request.id])).toEqual([
      ['payment.refunded', full.headers['request-id']],
      ['refund.created', full.headers['request-id']],
      ['payment.refunded', partial.headers['request-id']],
      ['refund.created', partial.headers['request-id']],
    ]);
    const [fullPayment, fullRefund, partialPayment, partialRefund] = ofRefunds.map((event) => event.data.object);
    expect(partialRefund).toEqual(partial.body);
    expect(fullRefund).toEqual(full.body);
    expect(partialPayment).toMatchObject({ id: payment.id, amount_refunded: 600, client_secret: null });
    expect(fullPayment).toMatchObject({ id: payment.id, amount_refunded: 2000, client_secret: null });
  });

  it('emits no events for a refused refund', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const before = (await box.get('/v1/events?limit=100')).body.data.length;
    await box.post(`/v1/payments/${payment.id}/refund`, { amount: 5000 });
    expect((await box.get('/v1/events?limit=100')).body.data.length).toBe(before);
  });
});

describe('GET /v1/refunds/{id}', () => {
  it('returns the refund as it was created', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const created = await refund(box, payment.id, { amount: 700, reason: 'fraudulent' });
    const res = await box.get(`/v1/refunds/${created.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Refund');
    expect(res.body).toEqual(created);
  });

  it('is readable by a read-only restricted key', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const created = await refund(box, payment.id);
    const res = await box.get(`/v1/refunds/${created.id}`, box.keys.restricted);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Refund');
  });

  it('answers 404 resource_missing for an unknown refund and for one of the other mode', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/refunds/re_unknown'), 404, 'resource_missing', 'id');
    const payment = await createPayment(box);
    const created = await refund(box, payment.id);
    expectError(await box.get(`/v1/refunds/${created.id}`, box.keys.liveSecret), 404, 'resource_missing', 'id');
  });
});

describe('GET /v1/payments/{id}/refunds', () => {
  it("lists the payment's refunds newest first, and only that payment's", async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const other = await createPayment(box, { amount: 2000 });
    const a = await refund(box, payment.id, { amount: 100 });
    await refund(box, other.id, { amount: 100 });
    const b = await refund(box, payment.id, { amount: 200 });
    box.ctx.clock.advance('1m');
    const c = await refund(box, payment.id, { amount: 300 });
    const res = await box.get(`/v1/payments/${payment.id}/refunds`);
    expect(res.status).toBe(200);
    expectSchema(res.body, { list: 'Refund' });
    expect(res.body).toMatchObject({ object: 'list', url: `/v1/payments/${payment.id}/refunds`, has_more: false });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([c.id, b.id, a.id]);
  });

  it('pages with limit and starting_after', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.unshift((await refund(box, payment.id, { amount: 100 })).id);
    const first = await box.get(`/v1/payments/${payment.id}/refunds?limit=2`);
    expectSchema(first.body, { list: 'Refund' });
    expect(first.body.has_more).toBe(true);
    expect(first.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 2));
    const second = await box.get(`/v1/payments/${payment.id}/refunds?limit=2&starting_after=${ids[1]}`);
    expectSchema(second.body, { list: 'Refund' });
    expect(second.body.has_more).toBe(false);
    expect(second.body.data.map((r: { id: string }) => r.id)).toEqual(ids.slice(2));
  });

  it('is an empty list for a payment without refunds', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await box.get(`/v1/payments/${payment.id}/refunds`);
    expectSchema(res.body, { list: 'Refund' });
    expect(res.body).toMatchObject({ data: [], has_more: false });
  });

  it('answers 404 resource_missing for an unknown payment', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/payments/pay_unknown/refunds'), 404, 'resource_missing', 'id');
  });

  it("refuses a cursor that is not one of this payment's refunds with 400 resource_missing", async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const other = await createPayment(box);
    const foreign = await refund(box, other.id, { amount: 100 });
    expectError(await box.get(`/v1/payments/${payment.id}/refunds?starting_after=${foreign.id}`), 400, 'resource_missing', 'starting_after');
  });
});
