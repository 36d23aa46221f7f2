import { Customer, KeyKind, Payment, PaymentMethod, Permissions, Refund, WebhookEndpoint } from '../schemas/resources';
import { Collection } from './collection';
import { DeliveryLog } from './delivery-log';
import { EventLog } from './event-log';
import { makeId, Random } from './random';

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

/**
 * The answer a retry replays. `value` is what the body was serialised from: stored objects are immutable, so
 * serialising it again gives the same bytes, and a record holds references instead of a copy of the text for
 * 24 hours. `body` is the text itself, for answers that have no value (loaded from a state file).
 */
export interface SavedResponse {
  status: number;
  /** The Service-Version the body was rendered at, which a replay reports again. */
  version: string;
  value?: unknown;
  body?: string;
}

/** The exact text of a saved answer. */
export function savedBody(response: SavedResponse): string {
  return response.body ?? JSON.stringify(response.value);
}

export interface IdempotencyRecord {
  method: string;
  path: string;
  /** SHA-256 of the canonical JSON of the key kind and parameters: a retry must match it; card data is never kept. */
  fingerprint: string;
  created: number;
  /** Undefined while the first request is still executing. */
  response?: SavedResponse;
}

/** The secret an endpoint had before `rotate_secret`: deliveries are signed with it too until `expires_at` (mock Unix seconds). */
export interface SecretRoll {
  secret: string;
  expires_at: number;
}

/** The objects of one account in one mode (test or live): nothing crosses between partitions. */
export class Partition {
  /** Indexed by customer and status, so GET /v1/payments pages a filtered list in O(log n + limit). */
  readonly payments = new Collection<Payment>({ customer: (payment) => payment.customer, status: (payment) => payment.status });
  readonly customers = new Collection<Customer>();
  readonly refunds = new Collection<Refund>();
  readonly paymentMethods = new Collection<PaymentMethod>();
  readonly events = new EventLog();
  readonly refundsByPayment = new Map<string, Collection<Refund>>();
  /** Test-card behaviour of each tokenised card, kept apart from the served object. */
  readonly cardOutcomes = new Map<string, CardOutcome>();
  /** Insertion order is creation order, so expired records are found at the front. */
  readonly idempotency = new Map<string, IdempotencyRecord>();
  /** Stored with their secrets; the API hides the secret but on create. */
  readonly webhookEndpoints = new Collection<WebhookEndpoint>();
  /** Insertion order is creation order (each event's deliveries are made when it is emitted); paged newest first in O(limit). */
  readonly webhookDeliveries = new DeliveryLog();
  /** An endpoint's previous secret while a roll lets it sign too (`rotate_secret`), by endpoint id. */
  readonly webhookSecretRolls = new Map<string, SecretRoll>();

  constructor(readonly livemode: boolean) {}
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
  private seq = 0;

  constructor(readonly random: Random) {}

  newId(prefix: string): string {
    return makeId(this.random, prefix);
  }

  /** A strictly increasing number that orders objects created in the same second. */
  nextSeq(): number {
    return ++this.seq;
  }

  addWorkspace(fields: Omit<Workspace, 'test' | 'live'>): Workspace {
    const workspace = { ...fields, test: new Partition(false), live: new Partition(true) };
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
