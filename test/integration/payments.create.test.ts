import { expectError, expectSchema } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox } from '../helpers/sandbox';

describe('POST /v1/payments', () => {
  it('creates a payment in requires_confirmation with a client_secret of the form <id>_secret_<suffix>', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd', 'metadata[order]': '42', description: 'Book' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({
      object: 'payment',
      amount: 2000,
      currency: 'usd',
      status: 'requires_confirmation',
      livemode: false,
      created: FROZEN_UNIX,
      metadata: { order: '42' },
      description: 'Book',
      amount_received: 0,
    });
    expect(res.body.client_secret).toMatch(new RegExp(`^${res.body.id}_secret_[0-9A-Za-z]+$`));
    expect(res.headers['request-id']).toMatch(/^req_[0-9A-Za-z]{24}$/);
    expect(res.headers['service-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is succeeded with amount_received = amount on retrieval (the mock confirms it, scenario happy)', async () => {
    const box = sandbox();
    const created = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    const res = await box.get(`/v1/payments/${created.body.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ status: 'succeeded', amount_received: 2000, fee: 88 });
  });

  it('accepts JSON bodies and refuses integers sent as JSON strings', async () => {
    const box = sandbox();
    expect((await box.postJson('/v1/payments', { amount: 2000, currency: 'usd' })).status).toBe(200);
    expectError(await box.postJson('/v1/payments', { amount: '2000', currency: 'usd' }), 400, 'parameter_invalid_integer', 'amount');
  });

  it.each([
    ['12.5', 'parameter_invalid_integer'],
    ['1e3', 'parameter_invalid_integer'],
    ['', 'parameter_invalid_empty'],
    ['0', 'amount_too_small'],
    ['-5', 'amount_too_small'],
    ['100000000', 'amount_too_large'],
  ])('refuses amount=%s with %s', async (amount, code) => {
    const box = sandbox();
    expectError(await box.post('/v1/payments', { amount, currency: 'usd' }), 400, code, 'amount');
  });

  it('names an unknown parameter and suggests the likely one', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amout: 2000, currency: 'usd' });
    expectError(res, 400, 'parameter_unknown', 'amout');
    expect(res.body.error.message).toContain('Did you mean amount?');
  });
});
