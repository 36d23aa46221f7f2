import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { MockServer, startMock } from '../../src';
import { startReceiver, Receiver } from '../helpers/receiver';

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

async function start(options: Parameters<typeof startMock>[0] = {}) {
  mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN}`, seed: 1, ...options });
  return mock;
}

async function receiver(answers?: Parameters<typeof startReceiver>[0]) {
  const r = await startReceiver(answers);
  receivers.push(r);
  return r;
}

function secretKey(livemode = false): string {
  return mock.keys.find((k) => k.kind === 'secret' && k.livemode === livemode)!.key;
}

async function api(method: string, path: string, body?: Record<string, unknown>) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${secretKey()}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function register(url: string, enabled_events = ['payment.succeeded'], extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/v1/webhook_endpoints', { url, enabled_events, ...extra });
  expect(res.status).toBe(200);
  return res.body as { id: string; secret: string };
}

const pay = () => api('POST', '/v1/payments', { amount: 2000, currency: 'usd' });

describe('webhook deliveries to a real receiver', () => {
  it('signs each delivery so that stripe.webhooks.constructEvent and standardwebhooks both verify it unchanged', async () => {
    await start();
    const r = await receiver();
    const endpoint = await register(r.url);
    const payment = (await pay()).body;
    await mock.webhooks.flush();
    expect(r.received).toHaveLength(1);
    const [delivery] = r.received;
    const raw = delivery!.body;
    const viaStripe = stripe.webhooks.constructEvent(raw, delivery!.headers['service-signature'] as string, endpoint.secret);
    const viaStandard = new Webhook(endpoint.secret).verify(raw, delivery!.headers as Record<string, string>) as { id: string; type: string };
    expect(viaStripe.type).toBe('payment.succeeded');
    expect(viaStandard.type).toBe('payment.succeeded');
    expect((viaStripe.data.object as unknown as { id: string }).id).toBe(payment.id);
    // A tampered body fails both.
    expect(() => stripe.webhooks.constructEvent(raw.replace('2000', '2001'), delivery!.headers['service-signature'] as string, endpoint.secret)).toThrow();
    expect(() => new Webhook(endpoint.secret).verify(raw.replace('2000', '2001'), delivery!.headers as Record<string, string>)).toThrow();
  });

  it('sends exactly what GET /v1/events/{id} returns, with the documented headers', async () => {
    await start();
    const r = await receiver();
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    const [delivery] = r.received;
    const event = JSON.parse(delivery!.body) as { id: string };
    const served = await fetch(`${mock.url}/v1/events/${event.id}`, { headers: { Authorization: `Bearer ${secretKey()}` } });
    expect(delivery!.body).toBe(await served.text());
    expect(delivery!.method).toBe('POST');
    expect(delivery!.path).toBe('/webhooks');
    const headers = delivery!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['user-agent']).toMatch(/^payments-mock\/\d+\.\d+\.\d+/);
    expect(headers['webhook-id']).toBe(event.id);
    expect(headers['service-delivery']).toMatch(/^whd_[0-9A-Za-z]{24}$/);
    expect(headers['service-delivery-attempt']).toBe('1');
    expect(headers['service-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('signs with the real time of the attempt, so verification works under a clock frozen far away', async () => {
    await start({ clock: 'frozen@2099-06-01T00:00:00Z' });
    const r = await receiver();
    const endpoint = await register(r.url);
    await pay();
    await mock.webhooks.flush();
    const [delivery] = r.received;
    const timestamp = Number(delivery!.headers['webhook-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect((JSON.parse(delivery!.body) as { created: number }).created).toBe(Date.parse('2099-06-01T00:00:00Z') / 1000);
    expect(stripe.webhooks.constructEvent(delivery!.body, delivery!.headers['service-signature'] as string, endpoint.secret).type).toBe('payment.succeeded');
  });

  it('never makes the API response wait for a delivery', async () => {
    await start();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const r = await receiver([(_req, res) => void held.then(() => res.end('late'))]);
    await register(r.url);
    const res = await pay();
    expect(res.status).toBe(200);
    // The receiver is still holding the attempt; the API keeps answering.
    expect((await api('GET', `/v1/payments/${res.body.id}`)).status).toBe(200);
    release();
    await mock.webhooks.flush();
    expect(mock.webhooks.deliveries()[0]!.status).toBe('succeeded');
  });
});

describe('the retry schedule on the mock clock', () => {
  it('fails twice, then advancing 6m makes the third attempt, which succeeds (the README example)', async () => {
    await start();
    const r = await receiver([500, 500, 200]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    await mock.clock.advance('6m');
    expect(r.received.map((x) => x.headers['service-delivery-attempt'])).toEqual(['1', '2', '3']);
    const [delivery] = mock.webhooks.deliveries();
    expect(delivery!.status).toBe('succeeded');
    expect(delivery!.attempts.map((a) => [a.n, a.at - T0, a.response_status])).toEqual([
      [1, 0, 500],
      [2, 5, 500],
      [3, 305, 200],
    ]);
  });

  it('makes 8 attempts in all at 0, +5s, +5m, +30m, +2h, +5h, +10h, +10h, then fails; one clock move runs them all', async () => {
    await start();
    const r = await receiver([503]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    let [delivery] = mock.webhooks.deliveries();
    expect(delivery!.status).toBe('pending');
    expect(delivery!.next_attempt_at).toBe(T0 + 5);
    const clock = await mock.clock.advance('2d');
    expect(clock.now).toBe(T0 + 2 * 86400);
    [delivery] = mock.webhooks.deliveries();
    const offsets = [
      0,
      5,
      5 + 300,
      5 + 300 + 1800,
      5 + 300 + 1800 + 7200,
      5 + 300 + 1800 + 7200 + 18000,
      5 + 300 + 1800 + 7200 + 18000 + 36000,
      5 + 300 + 1800 + 7200 + 18000 + 72000,
    ];
    expect(delivery!.attempts.map((a) => a.at - T0)).toEqual(offsets);
    expect(delivery!.attempts.map((a) => a.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.next_attempt_at).toBeNull();
    expect(r.received).toHaveLength(8);
  });

  it('steps through the schedule one clock move at a time, with next_attempt_at telling when', async () => {
    await start();
    const r = await receiver([500]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    const expected = [5, 300, 1800, 7200, 18000, 36000, 36000];
    for (const [i, delay] of expected.entries()) {
      const before = mock.webhooks.deliveries()[0]!;
      const due = before.next_attempt_at as number;
      expect(due - before.attempts[i]!.at).toBe(delay);
      // One second short: nothing happens.
      await mock.clock.advance(due - mock.clock.now() - 1);
      expect(r.received).toHaveLength(i + 1);
      await mock.clock.advance(1);
      expect(r.received).toHaveLength(i + 2);
    }
    expect(mock.webhooks.deliveries()[0]!.status).toBe('failed');
  });

  it('POST /_mock/clock/advance and PUT /_mock/clock run the due attempts before they answer, and a receiver calling back sees the due time', async () => {
    await start();
    const seen: number[] = [];
    const r = await receiver([
      500,
      (_req, res) => {
        void fetch(`${mock.url}/_mock/clock`)
          .then((x) => x.json() as Promise<{ now: number }>)
          .then((clock) => {
            seen.push(clock.now);
            res.statusCode = 500;
            res.end();
          });
      },
      200,
    ]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    const moved = await admin('POST', '/_mock/clock/advance', { by: '1m' });
    expect(moved.status).toBe(200);
    expect(r.received).toHaveLength(2);
    expect(seen).toEqual([T0 + 5]);
    const set = await admin('PUT', '/_mock/clock', { mode: 'frozen', now: T0 + 3600 });
    expect(set.body.now).toBe(T0 + 3600);
    expect(r.received).toHaveLength(3);
    expect(mock.webhooks.deliveries()[0]!.status).toBe('succeeded');
  });

  it('retries on a real clock with a timer', async () => {
    await start({ clock: 'real' });
    const r = await receiver([500, 200]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    expect(r.received).toHaveLength(1);
    // The retry is due 5 s later; rather than wait, move the clock 4.99 s: the timer fires at the due time.
    await mock.clock.advance(4);
    const done = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (r.received.length === 2) {
          clearInterval(check);
          resolve();
        }
      }, 10);
    });
    await done;
    await mock.webhooks.flush();
    expect(mock.webhooks.deliveries()[0]!.status).toBe('succeeded');
  });
});

describe('order', () => {
  it('a healthy receiver sees 100 fast creates in the order the events were created', async () => {
    await start();
    const r = await receiver();
    await register(r.url, ['payment.created']);
    await Promise.all(Array.from({ length: 100 }, () => pay()));
    await mock.webhooks.flush();
    const feed: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await api('GET', `/v1/events?type=payment.created&limit=100${after ? `&starting_after=${after}` : ''}`);
      feed.push(...page.body.data.map((e: { id: string }) => e.id));
      if (!page.body.has_more) break;
      after = feed[feed.length - 1];
    }
    expect(r.events().map((e) => e.id)).toEqual(feed.reverse());
    expect(r.received).toHaveLength(100);
  });

  it('keeps one attempt in flight per endpoint: a failed event is retried in its place in due order', async () => {
    await start();
    let inFlight = 0;
    let most = 0;
    const r = await receiver([
      (_req, res) => {
        inFlight++;
        most = Math.max(most, inFlight);
        setImmediate(() => {
          inFlight--;
          res.end('ok');
        });
      },
    ]);
    await register(r.url, ['*']);
    await Promise.all(Array.from({ length: 20 }, () => pay()));
    await mock.webhooks.flush();
    expect(most).toBe(1);
    expect(r.received).toHaveLength(40);
  });
});

// Both transports follow the same rules: node:http (the CLI's) and fetch (createFetchHandler's and MSW's).
describe.each(['node', 'fetch'] as const)('hostile and broken receivers are failed attempts, never a stall or a crash (%s transport)', (webhookTransport) => {
  async function attemptAgainst(url: string, timeoutMs = 10_000) {
    await start({ webhookTimeoutMs: timeoutMs, webhookTransport });
    await register(url);
    await pay();
    await mock.webhooks.flush({ timeoutMs: 5000 });
    return mock.webhooks.deliveries()[0]!;
  }

  async function rawServer(onConnection: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
    const server = createServer();
    server.on('connection', onConnection);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receivers.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) } as Receiver);
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server };
  }

  it('a receiver that never answers times out (the limit is 10 s; shortened here)', async () => {
    const r = await receiver([() => undefined]);
    const delivery = await attemptAgainst(r.url, 200);
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: 'timeout' });
    expect(delivery.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(190);
    expect(delivery.status).toBe('pending');
  });

  it('a huge answer is read up to 64 KiB; the log keeps its first 1 KiB', async () => {
    const r = await receiver([
      (_req, res) => {
        res.writeHead(200);
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = (): void => {
          while (sent < 200 && res.write(chunk)) sent++;
          if (sent < 200) res.once('drain', more);
          else res.end();
        };
        more();
        res.on('error', () => undefined);
      },
    ]);
    const delivery = await attemptAgainst(r.url);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts[0]!.response_body).toHaveLength(1024);
  });

  it('a redirect (even a loop) is not followed: a failed attempt with error "redirect"', async () => {
    const r = await receiver([{ status: 302, headers: { Location: '/webhooks' } }]);
    const delivery = await attemptAgainst(r.url);
    expect(delivery.attempts[0]).toMatchObject({ response_status: 302, error: 'redirect' });
    expect(r.received).toHaveLength(1);
    expect(delivery.status).toBe('pending');
  });

  it('garbage instead of HTTP is error "invalid_response"', async () => {
    const { url } = await rawServer((socket) => {
      socket.once('data', () => socket.end('this is not HTTP at all\r\n\r\n'));
    });
    const delivery = await attemptAgainst(url);
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: 'invalid_response' });
  });

  it('a connection cut mid-request is error "connection_reset"', async () => {
    const { url } = await rawServer((socket) => {
      socket.once('data', () => socket.destroy());
    });
    const delivery = await attemptAgainst(url);
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: 'connection_reset' });
  });

  it('nothing listening is error "connection_refused"', async () => {
    const r = await receiver();
    await r.close();
    receivers = [];
    const delivery = await attemptAgainst(r.url);
    expect(delivery.attempts[0]).toMatchObject({ response_status: null, error: 'connection_refused' });
  });

  it('a 4xx or 5xx answer is a failed attempt with its status and body', async () => {
    const r = await receiver([{ status: 400, body: '{"error":"bad signature"}' }]);
    const delivery = await attemptAgainst(r.url);
    expect(delivery.attempts[0]).toMatchObject({ response_status: 400, error: null, response_body: '{"error":"bad signature"}' });
    expect(delivery.status).toBe('pending');
  });

  it('a receiver that closes its connections after every answer still gets every delivery (stale pooled sockets are retried)', async () => {
    const r = await receiver([
      (_req, res) => {
        res.on('finish', () => res.socket?.destroy());
        res.end('ok');
      },
    ]);
    await start();
    await register(r.url, ['*']);
    for (let i = 0; i < 10; i++) await pay();
    await mock.webhooks.flush();
    expect(mock.webhooks.deliveries().map((d) => d.status)).toEqual(Array(20).fill('succeeded'));
    expect(new Set(r.events().map((e) => e.id)).size).toBe(20);
  });

  it('the server keeps answering while a receiver hangs', async () => {
    const r = await receiver([() => undefined]);
    await start({ webhookTimeoutMs: 5000 });
    await register(r.url);
    await pay();
    const started = performance.now();
    for (let i = 0; i < 5; i++) expect((await pay()).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('endpoints that change', () => {
  it('a disabled endpoint gets nothing new and its pending deliveries are canceled; enabling it again resumes new events', async () => {
    await start();
    const r = await receiver([500]);
    const endpoint = await register(r.url);
    await pay();
    await mock.webhooks.flush();
    await api('POST', `/v1/webhook_endpoints/${endpoint.id}`, { disabled: true });
    expect(mock.webhooks.deliveries()[0]!.status).toBe('canceled');
    await pay();
    await mock.clock.advance('1d');
    expect(r.received).toHaveLength(1);
    r.answer([200]);
    await api('POST', `/v1/webhook_endpoints/${endpoint.id}`, { disabled: false });
    await pay();
    await mock.webhooks.flush();
    expect(r.received).toHaveLength(2);
  });

  it('a deleted endpoint gets nothing more: its pending deliveries are canceled', async () => {
    await start();
    const r = await receiver([500]);
    const endpoint = await register(r.url);
    await pay();
    await mock.webhooks.flush();
    await api('DELETE', `/v1/webhook_endpoints/${endpoint.id}`);
    await mock.clock.advance('1d');
    expect(r.received).toHaveLength(1);
    expect(mock.webhooks.deliveries()[0]!.status).toBe('canceled');
  });

  it('only matching events are delivered: exact types, group wildcards and *', async () => {
    await start();
    const exact = await receiver();
    const group = await receiver();
    const all = await receiver();
    await register(exact.url, ['customer.created']);
    await register(group.url, ['payment.*']);
    await register(all.url, ['*']);
    await api('POST', '/v1/customers', { name: 'Ada' });
    await pay();
    await mock.webhooks.flush();
    expect(exact.events().map((e) => e.type)).toEqual(['customer.created']);
    expect(group.events().map((e) => e.type)).toEqual(['payment.created', 'payment.succeeded']);
    expect(all.events().map((e) => e.type)).toEqual(['customer.created', 'payment.created', 'payment.succeeded']);
  });

  it('an endpoint pinned to 2024-09-30 gets customer.created without phone, and the event names that version', async () => {
    await start();
    const pinned = await receiver();
    const latest = await receiver();
    await register(pinned.url, ['customer.created'], { api_version: '2024-09-30' });
    await register(latest.url, ['customer.created']);
    await api('POST', '/v1/customers', { name: 'Ada', phone: '+4915112345678' });
    await mock.webhooks.flush();
    const [old] = pinned.events();
    const [current] = latest.events();
    expect(old!.data.object).not.toHaveProperty('phone');
    expect((old as unknown as { api_version: string }).api_version).toBe('2024-09-30');
    expect(current!.data.object.phone).toBe('+4915112345678');
  });
});

describe('the delivery log and its controls', () => {
  it('GET /_mock/webhooks/deliveries lists with every attempt, newest first, and filters', async () => {
    await start();
    const r = await receiver([500]);
    const endpoint = await register(r.url, ['*']);
    await pay();
    await mock.webhooks.flush();
    const all = await admin('GET', '/_mock/webhooks/deliveries');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { event_type: string }) => d.event_type)).toEqual(['payment.succeeded', 'payment.created']);
    const first = all.body.data[0];
    expect(first).toMatchObject({
      object: 'webhook_delivery',
      livemode: false,
      endpoint: endpoint.id,
      url: r.url,
      status: 'pending',
      next_attempt_at: T0 + 5,
      created: T0,
    });
    expect(first.attempts).toEqual([{ n: 1, at: T0, duration_ms: expect.any(Number), response_status: 500, error: null, response_body: 'no' }]);
    const byEvent = await admin(
      'GET',
      `/_mock/webhooks/deliveries?event=${first.event}&endpoint=${endpoint.id}&workspace=${first.workspace}&status=pending&limit=5`,
    );
    expect(byEvent.body.data.map((d: { id: string }) => d.id)).toEqual([first.id]);
    expect((await admin('GET', '/_mock/webhooks/deliveries?status=succeeded')).body.data).toEqual([]);
    expect((await admin('GET', '/_mock/webhooks/deliveries?limit=1')).body.data).toHaveLength(1);
    expect(mock.webhooks.deliveries({ event: first.event })).toEqual([first]);
  });

  it('refuses unknown filters, a bad status and a bad limit with 400', async () => {
    await start();
    const unknown = await admin('GET', '/_mock/webhooks/deliveries?stauts=failed');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'parameter_unknown', param: 'stauts' });
    expect((await admin('GET', '/_mock/webhooks/deliveries?status=done')).body.error).toMatchObject({ code: 'parameter_invalid', param: 'status' });
    expect((await admin('GET', '/_mock/webhooks/deliveries?limit=0')).body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'limit' });
  });

  it('POST /_mock/webhooks/deliveries/{id}/retry makes an attempt now, whatever the status; an unknown id is 404', async () => {
    await start();
    const r = await receiver([500]);
    await register(r.url);
    await pay();
    await mock.clock.advance('2d');
    const failed = mock.webhooks.deliveries()[0]!;
    expect(failed.status).toBe('failed');
    r.answer([200]);
    const retried = await admin('POST', `/_mock/webhooks/deliveries/${failed.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('succeeded');
    expect(retried.body.attempts).toHaveLength(9);
    expect(retried.body.attempts[8]).toMatchObject({ n: 9, response_status: 200, at: T0 + 2 * 86400 });
    expect(r.received[8]!.headers['service-delivery-attempt']).toBe('9');
    const missing = await admin('POST', '/_mock/webhooks/deliveries/whd_nope/retry');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('resource_missing');
  });

  it('POST /_mock/webhooks/flush waits for due attempts and counts; timeout_ms bounds the wait', async () => {
    await start({ webhookTimeoutMs: 3000 });
    const ok = await receiver();
    await register(ok.url);
    await pay();
    const flushed = await admin('POST', '/_mock/webhooks/flush', {});
    expect(flushed.body).toEqual({ pending: 0, succeeded: 1, failed: 0, canceled: 0, timed_out: false });
    const hanging = await receiver([() => undefined]);
    await register(hanging.url);
    await pay();
    const bounded = await admin('POST', '/_mock/webhooks/flush', { timeout_ms: 50 });
    expect(bounded.body.timed_out).toBe(true);
    const bad = await admin('POST', '/_mock/webhooks/flush', { timeout_ms: 'soon' });
    expect(bad.body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'timeout_ms' });
  });
});

