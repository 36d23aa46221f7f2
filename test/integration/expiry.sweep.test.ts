import { handleRequest } from '../../src/http/handle-request';
import { createContext } from '../../src/app/create-context';

const DAY_MS = 86_400_000;

describe('expired events and idempotency records are freed as time passes', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z'), doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('under a real clock, without any request touching the workspace, within one sweep interval', async () => {
    const ctx = createContext({ fixtures: 'none', clock: 'real', seed: 1, sweepIntervalMs: 1000 });
    const key = [...ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode)!.key;
    const res = await handleRequest(ctx, {
      method: 'POST',
      url: '/v1/customers',
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'k1' },
      body: Buffer.alloc(0),
    });
    expect(res.status).toBe(200);
    const partition = [...ctx.store.partitions()][0]!;
    expect(partition.events.size).toBe(1);
    expect(partition.idempotency.size).toBe(1);

    jest.setSystemTime(Date.now() + 2 * DAY_MS);
    jest.advanceTimersByTime(1000);
    // 2 days on: the idempotency record (24 h) is gone, the event (30 days) stays.
    expect(partition.idempotency.size).toBe(0);
    expect(partition.events.size).toBe(1);

    jest.setSystemTime(Date.now() + 29 * DAY_MS);
    jest.advanceTimersByTime(1000);
    expect(partition.events.size).toBe(0);
  });

  it('is only the freeing of memory: every reader ends the 30-day window exactly, before any sweep has run', async () => {
    const ctx = createContext({ fixtures: 'none', clock: 'real', seed: 1, sweepIntervalMs: DAY_MS });
    const key = [...ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode)!.key;
    const call = async (method: string, url: string, body = '') => {
      const res = await handleRequest(ctx, {
        method,
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(body),
      });
      return { status: res.status, body: JSON.parse(res.body) };
    };
    const payment = (await call('POST', '/v1/payments', 'amount=500&currency=usd')).body;
    const endpoint = (await call('POST', '/v1/webhook_endpoints', 'url=https://example.com/hook&enabled_events[]=*')).body;
    const event = (await call('GET', '/v1/events?limit=1')).body.data[0];
    const history = async () => (await call('GET', `/_mock/objects/${payment.id}`)).body.events.map((e: { id: string }) => e.id);
    expect(await history()).toContain(event.id);

    jest.setSystemTime(Date.now() + 30 * DAY_MS);
    // Still held in memory (no sweep has run), and already out of every view.
    const partition = [...ctx.store.partitions()][0]!;
    expect(partition.events.get(event.id)).toBeDefined();
    expect((await call('GET', '/_mock/events')).body.data).toEqual([]);
    expect((await call('GET', `/_mock/objects/${event.id}`)).status).toBe(404);
    expect(await history()).toEqual([]);
    expect((await call('GET', `/v1/events/${event.id}`)).status).toBe(404);
    expect((await call('POST', `/_mock/events/${event.id}/deliver`, `endpoint=${endpoint.id}`)).status).toBe(404);
    ctx.close();
  });
});
