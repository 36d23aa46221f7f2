/**
 * Which /v1 requests are running, per workspace, so that operations replacing state (reset, state import,
 * workspace deletion) can wait for them: a request that captured a workspace before the replacement would
 * otherwise write into the discarded store and still tell its client 200 for an object that no longer exists.
 * While a replacement waits, new requests for what it replaces wait too (they would only prolong the wait and
 * meet the same fate), then run against the new state.
 */
export class InFlight {
  private readonly counts = new Map<string, number>();
  private total = 0;
  /** Set while a whole-store replacement (reset, import) waits or runs. */
  private all: Promise<void> | undefined;
  /** Workspaces being replaced (deleted), each with the promise its requests wait for. */
  private readonly workspaces = new Map<string, Promise<void>>();
  /** Replacements run one at a time. */
  private tail: Promise<unknown> = Promise.resolve();
  private waiting: Array<{ scope: string | null; resolve: () => void }> = [];

  /** What a request for `workspace` must wait for before it starts, if anything (a cheap check when nothing is). */
  pending(workspace: string): Promise<void> | undefined {
    return this.all ?? (this.workspaces.size === 0 ? undefined : this.workspaces.get(workspace));
  }

  /** How many /v1 requests are running. */
  running(): number {
    return this.total;
  }

  enter(workspace: string): void {
    this.counts.set(workspace, (this.counts.get(workspace) ?? 0) + 1);
    this.total++;
  }

  leave(workspace: string): void {
    // A count that drops to 0 stays (deleting it would rebuild the map's table on every request); the entry goes
    // when its workspace is replaced.
    this.counts.set(workspace, (this.counts.get(workspace) ?? 1) - 1);
    this.total--;
    if (this.waiting.length > 0) this.wake();
  }

  /**
   * Runs `replace` once no request is in flight in `scope` (a workspace id, or null for the whole store),
   * holding new requests for that scope until it has run. With nothing in flight it runs at once, synchronously.
   */
  replace<T>(scope: string | null, replace: () => T): Promise<T> {
    if (this.all === undefined && this.workspaces.size === 0 && this.busy(scope) === 0) {
      this.forget(scope);
      try {
        return Promise.resolve(replace());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    const run = this.tail.then(async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      if (scope === null) this.all = gate;
      else this.workspaces.set(scope, gate);
      try {
        await this.idle(scope);
        this.forget(scope);
        return replace();
      } finally {
        if (scope === null) this.all = undefined;
        else this.workspaces.delete(scope);
        release();
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Drops the idle counts of what is being replaced (a deleted workspace's would stay forever). */
  private forget(scope: string | null): void {
    if (scope !== null) this.counts.delete(scope);
    else for (const [workspace, count] of this.counts) if (count === 0) this.counts.delete(workspace);
  }

  private busy(scope: string | null): number {
    return scope === null ? this.total : (this.counts.get(scope) ?? 0);
  }

  private idle(scope: string | null): Promise<void> {
    if (this.busy(scope) === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ scope, resolve }));
  }

  private wake(): void {
    const still: typeof this.waiting = [];
    for (const waiter of this.waiting) {
      if (this.busy(waiter.scope) === 0) waiter.resolve();
      else still.push(waiter);
    }
    this.waiting = still;
  }
}
