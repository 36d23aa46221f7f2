import type { Partition, Store, Workspace } from '../store/store';

/**
 * Heap bytes each kind of stored thing costs, on average, beside the text it carries, measured in process after
 * full collections (100,000 of each, `node --expose-gc`): a payment (kept as a compact record) with its two events
 * about 410 B, a customer with its event about 350 B, an idempotency record with its saved answer 644 B. The text
 * (metadata, descriptions, names, answers kept as text) is counted by its size as it is stored
 * (store/stored-bytes.ts). Estimates, for the per-workspace figures and the change between two readings: the
 * budget itself is held to the real heap (memory-budget.ts).
 */
export const BYTES_PER = { object: 250, event: 90, idempotencyRecord: 640, delivery: 600 } as const;

/** What one workspace holds: counts, and their estimated bytes (counts × {@link BYTES_PER}, and the text they carry by its size). */
export interface WorkspaceFootprint {
  workspace: string;
  name: string;
  /** Payments, customers, refunds, payment methods and webhook endpoints, both modes. */
  objects: number;
  events: number;
  idempotency_records: number;
  deliveries: number;
  bytes: number;
}

/**
 * Counts a workspace's holdings: a few `size` reads per partition, never a walk over its objects.
 * @example workspaceFootprint(store.workspaces.get('acme')!).objects
 */
export function workspaceFootprint(workspace: Workspace): WorkspaceFootprint {
  const test = partitionCounts(workspace.test);
  const live = partitionCounts(workspace.live);
  const objects = test.objects + live.objects;
  const events = test.events + live.events;
  const idempotency = test.idempotency + live.idempotency;
  const deliveries = test.deliveries + live.deliveries;
  const bytes =
    objects * BYTES_PER.object + events * BYTES_PER.event + idempotency * BYTES_PER.idempotencyRecord + deliveries * BYTES_PER.delivery + test.text + live.text;
  return { workspace: workspace.id, name: workspace.name, objects, events, idempotency_records: idempotency, deliveries, bytes };
}

/** The estimated bytes of the whole store (every workspace), for the budget's change since the last collection. */
export function storeBytes(store: Store): number {
  let bytes = 0;
  for (const workspace of store.workspaces.values()) bytes += workspaceFootprint(workspace).bytes;
  return bytes;
}

/** How many objects the whole store holds (payments, customers, refunds, payment methods, webhook endpoints). */
export function storeObjects(store: Store): number {
  let objects = 0;
  for (const workspace of store.workspaces.values()) objects += workspaceFootprint(workspace).objects;
  return objects;
}

function partitionCounts(partition: Partition) {
  return {
    objects: partition.payments.size + partition.customers.size + partition.refunds.size + partition.paymentMethods.size + partition.webhookEndpoints.size,
    events: partition.events.size,
    idempotency: partition.idempotency.size,
    deliveries: partition.webhookDeliveries.size,
    text:
      partition.payments.bytes +
      partition.customers.bytes +
      partition.refunds.bytes +
      partition.paymentMethods.bytes +
      partition.webhookEndpoints.bytes +
      partition.idempotency.bytes,
  };
}

/** What `GET /_mock/memory` answers: the budget, what is held against it, and each workspace's part. */
export interface MemoryReport {
  object: 'memory';
  state: 'ok' | 'warning' | 'full';
  /** Bytes held, as the budget counts them (see memory-budget.ts). */
  held: number;
  budget: number;
  /** held ÷ budget, in percent, one decimal. */
  percent: number;
  /** V8's figures now: heap in use (garbage included) and the limit past which the process aborts. */
  heap: { used: number; limit: number };
  workspaces: WorkspaceFootprint[];
}
