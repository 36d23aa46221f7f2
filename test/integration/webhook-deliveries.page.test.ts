import { createContext } from '../../src/app/create-context';
import { StoredEvent } from '../../src/store/event-log';

describe('GET /_mock/webhooks/deliveries?limit=1 (mock.webhooks.deliveries)', () => {
  it('answers the newest delivery of 200,000 without sorting them all: best of 5 under 5 ms', () => {
    const ctx = createContext({ fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
    const partition = [...ctx.store.workspaces.values()][0]!.test;
    const created = ctx.clock.now() - 3600;
    for (let i = 0; i < 200_000; i++) {
      const id = `whd_${i}`;
      const event = { id: `evt_${i}`, type: 'customer.created' } as StoredEvent;
      partition.webhookDeliveries.set(id, {
        id,
        endpoint: 'we_1',
        url: 'http://127.0.0.1:9/',
        event,
        status: 'failed',
        attempts: [],
        nextDueMs: null,
        created: created + Math.floor(i / 100),
        seq: ctx.store.nextSeq(),
      });
    }
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const [newest] = ctx.webhooks.list({ limit: 1 });
      best = Math.min(best, performance.now() - started);
      expect(newest?.id).toBe('whd_199999');
    }
    expect(ctx.webhooks.list({ limit: 3, status: 'failed' }).map((d) => d.id)).toEqual(['whd_199999', 'whd_199998', 'whd_199997']);
    ctx.close();
    // Sorting 200,000 deliveries takes 100 ms or more; a page of one walks one.
    expect(best).toBeLessThan(5);
  });
});
