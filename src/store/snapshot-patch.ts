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
  const keys = Object.keys(from);
  if (keys.length !== Object.keys(to).length) return undefined;
  const patch: Record<string, unknown> = {};
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(to, key)) return undefined;
    if (!same(from[key], to[key])) patch[key] = from[key];
  }
  return share(patch);
}

/** The one shared copy of a patch equal to `patch` (while there are few distinct ones), frozen. */
function share(patch: Record<string, unknown>): SnapshotPatch {
  const key = JSON.stringify(patch);
  const known = sharedPatches.get(key);
  if (known) return known;
  Object.freeze(patch);
  if (sharedPatches.size < SHARED_PATCHES_MAX) sharedPatches.set(key, patch);
  return patch;
}

/** The version a snapshot with an optional patch stands for. */
export function patched(snapshot: Readonly<Record<string, unknown>>, patch: SnapshotPatch | undefined): Readonly<Record<string, unknown>> {
  return patch === undefined ? snapshot : { ...snapshot, ...patch };
}
