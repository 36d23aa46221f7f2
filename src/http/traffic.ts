/**
 * The requests a listening server is answering, so that a shutdown can let them finish before saving: every
 * success a client received is then in the saved file, and nothing is answered after the save begins.
 */
export class Traffic {
  /** Requests between "body received" and "answer written". */
  private active = 0;
  /** Set when shutting down: answers close their connection, so keep-alive clients do not send more. */
  closing = false;
  /** Set once drained: a request that completes after this is dropped, never answered. */
  stopped = false;
  private waiters: Array<() => void> = [];

  start(): void {
    this.active++;
  }

  finish(): void {
    this.active--;
    if (this.active === 0 && this.waiters.length > 0) {
      for (const wake of this.waiters) wake();
      this.waiters = [];
    }
  }

  running(): number {
    return this.active;
  }

  /** Resolves once no request is being answered, or after `timeoutMs`, whichever comes first. */
  idle(timeoutMs: number): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
