import Ajv2020 from 'ajv/dist/2020';
import { EVENT_TYPES } from '../../src/domain/events';
import { openApiDocument } from '../../src/openapi/build-openapi';
import { ADMIN_ROUTES } from '../../src/routes/admin';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';
import { startMock } from '../../src';

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: (openApiDocument() as { components: unknown }).components });
function expectDocumented(method: string, path: string, body: unknown): void {
  const route = ADMIN_ROUTES.find((candidate) => candidate.method === method && candidate.path === path);
  const validate = ajv.compile(JSON.parse(JSON.stringify(route?.response).replace(/"#\/components/g, '"doc#/components')));
  if (!validate(body)) throw new Error(`${method} ${path}: ${ajv.errorsText(validate.errors)}`);
}

type Answer = { objects: Array<Record<string, any>>; events: Array<{ id: string; type: string; workspace: string }>; workspace: string; livemode: boolean };

describe('POST /_mock/trigger', () => {
  it.each(EVENT_TYPES.map((type) => [type]))(
    'makes %s happen with real requests: the event is in the feed and the journal holds the requests',
    async (type) => {
      const box = sandbox();
      const res = await box.admin('post', '/_mock/trigger', { event: type });
      expect(res.status).toBe(200);
      expectDocumented('POST', '/_mock/trigger', res.body);
      const answer = res.body as Answer;
      expect(answer.events.map((event) => event.type)).toContain(type);
      expect(answer.objects.length).toBeGreaterThan(0);
      const journal = await box.admin('get', '/_mock/requests');
      expect(journal.body.data.map((entry: { id: string }) => entry.id).reverse()).toEqual(
        res.body.steps.map((step: { request_id: string }) => step.request_id),
      );
      // The events are the API's own: GET /v1/events returns them to the workspace's secret key.
      const feed = await box.get(`/v1/events?type=${type}`);
      expect(feed.body.data.map((event: { id: string }) => event.id)).toEqual(answer.events.filter((e) => e.type === type).map((e) => e.id));
    },
  );

  it('sets parameters of the main request with overrides, bracket form included', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/trigger', {
      event: 'payment.payment_failed',
      overrides: { amount: 5000, currency: 'EUR', 'metadata[order]': '42' },
    });
    expect(res.status).toBe(200);
    const [payment] = (res.body as Answer).objects;
    expect(payment).toMatchObject({ object: 'payment', amount: 5000, currency: 'eur', status: 'requires_payment_method', metadata: { order: '42' } });
    expect(payment!.last_payment_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    expect((res.body as Answer).events.map((event) => event.type)).toEqual(['payment.created', 'payment_method.created', 'payment.payment_failed']);
  });

  it('takes nested overrides as a JSON body nests them, also beside the bracket form', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/trigger', {
      event: 'payment.succeeded',
      overrides: { amount: 5000, currency: 'eur', metadata: { order: '42', note: 'gift' }, 'metadata[note]': 'gift', 'metadata[cart]': 7 },
    });
    expect(res.status).toBe(200);
    expect((res.body as Answer).objects[0]).toMatchObject({
      object: 'payment',
      amount: 5000,
      currency: 'eur',
      metadata: { order: '42', note: 'gift', cart: '7' },
    });
  });

  it('refuses the same parameter given nested and by its bracket name with different values, naming both', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/trigger', { event: 'payment.succeeded', overrides: { metadata: { order: '42' }, 'metadata[order]': '43' } });
    expectError(res, 400, 'parameter_invalid', 'overrides[metadata[order]]');
    expect(res.body.error.message).toBe(
      'Invalid overrides: metadata[order] is given twice with different values, by "metadata" ("42") and by "metadata[order]" ("43"). Give it once, nested or by its bracket name.',
    );
    expect((await box.get('/v1/payments')).body.data).toEqual([]);
  });

  it('mock.trigger() and a workspace handle take nested overrides the same way', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none' });
    try {
      const made = await mock.trigger('payment.succeeded', { overrides: { amount: 4200, metadata: { order: '42' }, 'metadata[order]': '42' } });
      expect(made.objects[0]).toMatchObject({ object: 'payment', amount: 4200, metadata: { order: '42' } });
      const ws = await mock.createWorkspace({ name: 'nested' });
      const inWs = await ws.trigger('payment.created', { overrides: { metadata: { tier: 'gold' } } });
      expect(inWs.objects[0]).toMatchObject({ object: 'payment', metadata: { tier: 'gold' } });
      await expect(mock.trigger('payment.created', { overrides: { 'metadata[tier]': 'gold', metadata: { tier: 'silver' } } })).rejects.toMatchObject({
        code: 'parameter_invalid',
        message: expect.stringContaining('by "metadata[tier]" ("gold") and by "metadata" ("silver")'),
      });
    } finally {
      await mock.close();
    }
  });

  it('works the same whatever scenario the workspace is in (each request names the scenario it needs)', async () => {
    const box = sandbox({ scenario: 'decline' });
    const res = await box.admin('post', '/_mock/trigger', { event: 'payment.succeeded' });
    expect(res.status).toBe(200);
    expect((res.body as Answer).objects[0]).toMatchObject({ status: 'succeeded' });
  });

  it('acts in the workspace and mode it is given', async () => {
    const box = sandbox();
    const made = await box.admin('post', '/_mock/workspaces', { name: 'other' });
    const res = await box.admin('post', '/_mock/trigger', { event: 'customer.created', workspace: made.body.workspace, livemode: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspace: made.body.workspace, livemode: true, objects: [{ object: 'customer', livemode: true }] });
    expect((await box.get('/v1/customers')).body.data).toEqual([]);
  });

  it.each([
    ['an unknown parameter', { amout: 5000 }, 400, 'parameter_unknown', 'amout'],
    ['an amount out of bounds', { amount: 0 }, 400, 'amount_too_small', 'amount'],
    ['a non-integer amount', { amount: '12.5' }, 400, 'parameter_invalid_integer', 'amount'],
    ['a bad currency', { currency: 'dollars' }, 400, 'parameter_invalid', 'currency'],
    ['a customer that does not exist', { customer: 'cus_nope' }, 400, 'resource_missing', 'customer'],
  ])('refuses %s with the API’s own error naming the parameter', async (_case, overrides, status, code, param) => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/trigger', { event: 'payment.payment_failed', overrides });
    expectError(res, status, code, param);
    expect(res.body.error.message).toMatch(/^Trigger payment\.payment_failed: POST \/v1\/payments was refused: /);
    expect((await box.get('/v1/payments')).body.data).toEqual([]);
  });

  it.each([
    ['an unknown event type, listing the known ones', { event: 'payment.exploded' }, 400, 'parameter_invalid', 'event'],
    ['a missing event type', {}, 400, 'parameter_missing', 'event'],
    ['an event type that is not a string', { event: 42 }, 400, 'parameter_invalid', 'event'],
    ['overrides that are not an object', { event: 'customer.created', overrides: ['amount=1'] }, 400, 'parameter_invalid', 'overrides'],
    [
      'an override value nested too deep',
      { event: 'customer.created', overrides: { metadata: { a: { b: { c: { d: { e: { f: 'g' } } } } } } } },
      400,
      'parameter_invalid',
      'overrides[metadata]',
    ],
    ['an unknown field', { event: 'customer.created', overide: {} }, 400, 'parameter_unknown', 'overide'],
    ['a workspace that does not exist', { event: 'customer.created', workspace: 'ws_nope' }, 400, 'resource_missing', 'workspace'],
    ['a livemode that is not a boolean', { event: 'customer.created', livemode: 'yes' }, 400, 'parameter_invalid', 'livemode'],
  ])('refuses %s', async (_case, body, status, code, param) => {
    const res = await sandbox().admin('post', '/_mock/trigger', body);
    expectError(res, status, code, param);
  });

  it('names every event type it knows when it meets an unknown one', async () => {
    const res = await sandbox().admin('post', '/_mock/trigger', { event: 'payment.exploded' });
    for (const type of EVENT_TYPES) expect(res.body.error.message).toContain(type);
    const types = (await sandbox().admin('get', '/_mock/events')).body.types as string[];
    expect([...types].sort()).toEqual([...EVENT_TYPES].sort());
  });
});
