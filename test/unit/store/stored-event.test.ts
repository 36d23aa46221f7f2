import { patchBetween } from '../../../src/store/snapshot-patch';
import { IdCodec } from '../../../src/store/ids';
import { Random } from '../../../src/store/random';
import { EventKinds, snapshotOf, StoredEvent } from '../../../src/store/stored-event';

const created = { id: 'pay_1', object: 'payment', status: 'requires_confirmation', amount_received: 0 };
const succeeded = { id: 'pay_1', object: 'payment', status: 'succeeded', amount_received: 2000 };
let seq = 0;
const ids = new IdCodec(new Random(3));
const kinds = new EventKinds(ids, false);
const event = (type: string, snapshot: object, api_version = '2026-01-01') =>
  new StoredEvent({ type, created: 1767225600, seq: ++seq, api_version, request: 'req_1', snapshot, patch: undefined }, kinds);
const kindOf = (e: StoredEvent) => (e as unknown as { kind: object }).kind;
/** The kind of an event of `type` made right after one of another type (so not the kind found last, found again). */
const sameTypeAfterAnother = (type: string) => {
  event('customer.created', created);
  return kindOf(event(type, succeeded));
};

describe('StoredEvent', () => {
  it('reads as the fields it was made with', () => {
    const e = event('payment.created', created);
    expect({ id: e.id, type: e.type, livemode: e.livemode, api_version: e.api_version, patch: e.patch, snapshot: e.stored }).toEqual({
      id: ids.make('evt', e.seq),
      type: 'payment.created',
      livemode: false,
      api_version: '2026-01-01',
      patch: undefined,
      snapshot: created,
    });
  });

  it('shares one kind between events of the same type, mode and version, and not across them', () => {
    expect(kindOf(event('payment.created', created))).toBe(sameTypeAfterAnother('payment.created'));
    expect(kindOf(event('payment.created', created))).not.toBe(kindOf(event('payment.succeeded', created)));
    expect(kindOf(event('payment.created', created))).not.toBe(kindOf(event('payment.created', created, '2025-06-01')));
  });

  it('superseded, points at the newer version and still gives its own snapshot, type and version', () => {
    const e = event('payment.created', created);
    e.supersede(succeeded, patchBetween(created, succeeded)!);
    expect(e.stored).toBe(succeeded);
    expect(snapshotOf(e)).toEqual(created);
    expect(Object.keys(snapshotOf(e))).toEqual(Object.keys(created));
    expect([e.type, e.api_version, e.livemode]).toEqual(['payment.created', '2026-01-01', false]);
  });

  it('in another version is a new event with everything else the same; the stored one is unchanged', () => {
    const e = event('payment.created', created);
    e.supersede(succeeded, patchBetween(created, succeeded)!);
    const pinned = e.inVersion('2025-06-01');
    expect(pinned).not.toBe(e);
    expect({ ...snapshotOf(pinned) }).toEqual(created);
    expect([pinned.id, pinned.seq, pinned.request, pinned.type, pinned.api_version]).toEqual([e.id, e.seq, 'req_1', 'payment.created', '2025-06-01']);
    expect(e.api_version).toBe('2026-01-01');
  });

  it('keeps a bounded number of kinds for sharing: past it, events of made-up types get kinds of their own', () => {
    for (let i = 0; i < 1100; i++) expect(event(`made.up${i}`, created).type).toBe(`made.up${i}`);
    const first = event('past.bound', created);
    event('something.else', created);
    const second = event('past.bound', created);
    expect([first.type, second.type]).toEqual(['past.bound', 'past.bound']);
    expect(kindOf(first)).not.toBe(kindOf(second));
    // Kinds made before the bound are still shared.
    expect(kindOf(event('payment.created', created))).toBe(sameTypeAfterAnother('payment.created'));
  });
});
