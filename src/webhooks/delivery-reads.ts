import type { DeliveryStatus, WebhookDelivery } from '../schemas/resources';
import type { StoredDelivery } from '../store/deliveries';
import type { Partition, Store, Workspace } from '../store/store';

// Reading the deliveries the store holds (find, list, count, show): what the admin API and mock.webhooks ask,
// apart from the work of delivering them (webhooks.ts), which needs the same walk.

/** A delivery with where it lives. */
export interface Placed {
  workspace: Workspace;
  partition: Partition;
  delivery: StoredDelivery;
}

export interface DeliveryFilter {
  workspace?: string;
  endpoint?: string;
  event?: string;
  status?: DeliveryStatus;
  limit?: number;
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

/** Every delivery of the store (or of one workspace), with where it lives. */
export function* placedDeliveries(store: Store, workspaceId?: string): IterableIterator<Placed> {
  for (const workspace of store.workspaces.values()) {
    if (workspaceId !== undefined && workspace.id !== workspaceId) continue;
    for (const partition of [workspace.test, workspace.live]) {
      for (const delivery of partition.webhookDeliveries.values()) yield { workspace, partition, delivery };
    }
  }
}

/** A delivery by id, in whichever workspace and mode it is. */
export function findDelivery(store: Store, id: string): Placed | undefined {
  for (const workspace of store.workspaces.values()) {
    for (const partition of [workspace.test, workspace.live]) {
      const delivery = partition.webhookDeliveries.get(id);
      if (delivery) return { workspace, partition, delivery };
    }
  }
  return undefined;
}

/** How many deliveries there are in each status. */
export function countDeliveries(store: Store): DeliveryCounts {
  const counts: DeliveryCounts = { pending: 0, succeeded: 0, failed: 0, canceled: 0 };
  for (const { delivery } of placedDeliveries(store)) counts[delivery.status]++;
  return counts;
}

/**
 * Deliveries newest first, filtered: each account and mode gives its newest `limit` matches (a walk from its
 * newest delivery, never a sort of all of them), and those few are merged.
 */
export function listDeliveries(store: Store, filter: DeliveryFilter = {}): WebhookDelivery[] {
  const limit = filter.limit ?? 100;
  const { endpoint, event, status } = filter;
  const keep =
    endpoint === undefined && event === undefined && status === undefined
      ? undefined
      : (delivery: StoredDelivery) =>
          (endpoint === undefined || delivery.endpoint === endpoint) &&
          (event === undefined || delivery.event.id === event) &&
          (status === undefined || delivery.status === status);
  const matching: Placed[] = [];
  for (const workspace of store.workspaces.values()) {
    if (filter.workspace !== undefined && workspace.id !== filter.workspace) continue;
    for (const partition of [workspace.test, workspace.live]) {
      if (partition.webhookDeliveries.size === 0) continue;
      for (const delivery of partition.webhookDeliveries.newest(limit, keep)) matching.push({ workspace, partition, delivery });
    }
  }
  matching.sort((a, b) => b.delivery.created - a.delivery.created || b.delivery.seq - a.delivery.seq);
  return matching.slice(0, limit).map(present);
}

/** A delivery as the admin API and `mock.webhooks.deliveries()` show it. */
export function present({ workspace, partition, delivery }: Placed): WebhookDelivery {
  return {
    id: delivery.id,
    object: 'webhook_delivery',
    workspace: workspace.id,
    livemode: partition.livemode,
    endpoint: delivery.endpoint,
    url: delivery.url,
    event: delivery.event.id,
    event_type: delivery.event.type,
    status: delivery.status,
    attempts: delivery.attempts.map((attempt) => ({ ...attempt })),
    next_attempt_at: delivery.nextDueMs === null ? null : Math.floor(delivery.nextDueMs / 1000),
    created: delivery.created,
  };
}