describe('endpoints and deliveries across reset, state and fixtures', () => {
  it('POST /_mock/reset empties endpoints made at run time and their deliveries, and cancels what was scheduled', async () => {
    await start();
    const r = await receiver([500]);
    await register(r.url);
    await pay();
    await mock.webhooks.flush();
    expect((await admin('POST', '/_mock/reset')).status).toBe(200);
    expect(mock.webhooks.deliveries()).toEqual([]);
    expect(mock.webhooks.endpoints()).toEqual([]);
    await mock.clock.advance('1d');
    expect(r.received).toHaveLength(1);
  });

  it('fixture endpoints (with a fixed secret) deliver, and come back with the same secret after reset', async () => {
    const r = await receiver();
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    await start({
      fixtures: {
        workspaces: [
          {
            id: 'ws_shop',
            name: 'Shop',
            keys: [{ key: 'sk_test_shop_0123456789' }],
            webhook_endpoints: [
              { id: 'we_fixed', url: r.url, enabled_events: ['payment.*'], secret },
              { url: 'http://127.0.0.1:1/other', enabled_events: ['*'], livemode: true },
            ],
          },
        ],
      },
    });
    await pay();
    await mock.webhooks.flush();
    expect(r.events().map((e) => e.type)).toEqual(['payment.created', 'payment.succeeded']);
    expect(new Webhook(secret).verify(r.received[0]!.body, r.received[0]!.headers as Record<string, string>)).toBeTruthy();
    const derived = mock.webhooks.endpoints().find((e) => e.livemode)!;
    expect(derived.secret).toMatch(/^whsec_/);
    await mock.reset();
    const after = mock.webhooks.endpoints();
    expect(after.map((e) => [e.id, e.secret])).toEqual([
      ['we_fixed', secret],
      [derived.id, derived.secret],
    ]);
  });

  it('refuses fixture endpoints the API would refuse, with a JSON pointer', async () => {
    await expect(
      startMock({ port: 0, fixtures: { workspaces: [{ id: 'w', name: 'W', keys: [], webhook_endpoints: [{ url: 'ftp://x', enabled_events: ['*'] }] }] } }),
    ).rejects.toThrow(/\/workspaces\/0\/webhook_endpoints\/0\/url/);
    await expect(
      startMock({
        port: 0,
        fixtures: { workspaces: [{ id: 'w', name: 'W', keys: [], webhook_endpoints: [{ url: 'http://x', enabled_events: ['nope.nope'] }] }] },
      }),
    ).rejects.toThrow(/\/workspaces\/0\/webhook_endpoints\/0\/enabled_events/);
  });

  it('--state keeps endpoints (with secrets) and deliveries; a pending delivery resumes after the restart', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'pm-webhooks-')), 'state.json');
    const r = await receiver([500, 200]);
    await start({ state: file });
    const endpoint = await register(r.url);
    await pay();
    await mock.webhooks.flush();
    const before = mock.webhooks.deliveries();
    await mock.saveState();
    await mock.close();

    await start({ state: file });
    expect(mock.webhooks.endpoints().map((e) => [e.id, e.secret])).toEqual([[endpoint.id, endpoint.secret]]);
    expect(mock.webhooks.deliveries()).toEqual(before);
    await mock.clock.advance('5s');
    expect(r.received).toHaveLength(2);
    expect(mock.webhooks.deliveries()[0]!.status).toBe('succeeded');
  });
});

