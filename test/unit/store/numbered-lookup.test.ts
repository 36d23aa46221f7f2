import fc from 'fast-check';
import { Payment } from '../../../src/schemas/resources';
import { Collection } from '../../../src/store/collection';
import { EventLog } from '../../../src/store/event-log';
import { IdCodec } from '../../../src/store/ids';
import { paymentCodec, PaymentRecord } from '../../../src/store/payment-record';
import { Random } from '../../../src/store/random';

const ids = new IdCodec(new Random(5));

/** Objects added in numbered order at random seconds (some "in the past"), some with ids the key did not make. */
const additions = fc.array(fc.record({ created: fc.integer({ min: 100, max: 110 }), foreign: fc.boolean(), customer: fc.boolean() }), {
  maxLength: 40,
});

function payment(id: string, seq: number, created: number, customer: boolean): Payment {
  return {
    id,
    object: 'payment',
    amount: 100 + seq,
    amount_received: 0,
    amount_refunded: 0,
    currency: 'usd',
    status: 'requires_confirmation',
    client_secret: id.startsWith('pay_fixture') ? `${id}_secret_fixture` : ids.secret(id, seq),
    customer: customer ? 'cus_1' : null,
    description: null,
    metadata: {},
    fee: 0,
    payment_method: null,
    last_payment_error: null,
    next_action: null,
    created,
    livemode: false,
  };
}

describe('payments and events found by the number of their id', () => {
  it('a collection finds every payment by id, replaced or not, whatever order they came in', () => {
    fc.assert(
      fc.property(additions, fc.array(fc.nat(), { maxLength: 10 }), (adds, changes) => {
        const payments = new Collection<Payment, PaymentRecord>(paymentCodec(ids, false));
        const made = adds.map(({ created, foreign, customer }, i) => {
          const seq = i + 1;
          const id = foreign ? `pay_fixture${String(i).padStart(13, '0')}` : ids.make('pay', seq);
          const added = payment(id, seq, created, customer);
          payments.add(added, seq);
          return added;
        });
        for (const at of changes) {
          if (made.length === 0) break;
          const i = at % made.length;
          const next = { ...(made[i] as Payment), status: 'succeeded' as const, amount_received: (made[i] as Payment).amount };
          payments.replace(next);
          made[i] = next;
        }
        for (const each of made) expect(payments.get(each.id)).toEqual(each);
        expect(payments.get(ids.make('pay', made.length + 1))).toBeUndefined();
        const gone = made[0];
        if (gone) {
          expect(payments.remove(gone.id)).toBe(true);
          expect(payments.get(gone.id)).toBeUndefined();
          for (const each of made.slice(1)) expect(payments.get(each.id)).toEqual(each);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('an event log finds every event by id, whatever order they came in', () => {
    fc.assert(
      fc.property(additions, (adds) => {
        const log = new EventLog(ids, false);
        const events = adds.map(({ created, foreign }, i) =>
          log.add({
            ...(foreign ? { id: `evt_fixture${String(i).padStart(13, '0')}` } : {}),
            type: 'payment.created',
            created,
            seq: i + 1,
            api_version: '2026-01-01',
            request: 'req_1',
            snapshot: {},
            patch: undefined,
          }),
        );
        for (const event of events) expect(log.get(event.id)).toBe(event);
        expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
        expect(log.get(ids.make('evt', events.length + 1))).toBeUndefined();
      }),
      { numRuns: 1000 },
    );
  });
});
