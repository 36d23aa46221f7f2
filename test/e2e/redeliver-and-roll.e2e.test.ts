import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { MockServer, startMock } from '../../src';
import { expectError } from '../helpers/schemas';
import { Received, Receiver, startReceiver } from '../helpers/receiver';

const FROZEN = '2026-01-01T00:00:00Z';
const T0 = Date.parse(FROZEN) / 1000;
const stripe = new Stripe('sk_test_unused');

let mock: MockServer;
let receivers: Receiver[] = [];

afterEach(async () => {
  await mock?.close();
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function start() {
  mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN}`, seed: 1 });
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

const secretKey = (livemode = false) => mock.keys.find((k) => k.kind === 'secret' && k.livemode === livemode && k.expires_at === null)!.key;

async function call(method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any>, headers: Object.fromEntries(res.headers) };
}

const register = async (url: string, key = secretKey()) =>
  (await call('POST', '/v1/webhook_endpoints', { url, enabled_events: ['*'] }, key)).body as { id: string; secret: string };

/** Whether each official verifier accepts a delivery with a secret. */
function verifies(delivery: Received, secret: string): { stripe: boolean; standard: boolean } {
  const attempt = (check: () => unknown) => {
    try {
      check();
      return true;
    } catch {
      return false;
    }
  };
  return {
    stripe: attempt(() => stripe.webhooks.constructEvent(delivery.body, delivery.headers['service-signature'] as string, secret)),
    standard: attempt(() => new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)),
  };
}

describe('POST /_mock/events/{id}/deliver', () => {
  it('delivers an event again after a handler is fixed: a new delivery, signed now, that succeeds', async () => {
    const r = await start();
    r.answer([500]);
    const endpoint = await register(r.url);
    const { events } = await mock.trigger('payment.payment_failed', { overrides: { amount: 5000 } });
    await mock.webhooks.flush();
    const failed = events.find((event) => event.type === 'payment.payment_failed')!;
    expect(mock.webhooks.deliveries({ event: failed.id })[0]).toMatchObject({ status: 'pending', attempts: [{ response_status: 500 }] });

    r.answer([200]);
    const res = await call('POST', `/_mock/events/${failed.id}/deliver`, { endpoint: endpoint.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'webhook_delivery',
      event: failed.id,
      endpoint: endpoint.id,
      status: 'succeeded',
      attempts: [{ n: 1, response_status: 200 }],
    });
    const delivered = r.received.at(-1)!;
    expect(JSON.parse(delivered.body)).toMatchObject({ id: failed.id, type: 'payment.payment_failed' });
    expect(delivered.headers['service-delivery']).toBe(res.body.id);
    expect(verifies(delivered, endpoint.secret)).toEqual({ stripe: true, standard: true });
    expect(mock.webhooks.deliveries({ event: failed.id })).toHaveLength(2);
  });

  it('refuses an event outside the 30-day window, an endpoint of another workspace or mode (as if it did not exist), and a disabled one', async () => {
    const r = await start();
    const endpoint = await register(r.url);
    const liveEndpoint = await register(r.url, secretKey(true));
    const other = await mock.createWorkspace({ name: 'other' });
    const foreign = await register(r.url, other.keys.secret);
    const { events } = await mock.trigger('customer.created');
    const event = events[0]!.id;

    const missing = await call('POST', `/_mock/events/${event}/deliver`, { endpoint: 'we_doesNotExist000000000000' });
    expectError(missing, 404, 'resource_missing', 'endpoint');
    for (const id of [foreign.id, liveEndpoint.id]) {
      const res = await call('POST', `/_mock/events/${event}/deliver`, { endpoint: id });
      expectError(res, 404, 'resource_missing', 'endpoint');
      expect(res.body.error.message).toBe(missing.body.error.message.replace('we_doesNotExist000000000000', id));
    }
    expectError(await call('POST', `/_mock/events/${event}/deliver`, {}), 400, 'parameter_missing', 'endpoint');
    expectError(await call('POST', `/_mock/events/${event}/deliver`, { endpoint: endpoint.id, extra: 1 }), 400, 'parameter_unknown', 'extra');
    expectError(await call('POST', '/_mock/events/evt_nope/deliver', { endpoint: endpoint.id }), 404, 'resource_missing', 'id');

    await call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { disabled: true }, secretKey());
    expectError(await call('POST', `/_mock/events/${event}/deliver`, { endpoint: endpoint.id }), 400, 'parameter_invalid', 'endpoint');
    await call('POST', `/v1/webhook_endpoints/${endpoint.id}`, { disabled: false }, secretKey());

    await mock.clock.advance('30d');
    const gone = await call('POST', `/_mock/events/${event}/deliver`, { endpoint: endpoint.id });
    expectError(gone, 404, 'resource_missing', 'id');
    expect(gone.body.error.message).toMatch(/30-day window/);
  });
});

describe('POST /v1/webhook_endpoints/{id}/rotate_secret', () => {
  it('signs every delivery with both secrets until the old one expires on the mock clock, then with the new one only', async () => {
    const r = await start();
    const endpoint = await register(r.url);
    const rolled = await call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in: '2h' }, secretKey());
    expect(rolled.status).toBe(200);
    expect(rolled.body).toMatchObject({ id: endpoint.id, object: 'webhook_endpoint', secret: expect.stringMatching(/^whsec_/) });
    expect(rolled.body.secret).not.toBe(endpoint.secret);
    // Secrets are shown by create and rotate only.
    expect((await call('GET', `/v1/webhook_endpoints/${endpoint.id}`, undefined, secretKey())).body.secret).toBeNull();

    await mock.trigger('customer.created');
    await mock.webhooks.flush();
    const during = r.received.at(-1)!;
    expect((during.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(2);
    expect((during.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifies(during, endpoint.secret)).toEqual({ stripe: true, standard: true });
    expect(verifies(during, rolled.body.secret)).toEqual({ stripe: true, standard: true });

    await mock.clock.advance('1h59m');
    await mock.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret)).toEqual({ stripe: true, standard: true });

    await mock.clock.advance('1m');
    await mock.trigger('customer.created');
    await mock.webhooks.flush();
    const after = r.received.at(-1)!;
    expect((after.headers['service-signature'] as string).match(/v1=/g)).toHaveLength(1);
    expect(verifies(after, endpoint.secret)).toEqual({ stripe: false, standard: false });
    expect(verifies(after, rolled.body.secret)).toEqual({ stripe: true, standard: true });
  });

  it('defaults to 24 hours, follows the workspace’s own clock, and survives a state export and import', async () => {
    const r = await start();
    const ws = await mock.createWorkspace({ name: 'rolling' });
    await ws.clock.advance('1h');
    const endpoint = await register(r.url, ws.keys.secret);
    const rolled = await call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, undefined, ws.keys.secret);
    expect(rolled.status).toBe(200);
    const state = await call('GET', '/_mock/state');
    const saved = (state.body.workspaces as Array<{ id: string; webhook_endpoints?: Array<Record<string, any>> }>).find((w) => w.id === ws.id)!;
    expect(saved.webhook_endpoints![0]!.previous_secret).toEqual({ secret: endpoint.secret, expires_at: T0 + 3600 + 86400 });
    expect((await call('PUT', '/_mock/state', state.body)).status).toBe(200);

    await ws.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret).stripe).toBe(true);
    // The server clock moving does not end the roll: the workspace's own clock does.
    await mock.clock.advance('2d');
    await ws.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret).stripe).toBe(true);
    await ws.clock.advance('24h');
    await ws.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret)).toEqual({ stripe: false, standard: false });
    expect(verifies(r.received.at(-1)!, rolled.body.secret)).toEqual({ stripe: true, standard: true });
  });

  it.each([
    ['longer than 7 days', '8d', /at most 7 days/],
    ['negative', '-1h', /cannot be negative/],
    ['not a duration', 'tomorrow', /is not a duration/],
    ['empty', '', /.+/],
  ])('refuses an expires_in %s with 400 naming expires_in, and keeps the secret', async (_case, expires_in, message) => {
    const r = await start();
    const endpoint = await register(r.url);
    const res = await call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in }, secretKey());
    expectError(res, 400, expires_in === '' ? 'parameter_invalid_empty' : 'parameter_invalid', 'expires_in');
    expect(res.body.error.message).toMatch(message);
    await mock.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret).stripe).toBe(true);
  });

  it('refuses an endpoint of another workspace or mode with 404, and publishable keys with 403', async () => {
    const r = await start();
    const other = await mock.createWorkspace();
    const foreign = await register(r.url, other.keys.secret);
    expectError(await call('POST', `/v1/webhook_endpoints/${foreign.id}/rotate_secret`, {}, secretKey()), 404, 'resource_missing', 'id');
    expectError(await call('POST', `/v1/webhook_endpoints/${foreign.id}/rotate_secret`, {}, other.keys.liveSecret), 404, 'resource_missing', 'id');
    expectError(await call('POST', `/v1/webhook_endpoints/${foreign.id}/rotate_secret`, {}, other.keys.publishable), 403, 'secret_key_required');
  });

  it('a state file without previous_secret (an older one) still loads, and "now" ends the old secret at once', async () => {
    const r = await start();
    const endpoint = await register(r.url);
    const state = await call('GET', '/_mock/state');
    expect(JSON.stringify(state.body)).not.toContain('previous_secret');
    expect((await call('PUT', '/_mock/state', state.body)).status).toBe(200);
    const rolled = await call('POST', `/v1/webhook_endpoints/${endpoint.id}/rotate_secret`, { expires_in: 'now' }, secretKey());
    await mock.trigger('customer.created');
    await mock.webhooks.flush();
    expect(verifies(r.received.at(-1)!, endpoint.secret).stripe).toBe(false);
    expect(verifies(r.received.at(-1)!, rolled.body.secret).stripe).toBe(true);
  });
});
