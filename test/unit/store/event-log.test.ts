import fc from 'fast-check';
import { EventFields, EventLog } from '../../../src/store/event-log';
import { IdCodec } from '../../../src/store/ids';
import { Random } from '../../../src/store/random';
import { StoredEvent } from '../../../src/store/stored-event';
import { PageQuery, Timeline } from '../../../src/store/timeline';

const newLog = () => new EventLog(new IdCodec(new Random(7)), false);

const TYPES = ['payment.created', 'payment.succeeded', 'payment.refunded', 'customer.created', 'refund.created'];

/** Events of random types at random seconds (many in the same one), added in creation order. */
const eventsArb = fc.array(fc.record({ type: fc.constantFrom(...TYPES), created: fc.integer({ min: 100, max: 110 }) }), { maxLength: 60 }).map((specs) =>
  specs.map(({ type, created }, i): EventFields => ({
    type,
    created,
    seq: i + 1,
    api_version: '2026-01-01',
    request: 'req_1',
    snapshot: {},
    patch: undefined,
  })),
);

describe('EventLog pages of a group (payment.*)', () => {
  it('are what one index of the group would give, for any cursor, bounds and limit', () => {
    fc.assert(
      fc.property(
        eventsArb,
        fc.integer({ min: 1, max: 12 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.constantFrom('startingAfter', 'endingBefore'),
        fc.option(fc.integer({ min: 99, max: 111 }), { nil: undefined }),
        fc.option(fc.integer({ min: 99, max: 111 }), { nil: undefined }),
        (fields, limit, cursorAt, cursorKind, createdMin, createdMax) => {
          const log = newLog();
          const group = new Timeline<StoredEvent>();
          const events = fields.map((one) => log.add(one));
          for (const event of events) if (event.type.startsWith('payment.')) group.insert(event);
          const cursor = cursorAt === undefined || events.length === 0 ? undefined : events[cursorAt % events.length];
          const query: PageQuery = { limit, createdMin, createdMax, ...(cursor ? { [cursorKind]: log.position(cursor.id) } : {}) };
          const ids = (page: { data: StoredEvent[]; has_more: boolean }) => ({ data: page.data.map((e) => e.id), has_more: page.has_more });
          expect(ids(log.page(query, 'payment.*'))).toEqual(ids(group.page(query)));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('drops expired events from every type index', () => {
    const log = newLog();
    const make = (type: string, created: number, seq: number): EventFields => ({
      type,
      created,
      seq,
      api_version: '2026-01-01',
      request: 'req_1',
      snapshot: {},
      patch: undefined,
    });
    const old = log.add(make('payment.created', 100, 1)).id;
    const kept = log.add(make('payment.succeeded', 200, 2)).id;
    expect(log.dropThrough(150)).toBe(1);
    expect(log.page({ limit: 10 }, 'payment.*').data.map((e) => e.id)).toEqual([kept]);
    expect(log.page({ limit: 10 }, 'payment.created').data).toEqual([]);
    expect(log.get(old)).toBeUndefined();
    expect(log.get(kept)?.type).toBe('payment.succeeded');
  });
});
