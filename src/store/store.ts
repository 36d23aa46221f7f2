import { Customer, KeyKind, Payment, PaymentMethod, Permissions, Refund, WebhookEndpoint } from '../schemas/resources';
import { Collection } from './collection';
import { DeliveryLog } from './delivery-log';
import { EventLog } from './event-log';
import { IdempotencyRecords } from './idempotency-records';
import { IdCodec, IdKey } from './ids';
import { paymentCodec, PaymentRecord } from './payment-record';
import { Random } from './random';

export { savedBody } from './idempotency-records';
export type { IdempotencyRecord, SavedResponse } from './idempotency-records';

/** What a test card does when a payment is confirmed with it. */
export type CardOutcome = 'succeed' | 'generic_decline' | 'insufficient_funds' | 'expired_card' | 'requires_action';

export interface KeyRecord {
  key: string;
  kind: KeyKind;
  livemode: boolean;
  workspace: string;
  /** Restricted keys only; secret and publishable keys have fixed powers. */
  permissions: Permissions | null;
  /** Unix seconds after which the key answers 401 api_key_expired (set by rotation); null = never. */
  expires_at: number | null;
  created: number;
}

/** The secret an endpoint had before `rotate_secret`: deliveries are signed with it too until `expires_at` (mock Unix seconds). */
export interface SecretRoll {
  secret: string;
  expires_at: number;
}

/** The objects of one account in one mode (test or live): nothing crosses between partitions. */
export class Partition {
  /**
   * Kept as compact records (payment-record.ts). Indexed by customer and status, so GET /v1/payments pages a
   * filtered list in O(log n + limit).
   */
  readonly payments: Collection<Payment, PaymentRecord>;
  readonly customers = new Collection<Customer>();
  readonly refunds = new Collection<Refund>();
  readonly paymentMethods = new Collection<PaymentMethod>();
  readonly events: EventLog;
  readonly refundsByPayment = new Map<string, Collection<Refund>>();
  /** Test-card behaviour of each tokenised card, kept apart from the served object. */
  readonly cardOutcomes = new Map<string, CardOutcome>();
  /** Insertion order is creation order, so expired records are found at the front. */
  readonly idempotency = new IdempotencyRecords();
  /** Stored with their secrets; the API hides the secret but on create. */
  readonly webhookEndpoints = new Collection<WebhookEndpoint>();
  /** Insertion order is creation order (each event's deliveries are made when it is emitted); paged newest first in O(limit). */
  readonly webhookDeliveries = new DeliveryLog();
  /** An endpoint's previous secret while a roll lets it sign too (`rotate_secret`), by endpoint id. */
  readonly webhookSecretRolls = new Map<string, SecretRoll>();

  constructor(
    readonly livemode: boolean,
    ids: IdCodec,
  ) {
    this.payments = new Collection(paymentCodec(ids, livemode), { customer: (payment) => payment.customer, status: (payment) => payment.status });
    this.events = new EventLog(ids, livemode);
  }
}

/** What a state file keeps of a store's ids: the key, and the counters every new id and request id are made from. */
export interface IdState {
  key: IdKey;
  seq: number;
  requests: number;
}

export interface Workspace {
  id: string;
  name: string;
  account: string;
  created: number;
  default_version: string;
  test: Partition;
  live: Partition;
}

/**
 * All state of one mock instance. Nothing here is global: two instances in one process share nothing.
 */
export class Store {
  readonly workspaces = new Map<string, Workspace>();
  readonly keys = new Map<string, KeyRecord>();
  /** Makes and reads ids: a new store draws its key from `random` (the seeded id stream), a restored one keeps its saved key. */
  readonly ids: IdCodec;
  private seq = 0;
  private requests = 0;

  /** `saved`: a state file's ids, or another store's codec to share (a workspace's starting data, made apart). */
  constructor(
    readonly random: Random,
    saved?: IdState | IdCodec,
  ) {
    if (saved instanceof IdCodec) {
      this.ids = saved;
      return;
    }
    this.ids = new IdCodec(saved ? saved.key : random);
    if (saved) {
      this.seq = saved.seq;
      this.requests = saved.requests;
    }
  }

  /** A new id, made from the next number (so ids are never handed out twice by one store). */
  newId(prefix: string): string {
    return this.ids.make(prefix, this.nextSeq());
  }

  /**
   * A strictly increasing number that orders objects created in the same second. Payments and events are
   * numbered by it: their ids are made from it (ids.ts).
   */
  nextSeq(): number {
    return ++this.seq;
  }

  /** The Request-Id of the next /v1 request: counted apart from objects, so admin calls never shift either. */
  newRequestId(): string {
    return this.ids.make('req', ++this.requests);
  }

  /**
   * The number an id of ours stands for (then the counter is made to be past it, as a loaded item may be numbered
   * higher than a hand-written counter says), or undefined for an id this store's key did not make.
   */
  private numberOf(prefix: string, id: string): number | undefined {
    const n = this.ids.numberOf(prefix, id);
    if (n !== undefined && n > this.seq) this.seq = n;
    return n;
  }

  /**
   * The place in the order of a loaded object, given the place of the one saved before it in its collection
   * (`previous`, 0 for the first): the number its id was made from when it is ours, else the next number after
   * `previous`. Saved in (created, place) order, an object with an id of its own lies between the places of its
   * neighbours, so `previous + 1` keeps the saved order and stays below the next id of ours; the counter is moved
   * past every place taken (a file from an older version holds only such ids).
   */
  placeOf(prefix: string, id: string | undefined, previous: number): number {
    const n = id === undefined ? undefined : this.numberOf(prefix, id);
    if (n !== undefined) return n;
    const seq = previous + 1;
    if (seq > this.seq) this.seq = seq;
    return seq;
  }

  /** The place of a loaded object kept on its own (webhook endpoints, deliveries): its id's number, or the next. */
  seqOf(prefix: string, id: string): number {
    return this.numberOf(prefix, id) ?? this.nextSeq();
  }

  idState(): IdState {
    return { key: [...this.ids.key], seq: this.seq, requests: this.requests };
  }

  addWorkspace(fields: Omit<Workspace, 'test' | 'live'>): Workspace {
    const workspace = { ...fields, test: new Partition(false, this.ids), live: new Partition(true, this.ids) };
    this.workspaces.set(workspace.id, workspace);
    return workspace;
  }

  removeWorkspace(id: string): boolean {
    if (!this.workspaces.delete(id)) return false;
    for (const [key, record] of this.keys) if (record.workspace === id) this.keys.delete(key);
    return true;
  }

  partition(workspaceId: string, livemode: boolean): Partition {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace) throw new Error(`No workspace ${workspaceId}`);
    return livemode ? workspace.live : workspace.test;
  }

  *partitions(): IterableIterator<Partition> {
    for (const workspace of this.workspaces.values()) {
      yield workspace.test;
      yield workspace.live;
    }
  }
}
