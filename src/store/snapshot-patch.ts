/**
 * An event's snapshot is the stored object's version at that moment. When a newer version replaces it (a payment
 * created, then confirmed by the mock in the same request), the event can hold the newer version plus the few
 * fields that differ instead of the whole older version: `{ ...newer, ...patch }` is the older version again,
 * key order included. Patches are immutable and equal ones are shared, so the common case (every payment the
 * mock confirms differs from its created version in the same three fields) costs one pointer per event.
 */
export type SnapshotPatch = Readonly<Record<string, unknown>>;

/** Distinct patches kept for sharing: enough for every status change of every kind of object. */
const SHARED_PATCHES_MAX = 256;
const sharedPatches = new Map<string, SnapshotPatch>();

/**
 * The fields of `older` whose values differ from `newer`'s (compared with `same`), holding `older`'s values;
 * undefined when the two do not have the same fields (then no patch can rebuild `older`).
 */
export function patchBetween(older: object, newer: object, same: (a: unknown, b: unknown) => boolean = Object.is): SnapshotPatch | undefined {
  const [from, to] = [older as Record<string, unknown>, newer as Record<string, unknown>];
  // for…in rather than Object.keys: this runs on every confirmation, and stored objects are plain (no inherited keys).
  let fields = 0;
  const patch: Record<string, unknown> = {};
  for (const key in from) {
    if (!Object.prototype.hasOwnProperty.call(to, key)) return undefined;
    if (!same(from[key], to[key])) patch[key] = from[key];
    fields++;
  }
  for (const _key in to) fields--;
  return fields === 0 ? share(patch) : undefined;
}

/** The patch shared last: consecutive confirmations nearly always make the same one, found without a lookup. */
let lastShared: SnapshotPatch | undefined;

/** The one shared copy of a patch equal to `patch` (while there are few distinct ones), frozen. */
function share(patch: Record<string, unknown>): SnapshotPatch {
  if (lastShared !== undefined && sameFields(lastShared, patch)) return lastShared;
  const shared = sharedCopy(patch);
  lastShared = shared;
  return shared;
}

function sharedCopy(patch: Record<string, unknown>): SnapshotPatch {
  const key = JSON.stringify(patch);
  const known = sharedPatches.get(key);
  if (known) return known;
  Object.freeze(patch);
  if (sharedPatches.size < SHARED_PATCHES_MAX) sharedPatches.set(key, patch);
  return patch;
}

/** The same keys with the same values (order does not matter: a patch only overrides keys the snapshot has). */
function sameFields(a: SnapshotPatch, b: SnapshotPatch): boolean {
  let count = 0;
  for (const key in b) {
    if (!Object.prototype.hasOwnProperty.call(a, key) || !Object.is(a[key], b[key])) return false;
    count++;
  }
  for (const _key in a) count--;
  return count === 0;
}

/** The version a snapshot with an optional patch stands for. */
export function patched(snapshot: Readonly<Record<string, unknown>>, patch: SnapshotPatch | undefined): Readonly<Record<string, unknown>> {
  return patch === undefined ? snapshot : { ...snapshot, ...patch };
}
