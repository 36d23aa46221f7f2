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
});
