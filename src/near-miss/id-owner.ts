import type { Partition, Store, Workspace } from '../store/store';

/** Where an id that a request did not find lives after all: its workspace and mode. */
export interface IdOwner {
  workspace: string;
  livemode: boolean;
}

/** Whether a partition holds an object with this id, of any kind the API serves by id. */
export function partitionHolds(partition: Partition, id: string): boolean {
  return (
    partition.payments.record(id) !== undefined ||
    partition.customers.get(id) !== undefined ||
    partition.refunds.get(id) !== undefined ||
    partition.paymentMethods.get(id) !== undefined ||
    partition.events.get(id) !== undefined ||
    partition.webhookEndpoints.get(id) !== undefined
  );
}

/**
 * Which other place holds an id the request's own partition does not: the other mode of the same workspace first
 * (the common mistake of a test key with a live id), then any other workspace. Looked up only after a 404, so
 * a request that finds its object pays nothing.
 *
 * @example
 * idOwner(store, workspace, false, 'pay_1'); // { workspace: 'ws_default', livemode: true } when a live key made it
 */
export function idOwner(store: Store, workspace: Workspace, livemode: boolean, id: string): IdOwner | null {
  const otherMode = livemode ? workspace.test : workspace.live;
  if (partitionHolds(otherMode, id)) return { workspace: workspace.id, livemode: !livemode };
  for (const other of store.workspaces.values()) {
    if (other.id === workspace.id) continue;
    if (partitionHolds(other.test, id)) return { workspace: other.id, livemode: false };
    if (partitionHolds(other.live, id)) return { workspace: other.id, livemode: true };
  }
  return null;
}
