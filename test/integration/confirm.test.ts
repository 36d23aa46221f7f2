import { TEST_CARDS, TEST_PAYMENT_METHODS } from '../../src/domain/test-cards';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, Sandbox, sandbox } from '../helpers/sandbox';

type Outcome = { status: 200; payment: 'succeeded' | 'requires_action' } | { status: 402; code: 'card_declined' | 'expired_card'; decline_code: string | null };

/** What each test card does on confirm (contract section 7), written out rather than read from the code. */
const CARDS: Record<string, { brand: string; outcome: Outcome }> = {
  '4242424242424242': { brand: 'visa', outcome: { status: 200, payment: 'succeeded' } },
  '5555555555554444': { brand: 'mastercard', outcome: { status: 200, payment: 'succeeded' } },
  '4000000000000002': { brand: 'visa', outcome: { status: 402, code: 'card_declined', decline_code: 'generic_decline' } },
  '4000000000009995': { brand: 'visa', outcome: { status: 402, code: 'card_declined', decline_code: 'insufficient_funds' } },
  '4000000000000069': { brand: 'visa', outcome: { status: 402, code: 'expired_card', decline_code: null } },
  '4000002500003155': { brand: 'visa', outcome: { status: 200, payment: 'requires_action' } },
};

const SHORTCUTS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequired: '4000002500003155',
};

const cardForm = (number: string, extra: Record<string, string | number> = {}) => ({
  'card[number]': number,
  'card[exp_month]': 12,
  'card[exp_year]': 2030,
  ...extra,
});

async function tokenise(box: Sandbox, number: string) {
  const res = await box.post('/v1/payment_methods', cardForm(number), box.keys.publishable);
  if (res.status !== 200) throw new Error(`tokenise failed: ${res.status} ${res.text}`);
  return res.body as { id: string; card: { brand: string; last4: string } };
}

/** The browser's call: publishable key + client_secret. */
const confirmAsClient = (box: Sandbox, payment: { id: string; client_secret: string }, form: Record<string, string> = {}) =>
  box.post(`/v1/payments/${payment.id}/confirm`, { client_secret: payment.client_secret, ...form }, box.keys.publishable);

const retrieve = async (box: Sandbox, id: string) => {
  const res = await box.get(`/v1/payments/${id}`);
  expectSchema(res.body, 'Payment');
  return res.body;
};

const eventTypes = async (box: Sandbox, id: string): Promise<string[]> => {
  const res = await box.get('/v1/events?type=payment.*&limit=100');
  return res.body.data
    .filter((e: { data: { object: { id: string } } }) => e.data.object.id === id)
    .map((e: { type: string }) => e.type)
    .reverse();
};

/** Checks the response, the stored payment and the events of one confirmation. */
async function expectOutcome(
  box: Sandbox,
  payment: { id: string; amount?: unknown },
  res: { status: number; body: any; headers: Record<string, string> },
  outcome: Outcome,
  method?: string,
) {
  expect(res.status).toBe(outcome.status);
  const stored = await retrieve(box, payment.id);
  const events = await eventTypes(box, payment.id);
  if (outcome.status === 200) {
    expectSchema(res.body, 'Payment');
    expect(res.body.status).toBe(outcome.payment);
    expect(stored.status).toBe(outcome.payment);
    expect(stored.last_payment_error).toBeNull();
    expect(stored.amount_received).toBe(outcome.payment === 'succeeded' ? stored.amount : 0);
    if (outcome.payment === 'succeeded') expect(events).toContain('payment.succeeded');
    else expect(events).not.toContain('payment.succeeded');
    expect(events).not.toContain('payment.payment_failed');
  } else {
    expectError(res, 402, outcome.code);
    expect(res.body.error.type).toBe('card_error');
    if (outcome.decline_code) expect(res.body.error.decline_code).toBe(outcome.decline_code);
    else expect(res.body.error.decline_code).toBeUndefined();
    expect(stored.status).toBe('requires_payment_method');
    expect(stored.amount_received).toBe(0);
    expect(stored.last_payment_error).toEqual({
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.decline_code,
      message: expect.any(String),
      payment_method: stored.payment_method,
    });
    expect(events).toContain('payment.payment_failed');
    expect(events).not.toContain('payment.succeeded');
  }
  expect(stored.payment_method).toMatch(/^pm_/);
  if (method) expect(stored.payment_method).toBe(method);
}

