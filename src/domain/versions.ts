/**
 * API versions. Responses are built in the newest shape; for an older version each change newer than it is
 * undone here, in one place, by the `object` type it touches. A future version that changes a shape adds one
 * entry to VERSION_CHANGES and nothing else.
 */
type Downgrade = (object: Record<string, unknown>) => void;

interface VersionChange {
  version: string;
  description: string;
  /** Turns an object of the new shape back into the shape before `version`, keyed by its `object` field. */
  downgrade: Record<string, Downgrade>;
}

const VERSION_CHANGES: VersionChange[] = [
  {
    version: '2025-08-27',
    description: 'Customers return `phone` (before, it was accepted and stored but not returned).',
    downgrade: { customer: (customer) => void delete customer.phone },
  },
];

/** Every version, oldest first. */
export const VERSIONS = ['2024-09-30', ...VERSION_CHANGES.map((change) => change.version)];
export const LATEST_VERSION = VERSIONS[VERSIONS.length - 1] as string;
const KNOWN = new Set(VERSIONS);

export function versionChanges(): Array<{ version: string; description: string }> {
  return VERSION_CHANGES.map(({ version, description }) => ({ version, description }));
}

export function isKnownVersion(version: string): boolean {
  return KNOWN.has(version);
}

/** When each version began (UTC midnight of its date), in Unix seconds, oldest first. */
const VERSION_STARTS = VERSIONS.map((version) => {
  const [year, month, day] = version.split('-').map(Number) as [number, number, number];
  // Date.UTC is arithmetic: a start makes no Date object, whose first formatting costs a fraction of a millisecond.
  return { version, starts: Date.UTC(year, month - 1, day) / 1000 };
});

/** The version that was current at a moment: what a new account gets as its default. */
export function versionAt(unixSeconds: number): string {
  let current = VERSIONS[0] as string;
  for (const { version, starts } of VERSION_STARTS) if (starts <= unixSeconds) current = version;
  return current;
}

/**
 * Rewrites a response body (an object or a list of them) into `version`'s shape, in place: give it a copy.
 * Events are left alone: an event's snapshot is shown in the event's own `api_version` (see `renderEvent`).
 */
export function renderForVersion(body: unknown, version: string): void {
  if (version === LATEST_VERSION) return;
  const changes = VERSION_CHANGES.filter((change) => change.version > version);
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (object.object === 'list' && Array.isArray(object.data)) return object.data.forEach(visit);
    for (const change of changes) change.downgrade[String(object.object)]?.(object);
  };
  visit(body);
}
