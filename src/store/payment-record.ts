import { NextAction, Payment, PaymentError } from '../schemas/resources';
import type { Codec } from './collection';
import { Encoded, ObjectRef } from './encoded';
import { IdCodec } from './ids';

/**
 * A payment as the store keeps it: its fields but the three it can make again. Its id is the number the store's
 * key makes it from (ids.ts) and its client secret is derived from that number too, so neither is a string of its
 * own; `livemode` is its partition's. A million payments hold a million of these (120 bytes each) instead of
 * served objects, their id strings and their secrets (336 bytes).
 *
 * Records are immutable values, like the objects they stand for: a change stores a new record, and an event holds
 * the record of its moment. The field names are the served ones (but `id`, `seq` and `secret`), so the patch
 * between two versions (snapshot-patch.ts) names served fields.
 */
export class PaymentRecord extends Encoded {
  constructor(
    /** The number the store made the id from, or the id itself when the store's key did not make it (a fixture). */
    readonly id: number | string,
    readonly seq: number,
    readonly amount: number,
    readonly amount_received: number,
    readonly amount_refunded: number,
    readonly currency: string,
    readonly status: Payment['status'],
    readonly customer: string | null,
    readonly description: string | null,
    readonly metadata: Record<string, string>,
    readonly fee: number,
    readonly payment_method: string | null,
    readonly last_payment_error: PaymentError | null,
    readonly next_action: NextAction | null,
    readonly created: number,
    /** Null when it is the one derived from the id's number. */
    readonly secret: string | null,
  ) {
    super();
  }

  ref(ids: IdCodec): ObjectRef {
    return { id: typeof this.id === 'number' ? ids.make('pay', this.id) : this.id, object: 'payment' };
  }

  served(ids: IdCodec, livemode: boolean): Payment {
    const n = this.id;
    const id = typeof n === 'number' ? ids.make('pay', n) : n;
    return {
      id,
      object: 'payment',
      amount: this.amount,
      amount_received: this.amount_received,
      amount_refunded: this.amount_refunded,
      currency: this.currency,
      status: this.status,
      client_secret: this.secret ?? ids.secret(id, n as number),
      customer: this.customer,
      description: this.description,
      metadata: this.metadata,
      fee: this.fee,
      payment_method: this.payment_method,
      last_payment_error: this.last_payment_error,
      next_action: this.next_action,
      created: this.created,
      livemode,
    };
  }
}

/** The codec of a partition's payments: records in, served payments out. */
export function paymentCodec(ids: IdCodec, livemode: boolean): Codec<Payment, PaymentRecord> {
  return {
    keyOf: (id) => ids.numberOf('pay', id) ?? id,
    keyOfRecord: (record) => record.id,
    encode(payment, seq, previous) {
      // A new version keeps its id and secret (neither changes); only a first version reads them.
      let id: number | string;
      let secret: string | null;
      if (previous) ({ id, secret } = previous);
      else {
        const n = ids.numberOf('pay', payment.id);
        id = n ?? payment.id;
        secret = n !== undefined && payment.client_secret === ids.secret(payment.id, n) ? null : payment.client_secret;
      }
      return new PaymentRecord(
        id,
        seq,
        payment.amount,
        payment.amount_received,
        payment.amount_refunded,
        payment.currency,
        payment.status,
        payment.customer,
        payment.description,
        payment.metadata,
        payment.fee,
        payment.payment_method,
        payment.last_payment_error,
        payment.next_action,
        payment.created,
        secret,
      );
    },
    decode: (record) => record.served(ids, livemode),
  };
}
