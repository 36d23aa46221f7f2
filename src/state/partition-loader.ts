/**
 * Loads one mode's data of a fixture workspace (customers, payment methods, payments, refunds, events, saved
 * answers) item by item, with the checks the schema cannot make. applyFixtures and the streamed state file both
 * feed it.
 */
import { paymentFee, refundedFee } from '../domain/fees';
import { digest } from '../domain/idempotency';
import { paymentError, storedMetadata } from '../domain/payments';
import { cardBrand } from '../cards/card-brand';
import { cardOutcome } from '../domain/test-cards';
import { isKnownVersion } from '../domain/versions';
import { CURRENCIES } from '../schemas/currencies';
import { Customer, Payment, PaymentMethod, Refund } from '../schemas/resources';
import { Collection } from '../store/collection';
import { eventRequest } from '../store/event-log';
import { Partition, Store, Workspace } from '../store/store';
import { findStored, sharedSnapshot } from './event-snapshots';
import { FixtureModeData, FixtureTime } from './fixture-types';
import { stableId } from './stable-ids';

const KNOWN_CURRENCIES = new Set(CURRENCIES);

/** A fixture time resolved against the clock at load (a problem at `pointer` when out of range). */
export type At = (time: FixtureTime | undefined, pointer: string, fallback?: number) => number;
/** Records a problem at a JSON pointer inside the mode's data. */
export type Problem = (pointer: string, message: string) => void;

/** The sections of a mode's data, in the order they load: an object before anything that refers to it. */
export const SECTION_ORDER = ['customers', 'payment_methods', 'payments', 'refunds', 'events', 'idempotency'] as const;
export type SectionName = (typeof SECTION_ORDER)[number];
type Item<K extends SectionName> = NonNullable<FixtureModeData[K]>[number];
/** Loads one item (checked against its schema) of each section; `i` is its index, for pointers. */
export type PartitionLoader = { [K in SectionName]: (item: Item<K>, i: number) => void };

/** Loads a whole mode's data held in memory (a fixture file), section by section in SECTION_ORDER. */
export function loadMode(data: FixtureModeData, load: PartitionLoader): void {
  for (const section of SECTION_ORDER) (data[section] ?? []).forEach((item, i) => (load[section] as (item: unknown, i: number) => void)(item, i));
}

/**
 * Loads items one at a time, so a state file can be streamed into the store without ever being held whole.
 * Ids must be unique per kind within a mode: a second use is found in the collection already loaded.
 */
