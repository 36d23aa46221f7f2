import { createPayment, FROZEN_UNIX, Sandbox, sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

interface EventBody {
  id: string;
  type: string;
  created: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
  [field: string]: unknown;
}

const DAY = 86400;

/** Every event in the feed (up to 100), newest first, schema-checked. */
async function feed(box: Sandbox, query = ''): Promise<EventBody[]> {
  const res = await box.get(`/v1/events?limit=100${query}`);
  expect(res.status).toBe(200);
  expectSchema(res.body, { list: 'Event' });
  return res.body.data as EventBody[];
}

const types = (events: EventBody[]) => events.map((event) => event.type);

/** Tokenises the 4242 test card with the publishable key, as a browser would. */
function tokenise(box: Sandbox) {
  return box.post('/v1/payment_methods', { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 }, box.keys.publishable);
}

describe('events emitted on every state change', () => {
  it('emits payment.created then payment.succeeded for a self-confirmed payment, both naming the creating request', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    const events = await feed(box);
    expect(types(events)).toEqual(['payment.succeeded', 'payment.created']);
    for (const event of events) {
      expect(event).toMatchObject({
        object: 'event',
        created: FROZEN_UNIX,
        livemode: false,
        request: { id: res.headers['request-id'], idempotency_key: null },
      });
      expect(event.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
      expect(event.api_version).toBe(res.headers['service-version']);
    }
  });

  it('keeps no superseded version for a payment the mock confirmed itself: a shared patch rebuilds the created one', async () => {
    const box = sandbox();
    const created = await box.post('/v1/payments', { amount: 2000, currency: 'usd', 'metadata[order]': '42' });
    const partition = [...box.ctx.store.partitions()][0]!;
    const event = [...partition.events.values()].find((candidate) => candidate.type === 'payment.created')!;
    expect(event.stored).toBe(partition.payments.record(created.body.id));
    expect(event.patch).toEqual({ status: 'requires_confirmation', amount_received: 0 });
    // Served byte for byte as the version it stands for (key order included), client_secret hidden.
    const served = (await feed(box)).find((candidate) => candidate.type === 'payment.created')!.data.object;
    expect(JSON.stringify(served)).toBe(JSON.stringify({ ...created.body, client_secret: null }));
  });

  it('snapshots data.object as of that moment, with client_secret null', async () => {
    const box = sandbox();
    const payment = await createPayment(box, { amount: 2000, currency: 'usd' });
    box.ctx.clock.advance('1m');
    await box.post(`/v1/payments/${payment.id}/refund`, { amount: 500 });
    const events = await feed(box);
    const snapshot = (type: string) => events.find((event) => event.type === type)?.data.object;
    expect(snapshot('payment.created')).toMatchObject({
      id: payment.id,
      status: 'requires_confirmation',
      amount_received: 0,
      amount_refunded: 0,
      client_secret: null,
    });
    expect(snapshot('payment.succeeded')).toMatchObject({
      id: payment.id,
      status: 'succeeded',
      amount_received: 2000,
      amount_refunded: 0,
      client_secret: null,
    });
    expect(snapshot('payment.refunded')).toMatchObject({ id: payment.id, status: 'succeeded', amount_refunded: 500, client_secret: null });
    expectSchema(snapshot('payment.created'), 'Payment');
    expectSchema(snapshot('payment.succeeded'), 'Payment');
    expectSchema(snapshot('payment.refunded'), 'Payment');
    expectSchema(snapshot('refund.created'), 'Refund');
  });

  it('emits customer.created, refund.created, payment.refunded and payment_method.created, each naming its own request', async () => {
    const box = sandbox();
    const customer = await box.post('/v1/customers', { email: 'ada@example.com' });
    box.ctx.clock.advance(1);
    const payment = await box.post('/v1/payments', { amount: 1000, currency: 'usd', customer: customer.body.id });
    box.ctx.clock.advance(1);
    const refund = await box.post(`/v1/payments/${payment.body.id}/refund`);
    box.ctx.clock.advance(1);
    const method = await tokenise(box);
    expect(method.status).toBe(200);
    expectSchema(method.body, 'PaymentMethod');

    const events = await feed(box);
    expect(events.map((event) => [event.type, event.request.id, event.created])).toEqual([
      ['payment_method.created', method.headers['request-id'], FROZEN_UNIX + 3],
      ['payment.refunded', refund.headers['request-id'], FROZEN_UNIX + 2],
      ['refund.created', refund.headers['request-id'], FROZEN_UNIX + 2],
      ['payment.succeeded', payment.headers['request-id'], FROZEN_UNIX + 1],
      ['payment.created', payment.headers['request-id'], FROZEN_UNIX + 1],
      ['customer.created', customer.headers['request-id'], FROZEN_UNIX],
    ]);
    expect(events[0]?.data.object).toEqual(method.body);
    expect(JSON.stringify(events[0])).not.toContain('4242424242424242');
    expect(events[2]?.data.object).toEqual(refund.body);
    expect(events[5]?.data.object).toEqual(customer.body);
  });

  it('emits payment.payment_failed for a declined self-confirmation (scenario decline)', async () => {
    const box = sandbox({ scenario: 'decline' });
    const payment = await createPayment(box);
    const events = await feed(box);
    expect(types(events)).toEqual(['payment.payment_failed', 'payment.created']);
    expect(events[0]?.data.object).toMatchObject({
      id: payment.id,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' },
    });
  });

  it('records the Idempotency-Key of the causing request', async () => {
    const box = sandbox();
    const res = await box.post('/v1/customers', { name: 'K' }).set('Idempotency-Key', 'order-42');
    const [event] = await feed(box);
    expect(event?.request).toEqual({ id: res.headers['request-id'], idempotency_key: 'order-42' });
  });

  it('emits nothing for reads or refused requests', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const before = (await feed(box)).length;
    await box.get(`/v1/payments/${payment.id}`);
    await box.get('/v1/customers');
    await box.post('/v1/payments', { amount: 0, currency: 'usd' });
    await box.post('/v1/customers', { phone: 'nope' });
    expect(await feed(box)).toHaveLength(before);
  });

  it('keeps test and live events apart', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'test' });
    await box.post('/v1/customers', { name: 'live' }, box.keys.liveSecret);
    const live = await box.get('/v1/events', box.keys.liveSecret);
    expectSchema(live.body, { list: 'Event' });
    expect(live.body.data).toHaveLength(1);
    expect(live.body.data[0]).toMatchObject({ livemode: true, data: { object: { name: 'live' } } });
    const test = await feed(box);
    expect(test.map((event) => event.data.object.name)).toEqual(['test']);
  });
});

