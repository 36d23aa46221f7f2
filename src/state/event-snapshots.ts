/** What a loaded event's snapshot shares with the stored object it shows, so loaded events cost what run-time ones do. */
import { Partition } from '../store/store';
import { patchBetween, SnapshotPatch } from '../store/snapshot-patch';

/**
 * An event's snapshot as events made at run time hold it: the stored object's current version when they are
 * equal, else that version with a patch of the fields that differ (see snapshot-patch.ts). A loaded state then
 * takes no more memory than the store it was saved from.
 */
export function sharedSnapshot(partition: Partition, snapshot: Record<string, unknown>): { snapshot: object; patch: SnapshotPatch | undefined } {
  const stored = typeof snapshot.id === 'string' ? findStored(partition, snapshot.id) : undefined;
  // Compared as served (a payment is kept as a record): the patch names served fields.
  const patch = stored && patchBetween(snapshot, partition.events.served(stored), sameJson);
  if (!stored || !patch) return { snapshot, patch: undefined };
  return { snapshot: stored, patch: Object.keys(patch).length === 0 ? undefined : patch };
}

/** Equal as JSON: loaded values are fresh objects, so nested ones compare by content. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b);
}

/** The stored version of an object, as its collection keeps it (what an event's snapshot holds). */
export function findStored(partition: Partition, id: string): object | undefined {
  return partition.payments.record(id) ?? partition.customers.get(id) ?? partition.refunds.get(id) ?? partition.paymentMethods.get(id);
}
