/** A change an admin call made to what /v1 requests meet: the clock moved, or the scenario switched. */
export type ControlChange = { kind: 'advance'; seconds: number } | { kind: 'scenario'; scenario: string | null };

/** One change, placed among the journal's requests. */
export type ControlEntry = ControlChange & {
  /** The workspace whose own clock or scenario changed; null for the server's (which every follower meets). */
  workspace: string | null;
  /** How many /v1 requests the journal had recorded when it happened: it comes after the request of that ordinal. */
  after: number;
  /** The server clock then (Unix seconds), as the journal's `created`. */
  created: number;
};

/**
 * The clock moves and scenario changes beside the request journal, in order with its requests, so a session
 * kept as a flow can replay them as control steps. Bounded like the journal (a ring of the same size): admin
 * changes are rare, and only the ones among the requests still journaled can be placed.
 */
export class ControlLog {
  private entries: ControlEntry[] = [];

  constructor(readonly capacity: number) {}

  record(entry: ControlEntry): void {
    if (this.capacity === 0) return;
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  /** Oldest first. */
  list(): readonly ControlEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries = [];
  }
}