describe('GET /v1/events filters', () => {
  /** customer.created at T; payment.created and payment.succeeded at T+10; payment_method.created at T+20; refund.created and payment.refunded at T+30. */
  async function history(box: Sandbox) {
    await box.post('/v1/customers', { name: 'c' });
    box.ctx.clock.advance(10);
    const payment = await createPayment(box);
    box.ctx.clock.advance(10);
    await tokenise(box);
    box.ctx.clock.advance(10);
    await box.post(`/v1/payments/${payment.id}/refund`);
    return payment;
  }

  it.each<[string, string, string[]]>([
    ['an exact type', 'type=payment.succeeded', ['payment.succeeded']],
    ['payment.* matches payment events but not payment_method.created', 'type=payment.*', ['payment.refunded', 'payment.succeeded', 'payment.created']],
    ['payment_method.* matches the payment method event', 'type=payment_method.*', ['payment_method.created']],
    ['an unknown type matches nothing', 'type=invoice.paid', []],
    ['created[gte] is inclusive', `created[gte]=${FROZEN_UNIX + 20}`, ['payment.refunded', 'refund.created', 'payment_method.created']],
    ['created[gt] is exclusive', `created[gt]=${FROZEN_UNIX + 20}`, ['payment.refunded', 'refund.created']],
    ['created[lte] is inclusive', `created[lte]=${FROZEN_UNIX + 10}`, ['payment.succeeded', 'payment.created', 'customer.created']],
    ['created[lt] is exclusive', `created[lt]=${FROZEN_UNIX + 10}`, ['customer.created']],
    ['created=<t> is that second only', `created=${FROZEN_UNIX + 10}`, ['payment.succeeded', 'payment.created']],
    [
      'created bounds combine',
      `created[gt]=${FROZEN_UNIX}&created[lt]=${FROZEN_UNIX + 30}`,
      ['payment_method.created', 'payment.succeeded', 'payment.created'],
    ],
    ['type and created combine', `type=payment.*&created[gte]=${FROZEN_UNIX + 30}`, ['payment.refunded']],
    ['empty bounds give an empty list', `created[gt]=${FROZEN_UNIX + 20}&created[lt]=${FROZEN_UNIX + 21}`, []],
  ])('filters by %s', async (_rule, query, expected) => {
    const box = sandbox();
    await history(box);
    expect(types(await feed(box, `&${query}`))).toEqual(expected);
  });

  it('pages a filtered list with cursors and has_more', async () => {
    const box = sandbox();
    for (let i = 0; i < 3; i++) {
      await createPayment(box);
      await box.post('/v1/customers', { name: `c${i}` });
      box.ctx.clock.advance(1);
    }
    const first = await box.get('/v1/events?type=payment.*&limit=4');
    expectSchema(first.body, { list: 'Event' });
    expect(first.body.has_more).toBe(true);
    expect(types(first.body.data)).toEqual(['payment.succeeded', 'payment.created', 'payment.succeeded', 'payment.created']);
    const last = first.body.data[3] as EventBody;
    const second = await box.get(`/v1/events?type=payment.*&limit=4&starting_after=${last.id}`);
    expectSchema(second.body, { list: 'Event' });
    expect(second.body.has_more).toBe(false);
    expect(types(second.body.data)).toEqual(['payment.succeeded', 'payment.created']);
    const back = await box.get(`/v1/events?type=payment.*&limit=4&ending_before=${(second.body.data[0] as EventBody).id}`);
    expect(back.body.data.map((event: EventBody) => event.id)).toEqual(first.body.data.map((event: EventBody) => event.id));
    expect(back.body.has_more).toBe(false);
  });

  it.each([
    ['a non-integer created', 'created=yesterday', 'parameter_invalid_integer', 'created'],
    ['a non-integer bound', 'created[gte]=soon', 'parameter_invalid_integer', 'created[gte]'],
    ['an unknown bound', 'created[after]=5', 'parameter_unknown', 'created[after]'],
    ['an empty type', 'type=', 'parameter_invalid_empty', 'type'],
    ['an unknown parameter', 'kind=payment.succeeded', 'parameter_unknown', 'kind'],
  ])('refuses %s with 400 %s', async (_rule, query, code, param) => {
    const box = sandbox();
    expectError(await box.get(`/v1/events?${query}`), 400, code, param);
  });
});

