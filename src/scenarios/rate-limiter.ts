/**
 * Counts requests per key per wall-clock second (the rate-limited scenario is about real traffic, so it uses
 * real time, not the mock clock).
 */
export class RateLimiter {
  private second = 0;
  private readonly counts = new Map<string, number>();

  /** Whether this request is over `limit`; if so, how many seconds to wait. */
  hit(key: string, limit: number, nowMs: number): { limited: boolean; retryAfter: number } {
    const second = Math.floor(nowMs / 1000);
    if (second !== this.second) {
      this.second = second;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return { limited: count > limit, retryAfter: 1 };
  }
}
