import { DeliveryLog } from '../../../src/store/delivery-log';
import { StoredDelivery } from '../../../src/store/deliveries';
import { StoredEvent } from '../../../src/store/event-log';

let seq = 0;
const delivery = (id: string, created: number, status: StoredDelivery['status'] = 'pending'): StoredDelivery => ({
  id,
  endpoint: 'we_1',
  url: 'http://127.0.0.1:1/',
  event: { id: `evt_${id}` } as StoredEvent,
  status,
  attempts: [],
  nextDueMs: null,
  created,
  seq: ++seq,
});

describe('DeliveryLog', () => {
  it('pages newest first by created, then creation order, whatever order they were added in', () => {
    const log = new DeliveryLog();
    for (const [id, created] of [
      ['a', 10],
      ['b', 30],
      ['c', 20],
      ['d', 30],
    ] as const)
      log.set(id, delivery(id, created));
    expect(log.newest(10).map((d) => d.id)).toEqual(['d', 'b', 'c', 'a']);
    expect(log.newest(2).map((d) => d.id)).toEqual(['d', 'b']);
    // The Map itself keeps insertion order (state files write deliveries in it).
    expect([...log.keys()]).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters while it walks, and stops at the first matches', () => {
    const log = new DeliveryLog();
    log.set('a', delivery('a', 1, 'failed'));
    log.set('b', delivery('b', 2, 'succeeded'));
    log.set('c', delivery('c', 3, 'failed'));
    expect(log.newest(1, (d) => d.status === 'failed').map((d) => d.id)).toEqual(['c']);
    expect(log.newest(5, (d) => d.status === 'failed').map((d) => d.id)).toEqual(['c', 'a']);
  });

  it('forgets what it deletes, and drops the oldest in one cut', () => {
    const log = new DeliveryLog();
    for (let i = 0; i < 5; i++) log.set(`d${i}`, delivery(`d${i}`, i));
    log.delete('d4');
    log.dropThrough(1);
    expect(log.newest(10).map((d) => d.id)).toEqual(['d3', 'd2']);
    expect([...log.keys()]).toEqual(['d2', 'd3']);
    expect(log.size).toBe(2);
  });

  it('finds the newest page of 200,000 deliveries without looking at all of them', () => {
    const log = new DeliveryLog();
    for (let i = 0; i < 200_000; i++) log.set(`d${i}`, delivery(`d${i}`, 1000 + Math.floor(i / 10)));
    let best = Infinity;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      expect(log.newest(1)[0]?.id).toBe('d199999');
      best = Math.min(best, performance.now() - started);
    }
    // A sort of 200,000 takes tens of ms; a page of one, microseconds (the bound leaves room for a busy machine).
    expect(best).toBeLessThan(5);
  });
});