describe('manual scenario', () => {
  it('leaves a new payment waiting in requires_confirmation with nothing received', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expect(payment.status).toBe('requires_confirmation');
    const stored = await retrieve(box, payment.id);
    expect(stored).toMatchObject({ status: 'requires_confirmation', amount_received: 0, payment_method: null, last_payment_error: null });
    expect(await eventTypes(box, payment.id)).toEqual(['payment.created']);
  });
});

describe('POST /v1/payments/{id}/confirm', () => {
  it('confirms with a secret key (default test card): succeeded, amount_received = amount, payment.succeeded event', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/confirm`);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ id: payment.id, status: 'succeeded', amount_received: 2000, client_secret: payment.client_secret });
    await expectOutcome(box, payment, res, { status: 200, payment: 'succeeded' });
    expect(await eventTypes(box, payment.id)).toEqual(['payment.created', 'payment.succeeded']);

    const succeeded = (await box.get('/v1/events?type=payment.succeeded')).body.data[0];
    expect(succeeded.data.object).toMatchObject({ id: payment.id, status: 'succeeded', amount_received: 2000, client_secret: null });
    expect(succeeded.request.id).toBe(res.headers['request-id']);
  });

  it('confirms with a publishable key and the client_secret, showing the client_secret it presented', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const res = await confirmAsClient(box, payment, { payment_method: 'pm_card_visa' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body).toMatchObject({ status: 'succeeded', client_secret: payment.client_secret });
    const read = await box.get(`/v1/payments/${payment.id}?client_secret=${payment.client_secret}`, box.keys.publishable);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('succeeded');
  });

  it('refuses a publishable key without the client_secret: 403 secret_key_required, nothing confirmed', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, {}, box.keys.publishable), 403, 'secret_key_required');
    expect((await retrieve(box, payment.id)).status).toBe('requires_confirmation');
  });

  it('refuses a wrong client_secret: 400 naming client_secret, nothing confirmed', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const other = await createPayment(box);
    expectError(await confirmAsClient(box, { id: payment.id, client_secret: other.client_secret }), 400, 'parameter_invalid', 'client_secret');
    expect((await retrieve(box, payment.id)).status).toBe('requires_confirmation');
  });

  it('refuses a read-only restricted key: 403 insufficient_permissions', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, {}, box.keys.restricted), 403, 'insufficient_permissions');
  });

  it('answers 404 resource_missing for a payment of the other mode', async () => {
    const box = sandbox({ scenario: 'manual' });
    const live = await createPayment(box, {}, box.keys.liveSecret);
    expectError(await box.post(`/v1/payments/${live.id}/confirm`), 404, 'resource_missing');
  });

  it('refuses an unknown payment_method: 400 resource_missing naming payment_method', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expectError(
      await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_000000000000000000000000' }),
      400,
      'resource_missing',
      'payment_method',
    );
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_amex_unknown' }), 400, 'resource_missing', 'payment_method');
    expect((await retrieve(box, payment.id)).status).toBe('requires_confirmation');
  });

  it('refuses a payment method of the other mode', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const liveMethod = await box.post('/v1/payment_methods', cardForm('4242424242424242'), box.keys.livePublishable);
    expect(liveMethod.body.livemode).toBe(true);
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: liveMethod.body.id }), 400, 'resource_missing', 'payment_method');
  });

  it('refuses to confirm a succeeded payment: 400 payment_intent_unexpected_state, no new event', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    await box.post(`/v1/payments/${payment.id}/confirm`);
    const events = (await eventTypes(box, payment.id)).length;
    expectError(await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' }), 400, 'payment_intent_unexpected_state');
    expect(await eventTypes(box, payment.id)).toHaveLength(events);
  });

  it('refuses to confirm a payment the happy scenario already confirmed, and says why and how to confirm it yourself', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const res = await confirmAsClient(box, payment);
    expectError(res, 400, 'payment_intent_unexpected_state');
    expect(res.body.error.message).toMatch(/"happy" scenario payments-mock confirms every payment itself/);
    expect(res.body.error.message).toMatch(/Mock-Scenario: manual/);
  });

  it('gives no scenario hint when the client confirmed the payment itself under manual', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    await box.post(`/v1/payments/${payment.id}/confirm`);
    const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' });
    expectError(res, 400, 'payment_intent_unexpected_state');
    expect(res.body.error.message).not.toMatch(/scenario/);
  });
});

describe('test cards tokenised with POST /v1/payment_methods', () => {
  it('covers every test card of the README table', () => {
    expect(TEST_CARDS.map((card) => card.number).sort()).toEqual(Object.keys(CARDS).sort());
  });

  it.each(Object.entries(CARDS))('card %s: confirm gives the documented outcome', async (number, { brand, outcome }) => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const method = await tokenise(box, number);
    expectSchema(method, 'PaymentMethod');
    expect(method.card).toMatchObject({ brand, last4: number.slice(-4) });
    const res = await confirmAsClient(box, payment, { payment_method: method.id });
    await expectOutcome(box, payment, res, outcome, method.id);
  });
});

describe('pm_card_* shortcuts', () => {
  it('covers every shortcut', () => {
    expect(TEST_PAYMENT_METHODS).toEqual(SHORTCUTS);
  });

  it.each(Object.entries(SHORTCUTS))('%s behaves like card %s', async (shortcut, number) => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: shortcut });
    await expectOutcome(box, payment, res, (CARDS[number] as { outcome: Outcome }).outcome);
    // The shortcut is tokenised into a real payment method with the card's brand and last4.
    const stored = await retrieve(box, payment.id);
    const created = (await box.get('/v1/events?type=payment_method.created')).body.data[0].data.object;
    expect(created).toMatchObject({ id: stored.payment_method, card: { brand: (CARDS[number] as { brand: string }).brand, last4: number.slice(-4) } });
  });
});

describe('declines', () => {
  it('4000000000000002: 402 card_error card_declined/generic_decline, then requires_payment_method with last_payment_error', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const method = await tokenise(box, '4000000000000002');
    const res = await confirmAsClient(box, payment, { payment_method: method.id });
    expectError(res, 402, 'card_declined');
    expect(res.body.error).toMatchObject({ type: 'card_error', decline_code: 'generic_decline' });
    // The error carries the payment as it now is.
    expect(res.body.error.payment).toMatchObject({ id: payment.id, status: 'requires_payment_method', payment_method: method.id });
    const failed = (await box.get('/v1/events?type=payment.payment_failed')).body.data;
    expect(failed).toHaveLength(1);
    expect(failed[0].data.object).toMatchObject({
      id: payment.id,
      status: 'requires_payment_method',
      client_secret: null,
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', payment_method: method.id },
    });
  });

  it('a declined payment confirmed again with another method succeeds and clears last_payment_error', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expect((await confirmAsClient(box, payment, { payment_method: 'pm_card_chargeDeclined' })).status).toBe(402);
    const good = await tokenise(box, '4242424242424242');
    const res = await confirmAsClient(box, payment, { payment_method: good.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', payment_method: good.id, last_payment_error: null, amount_received: 2000 });
    expect(await eventTypes(box, payment.id)).toEqual(['payment.created', 'payment.payment_failed', 'payment.succeeded']);
  });

  it('a declined payment confirmed again without a method retries the same card and declines again', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' });
    const again = await box.post(`/v1/payments/${payment.id}/confirm`);
    expectError(again, 402, 'card_declined');
    expect(again.body.error.decline_code).toBe('insufficient_funds');
    expect(await eventTypes(box, payment.id)).toEqual(['payment.created', 'payment.payment_failed', 'payment.payment_failed']);
  });

  it('an expired card: 402 expired_card without a decline_code', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_chargeDeclinedExpiredCard' });
    expectError(res, 402, 'expired_card');
    expect(res.body.error.type).toBe('card_error');
    expect(res.body.error).not.toHaveProperty('decline_code');
  });

  it('never shows the client_secret to a restricted key, not even inside a decline', async () => {
    const box = sandbox({ scenario: 'manual' });
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const writer = (await box.admin('post', '/_mock/keys', { workspace, kind: 'restricted', permissions: { payments: 'write' } })).body.key as string;
    const payment = await createPayment(box);
    const declined = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_chargeDeclined' }, writer);
    expectError(declined, 402, 'card_declined');
    expect(declined.body.error.payment.client_secret).toBeNull();
    const ok = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' }, writer);
    expect(ok.status).toBe(200);
    expect(ok.body.client_secret).toBeNull();
  });
});

describe('3-D Secure (4000002500003155)', () => {
  it('requires_action on the first confirm, succeeded when confirmed again', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    const method = await tokenise(box, '4000002500003155');
    const first = await confirmAsClient(box, payment, { payment_method: method.id });
    expect(first.status).toBe(200);
    expectSchema(first.body, 'Payment');
    expect(first.body).toMatchObject({ status: 'requires_action', amount_received: 0, last_payment_error: null, payment_method: method.id });
    expect(await eventTypes(box, payment.id)).not.toContain('payment.succeeded');

    const second = await confirmAsClient(box, payment);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ status: 'succeeded', amount_received: 2000, payment_method: method.id });
    expect(await eventTypes(box, payment.id)).toContain('payment.succeeded');
    expectError(await confirmAsClient(box, payment), 400, 'payment_intent_unexpected_state');
  });

  it('a payment waiting for action may be confirmed with another card instead', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_authenticationRequired' });
    const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
    expectError(res, 402, 'card_declined');
    expect((await retrieve(box, payment.id)).status).toBe('requires_payment_method');
  });
});

describe('card details are never kept', () => {
  const NUMBER = '4000000000009995';

  it('returns only brand, last4 and expiry of a tokenised card', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payment_methods', cardForm(NUMBER, { 'card[cvc]': '737' }), box.keys.publishable);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'PaymentMethod');
    expect(res.body).toMatchObject({ object: 'payment_method', type: 'card', livemode: false });
    expect(res.body.card).toEqual({ brand: 'visa', last4: '9995', exp_month: 12, exp_year: 2030 });
    expect(res.text).not.toContain(NUMBER);
    expect(res.text).not.toContain('737');
  });

  it('stores the number nowhere: not in events, the journal, or the exported state', async () => {
    const box = sandbox({ scenario: 'manual' });
    const method = await box.post('/v1/payment_methods', cardForm(NUMBER, { 'card[cvc]': '737' }), box.keys.publishable);
    const payment = await createPayment(box);
    await confirmAsClient(box, payment, { payment_method: method.body.id });
    const places = await Promise.all([box.get('/v1/events?limit=100'), box.admin('get', '/_mock/requests'), box.admin('get', '/_mock/state')]);
    for (const place of places) {
      expect(place.status).toBe(200);
      expect(place.text).not.toContain(NUMBER);
    }
    const journal = places[1]?.body.data.find((entry: { path: string }) => entry.path === '/v1/payment_methods');
    expect(journal.request_body.card).toMatchObject({ number: '••••9995', cvc: '•••' });
    expect(JSON.stringify([...box.ctx.store.workspaces.values()].map((w) => [...w.test.paymentMethods.values()]))).not.toContain(NUMBER);
  });

  it.each([
    ['4242424242424241', 'fails the Luhn check'],
    ['1234567812345678', 'fails the Luhn check'],
  ])('refuses card[number]=%s (%s) with 400 naming card[number], creating nothing', async (number) => {
    const box = sandbox();
    const res = await box.post('/v1/payment_methods', cardForm(number), box.keys.publishable);
    expectError(res, 400, 'parameter_invalid', 'card[number]');
    expect(res.body.error.message).toMatch(/Luhn/);
    expect([...box.ctx.store.workspaces.values()][0]?.test.paymentMethods.size).toBe(0);
  });

  it.each([['4242 4242 4242 4242'], ['42424242'], ['abcd']])('refuses a malformed card[number] %j with 400', async (number) => {
    const box = sandbox();
    expectError(await box.post('/v1/payment_methods', cardForm(number), box.keys.publishable), 400, 'parameter_invalid', 'card[number]');
  });

  it('refuses a missing card[exp_month] with 400 parameter_missing', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payment_methods', { 'card[number]': '4242424242424242', 'card[exp_year]': 2030 }, box.keys.publishable);
    expectError(res, 400, 'parameter_missing', 'card[exp_month]');
  });

  it('accepts a secret key for tokenising too', async () => {
    const box = sandbox();
    expect((await box.post('/v1/payment_methods', cardForm('4242424242424242'))).status).toBe(200);
  });
});