describe('GET /v1/events/{id}', () => {
  it('returns one event as it appears in the list', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'One' });
    const [listed] = await feed(box);
    const res = await box.get(`/v1/events/${listed?.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Event');
    expect(res.body).toEqual(listed);
  });

  it('answers 404 resource_missing for an unknown event or one of the other mode', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/events/evt_unknown'), 404, 'resource_missing', 'id');
    await box.post('/v1/customers', { name: 'One' });
    const [event] = await feed(box);
    expectError(await box.get(`/v1/events/${event?.id}`, box.keys.liveSecret), 404, 'resource_missing', 'id');
  });

  it('is readable by a read-only restricted key, and not by a publishable key', async () => {
    const box = sandbox();
    await createPayment(box);
    const [event] = await feed(box);
    const res = await box.get(`/v1/events/${event?.id}`, box.keys.restricted);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Event');
    expect(res.body.data.object.client_secret).toBeNull();
    expectError(await box.get(`/v1/events/${event?.id}`, box.keys.publishable), 403, 'secret_key_required');
    expectError(await box.get('/v1/events', box.keys.publishable), 403, 'secret_key_required');
  });
});

describe('the 30-day window', () => {
  it.each<[string, string | number, boolean]>([
    ['is listed a second before 30 days', 30 * DAY - 1, true],
    ['is gone at exactly 30 days', 30 * DAY, false],
    ['is gone at exactly 30 days given as a duration', '30d', false],
    ['is listed at 29 days 23 hours', '29d23h', true],
    ['is gone after 31 days', '31d', false],
  ])('an event %s', async (_rule, by, listed) => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'old' });
    const [event] = await feed(box);
    box.ctx.clock.advance(by);
    const events = await feed(box);
    expect(events.map((e) => e.id)).toEqual(listed ? [event?.id] : []);
    const one = await box.get(`/v1/events/${event?.id}`);
    if (listed) {
      expect(one.status).toBe(200);
      expectSchema(one.body, 'Event');
    } else expectError(one, 404, 'resource_missing', 'id');
  });

  it('drops old events one by one as time passes, keeping the younger ones', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'day 0' });
    box.ctx.clock.advance('10d');
    await box.post('/v1/customers', { name: 'day 10' });
    box.ctx.clock.advance('10d');
    await box.post('/v1/customers', { name: 'day 20' });
    const names = async () => (await feed(box)).map((event) => event.data.object.name);
    expect(await names()).toEqual(['day 20', 'day 10', 'day 0']);
    box.ctx.clock.advance('10d');
    expect(await names()).toEqual(['day 20', 'day 10']);
    box.ctx.clock.advance(10 * DAY - 1);
    expect(await names()).toEqual(['day 20', 'day 10']);
    box.ctx.clock.advance(1);
    expect(await names()).toEqual(['day 20']);
    // The filtered indexes forget them too.
    expect((await feed(box, '&type=customer.created')).map((event) => event.data.object.name)).toEqual(['day 20']);
    expect((await feed(box, '&type=customer.*')).map((event) => event.data.object.name)).toEqual(['day 20']);
  });

  it('refuses an expired event as a cursor with 400 resource_missing', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'old' });
    const [old] = await feed(box);
    box.ctx.clock.advance('30d');
    expectError(await box.get(`/v1/events?starting_after=${old?.id}`), 400, 'resource_missing', 'starting_after');
  });

  it('leaves the objects themselves in place when their events expire', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    box.ctx.clock.advance('45d');
    expect(await feed(box)).toEqual([]);
    const res = await box.get(`/v1/payments/${payment.id}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
  });

  it('frees expired events from memory when the clock moves, in every workspace and mode, without a request', async () => {
    const box = sandbox();
    await box.post('/v1/customers', { name: 'test' });
    await box.post('/v1/customers', { name: 'live' }, box.keys.liveSecret);
    const workspace = [...box.ctx.store.workspaces.values()][0];
    expect([workspace?.test.events.size, workspace?.live.events.size]).toEqual([1, 1]);
    box.ctx.clock.advance('30d');
    expect([workspace?.test.events.size, workspace?.live.events.size]).toEqual([0, 0]);
  });
});