export function partitionLoader(store: Store, workspace: Workspace, partition: Partition, at: At, problem: Problem): PartitionLoader {
  const livemode = partition.livemode;
  const unique = (taken: boolean, id: string, pointer: string): void => {
    if (taken) problem(pointer, `id "${id}" is used twice`);
  };
  // Each section's items come in the order they were saved in, so each takes the place after the one before.
  const last = new Map<string, number>();
  const placeOf = (prefix: string, id: string | undefined): number => {
    const seq = store.placeOf(prefix, id, last.get(prefix) ?? 0);
    last.set(prefix, seq);
    return seq;
  };

  const customers = (c: Item<'customers'>, i: number): void => {
    unique(partition.customers.get(c.id) !== undefined, c.id, `/customers/${i}/id`);
    const customer: Customer = {
      id: c.id,
      object: 'customer',
      email: c.email ?? null,
      name: c.name ?? null,
      phone: c.phone ?? null,
      created: at(c.created, `/customers/${i}/created`),
      livemode,
    };
    partition.customers.add(customer, placeOf('cus', customer.id));
  };

  const payment_methods = (m: Item<'payment_methods'>, i: number): void => {
    unique(partition.paymentMethods.get(m.id) !== undefined, m.id, `/payment_methods/${i}/id`);
    const card = m.card;
    const brand = card.brand ?? (card.number === undefined ? undefined : cardBrand(card.number));
    const last4 = card.last4 ?? card.number?.slice(-4);
    if (brand === undefined || last4 === undefined) return problem(`/payment_methods/${i}/card`, 'give number, or brand and last4');
    const method: PaymentMethod = {
      id: m.id,
      object: 'payment_method',
      type: 'card',
      card: { brand, last4, exp_month: card.exp_month, exp_year: card.exp_year },
      created: at(m.created, `/payment_methods/${i}/created`),
      livemode,
    };
    partition.paymentMethods.add(method, placeOf('pm', method.id));
    partition.cardOutcomes.set(method.id, m.outcome ?? (card.number ? cardOutcome(card.number) : 'succeed'));
  };

  const payments = (p: Item<'payments'>, i: number): void => {
    unique(partition.payments.get(p.id) !== undefined, p.id, `/payments/${i}/id`);
    if (!KNOWN_CURRENCIES.has(p.currency)) problem(`/payments/${i}/currency`, `unknown currency "${p.currency}"`);
    const customer = p.customer ?? null;
    if (customer && !partition.customers.get(customer))
      problem(`/payments/${i}/customer`, `no customer "${customer}" in this workspace's ${livemode ? 'live' : 'test'} data`);
    const paymentMethod = p.payment_method ?? null;
    if (paymentMethod && !partition.paymentMethods.get(paymentMethod))
      problem(`/payments/${i}/payment_method`, `no payment method "${paymentMethod}" in this mode`);
    const status = p.status ?? 'succeeded';
    const declineCode = p.decline_code ?? 'generic_decline';
    const payment: Payment = {
      id: p.id,
      object: 'payment',
      amount: p.amount,
      amount_received: status === 'succeeded' ? p.amount : 0,
      amount_refunded: 0,
      currency: p.currency,
      status,
      client_secret: p.client_secret ?? stableId(`${p.id}_secret`, `${workspace.id}/${p.id}/client_secret`),
      customer,
      description: p.description ?? null,
      metadata: storedMetadata(p.metadata),
      fee: p.fee ?? paymentFee(p.amount, p.currency),
      payment_method: paymentMethod,
      last_payment_error: status !== 'requires_payment_method' ? null : (p.last_payment_error ?? paymentError(declineCode, paymentMethod)),
      next_action: status === 'requires_action' ? (p.next_action ?? null) : null,
      created: at(p.created, `/payments/${i}/created`),
      livemode,
    };
    partition.payments.add(payment, placeOf('pay', p.id));
  };

  const refunds = (r: Item<'refunds'>, i: number): void => {
    unique(partition.refunds.get(r.id) !== undefined, r.id, `/refunds/${i}/id`);
    const payment = partition.payments.get(r.payment);
    if (!payment) return problem(`/refunds/${i}/payment`, `no payment "${r.payment}" in this mode`);
    if (payment.status !== 'succeeded')
      return problem(`/refunds/${i}/payment`, `payment "${r.payment}" is ${payment.status}; only succeeded payments can be refunded`);
    const left = payment.amount - payment.amount_refunded;
    const amount = r.amount ?? left;
    if (left === 0) return problem(`/refunds/${i}/payment`, `payment "${payment.id}" is refunded in full by the refunds before this one`);
    if (amount > left) return problem(`/refunds/${i}/amount`, `refund of ${amount} is more than the ${left} left on "${payment.id}"`);
    let refunds = partition.refundsByPayment.get(payment.id);
    if (!refunds) partition.refundsByPayment.set(payment.id, (refunds = new Collection<Refund>()));
    let feeSoFar = 0;
    for (const earlier of refunds.values()) feeSoFar += earlier.fee_refunded;
    const refund: Refund = {
      id: r.id,
      object: 'refund',
      payment: payment.id,
      amount,
      currency: payment.currency,
      status: 'succeeded',
      reason: r.reason ?? null,
      fee_refunded: r.fee_refunded ?? refundedFee(payment, amount, feeSoFar, payment.amount_refunded),
      created: at(r.created, `/refunds/${i}/created`),
      livemode,
    };
    const seq = placeOf('re', refund.id);
    partition.refunds.add(refund, seq);
    refunds.add(refund, seq);
    partition.payments.replace({ ...payment, amount_refunded: payment.amount_refunded + amount });
  };

  const events = (e: Item<'events'>, i: number): void => {
    if (e.id !== undefined) unique(partition.events.get(e.id) !== undefined, e.id, `/events/${i}/id`);
    const ref = e.object;
    const explicit = e.data?.object;
    const { snapshot: object, patch } = explicit
      ? sharedSnapshot(partition, explicit)
      : { snapshot: ref ? findStored(partition, ref) : undefined, patch: undefined };
    if (!object) return problem(`/events/${i}`, ref ? `no object "${ref}" in this mode to snapshot` : 'give object (an id) or data.object');
    const apiVersion = e.api_version;
    if (apiVersion !== undefined && !isKnownVersion(apiVersion)) return problem(`/events/${i}/api_version`, `unknown version "${apiVersion}"`);
    const request = e.request;
    partition.events.add({
      id: e.id ?? stableId('evt', `${workspace.id}/${livemode ? 'live' : 'test'}/events/${i}`),
      type: e.type,
      created: at(e.created, `/events/${i}/created`),
      seq: placeOf('evt', e.id),
      api_version: apiVersion ?? workspace.default_version,
      request: eventRequest(store.ids, request?.id ?? null, request?.idempotency_key ?? null),
      snapshot: object,
      patch,
    });
  };

  const idempotency = ({ key, status, body, version, fingerprint, ...request }: Item<'idempotency'>, i: number): void => {
    // A replay sends the version as a header and the body as JSON: both must be what the server would send.
    if (!isKnownVersion(version)) return problem(`/idempotency/${i}/version`, `unknown version "${version}"`);
    if (!isJson(body)) return problem(`/idempotency/${i}/body`, 'must be the JSON text of the saved answer');
    partition.idempotency.set(key, { ...request, fingerprint: asDigest(fingerprint), response: { status, body, version } });
  };
  return { customers, payment_methods, payments, refunds, events, idempotency };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Older state files kept the parameters' canonical JSON (card numbers included): digest it as requests now do. */
function asDigest(fingerprint: string): string {
  return /^[0-9a-f]{64}$/.test(fingerprint) ? fingerprint : digest(fingerprint);
}