describe('no endpoint, no cost', () => {
  it('the event channel has no subscriber until an endpoint exists, and none after the last is deleted', async () => {
    await start();
    expect(mock.context.bus.event.hasSubscribers).toBe(false);
    const endpoint = await register('http://127.0.0.1:1/x');
    expect(mock.context.bus.event.hasSubscribers).toBe(true);
    await api('DELETE', `/v1/webhook_endpoints/${endpoint.id}`);
    expect(mock.context.bus.event.hasSubscribers).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  it('describes the delivery with its headers and the retry schedule, and the endpoint and admin operations', async () => {
    await start();
    const doc = (await (await fetch(`${mock.url}/openapi.json`)).json()) as {
      webhooks: Record<string, { post: { description: string; parameters: Array<{ name: string }> } }>;
    };
    const post = doc.webhooks.event!.post;
    expect(post.description).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later (8 attempts in all)');
    expect(post.parameters.map((p) => p.name)).toEqual([
      'Service-Signature',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
      'Service-Delivery',
      'Service-Delivery-Attempt',
      'User-Agent',
    ]);
    expect(Object.keys((doc as unknown as { paths: Record<string, unknown> }).paths)).toEqual(
      expect.arrayContaining(['/v1/webhook_endpoints', '/v1/webhook_endpoints/{id}', '/_mock/webhooks/deliveries', '/_mock/webhooks/flush']),
    );
  });
});

describe('workspaces', () => {
  it('deleting a workspace drops its endpoints, and with them the bus subscription', async () => {
    await start();
    const made = await admin('POST', '/_mock/workspaces', { name: 'worker 1' });
    const key = (made.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)!.key;
    const res = await fetch(`${mock.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:1/x', enabled_events: ['*'] }),
    });
    expect(res.status).toBe(200);
    expect(mock.context.bus.event.hasSubscribers).toBe(true);
    expect((await admin('DELETE', `/_mock/workspaces/${made.body.workspace}`)).status).toBe(200);
    expect(mock.webhooks.endpoints()).toEqual([]);
    expect(mock.context.bus.event.hasSubscribers).toBe(false);
  });
});

describe('--webhook and --seed', () => {
  it('registering --webhook endpoints does not shift the seeded ids of keys and objects', async () => {
    const plain = await startMock({ port: 0, fixtures: 'none', seed: 3 });
    const plainKeys = plain.keys.map((k) => k.key);
    await plain.close();
    await start({ seed: 3, webhooks: ['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b'] });
    expect(mock.keys.map((k) => k.key)).toEqual(plainKeys);
    expect(mock.webhooks.endpoints().map((e) => e.url)).toEqual(['http://127.0.0.1:1/a', 'http://127.0.0.1:1/b']);
  });
});
