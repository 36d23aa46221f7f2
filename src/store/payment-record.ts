import { NextAction, Payment, PaymentError } from '../schemas/resources';
import type { Codec } from './collection';
import { Encoded, ObjectRef } from './encoded';
import { IdCodec } from './ids';
import { storedTextBytes } from './stored-bytes';

/**
 * A payment as the store keeps it: its fields but the three it can make again. Its id is the number the store's
 * key makes it from (ids.ts) and its client secret is derived from that number too, so neither is a string of its
 * own; `livemode` is its partition's. Most payments have no customer, description, error, next action or secret of
 * their own: they are a `LeanPaymentRecord` (112 bytes) that answers null for those; the rest a
 * `FullPaymentRecord` (152). A million payments hold a million of these instead of served objects, their id
 * strings and their secrets (336 bytes).
 *
 * Records are immutable values, like the objects they stand for: a change stores a new record, and an event holds
 * the record of its moment. The field names are the served ones (but `id`, `seq` and `secret`), so the patch
 * between two versions of the same class (snapshot-patch.ts) names served fields.
 */
export type PaymentRecord = LeanPaymentRecord | FullPaymentRecord;

/** The fields every payment record keeps. */
interface CommonFields {
  /** The number the store made the id from, or the id itself when the store's key did not make it (a fixture). */
  readonly id: number | string;
  readonly seq: number;
  readonly amount: number;
  readonly amount_received: number;
  readonly amount_refunded: number;
  readonly currency: string;
  readonly status: Payment['status'];
  readonly metadata: Record<string, string>;
  readonly fee: number;
  readonly payment_method: string | null;
  readonly created: number;
}

/** The fields few payments have; null in a lean record. */
interface RareFields {
  readonly customer: string | null;
  readonly description: string | null;
  readonly last_payment_error: PaymentError | null;
  readonly next_action: NextAction | null;
  /** Null when it is the one derived from the id's number. */
  readonly secret: string | null;
}

/** What both kinds of record do: give their id and object, or the whole served payment. */
abstract class PaymentRecordBase extends Encoded {
  ref(ids: IdCodec): ObjectRef {
    return refOf(this as unknown as PaymentRecord, ids);
  }

  served(ids: IdCodec, livemode: boolean): Payment {
    return servedPayment(this as unknown as PaymentRecord, ids, livemode);
  }
}

export class LeanPaymentRecord extends PaymentRecordBase implements CommonFields, RareFields {
  constructor(
    readonly id: number | string,
    readonly seq: number,
    readonly amount: number,
    readonly amount_received: number,
    readonly amount_refunded: number,
    readonly currency: string,
    readonly status: Payment['status'],
    readonly metadata: Record<string, string>,
    readonly fee: number,
    readonly payment_method: string | null,
    readonly created: number,
  ) {
    super();
  }

  // Getters live on the prototype: not own fields, so a patch between two lean records never names them.
  get customer(): null {
    return null;
  }

  get description(): null {
    return null;
  }

  get last_payment_error(): null {
    return null;
  }

  get next_action(): null {
    return null;
  }

  get secret(): null {
    return null;
  }
}

export class FullPaymentRecord extends PaymentRecordBase implements CommonFields, RareFields {
  constructor(
    readonly id: number | string,
    readonly seq: number,
    readonly amount: number,
    readonly amount_received: number,
    readonly amount_refunded: number,
    readonly currency: string,
    readonly status: Payment['status'],
    readonly metadata: Record<string, string>,
    readonly fee: number,
    readonly payment_method: string | null,
    readonly created: number,
    readonly customer: string | null,
    readonly description: string | null,
    readonly last_payment_error: PaymentError | null,
    readonly next_action: NextAction | null,
    readonly secret: string | null,
  ) {
    super();
  }
}

function refOf(record: PaymentRecord, ids: IdCodec): ObjectRef {
  return { id: typeof record.id === 'number' ? ids.make('pay', record.id) : record.id, object: 'payment' };
}

/** The served payment, fields in the order the API gives them. */
function servedPayment(record: PaymentRecord, ids: IdCodec, livemode: boolean): Payment {
  const n = record.id;
  const id = typeof n === 'number' ? ids.make('pay', n) : n;
  return {
    id,
    object: 'payment',
    amount: record.amount,
    amount_received: record.amount_received,
    amount_refunded: record.amount_refunded,
    currency: record.currency,
    status: record.status,
    client_secret: record.secret ?? ids.secret(id, n as number),
    customer: record.customer,
    description: record.description,
    metadata: record.metadata,
    fee: record.fee,
    payment_method: record.payment_method,
    last_payment_error: record.last_payment_error,
    next_action: record.next_action,
    created: record.created,
    livemode,
  };
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
      const p = payment;
      if (p.customer === null && p.description === null && p.last_payment_error === null && p.next_action === null && secret === null) {
        return new LeanPaymentRecord(
          id,
          seq,
          p.amount,
          p.amount_received,
          p.amount_refunded,
          p.currency,
          p.status,
          p.metadata,
          p.fee,
          p.payment_method,
          p.created,
        );
      }
      // prettier-ignore
      return new FullPaymentRecord(id, seq, p.amount, p.amount_received, p.amount_refunded, p.currency, p.status, p.metadata, p.fee, p.payment_method, p.created, p.customer, p.description, p.last_payment_error, p.next_action, secret);
    },
    decode: (record) => record.served(ids, livemode),
    // A record's fields are named as served: its metadata and description are read where a payment's are.
    bytesOf: (record) => storedTextBytes(record),
  };
}
