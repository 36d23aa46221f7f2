import { StoredDelivery } from './deliveries';
import { Timeline } from './timeline';

/**
 * The webhook deliveries of one account and mode: a Map by id (in creation order, as before) that also keeps them
 * in a timeline by (created, seq), so the newest page is found in O(limit) instead of sorting every delivery,
 * and the oldest are dropped from the front. Every write goes through `set` and `delete`, which keep both.
 *
 * @example
 * const log = new DeliveryLog();
 * log.set(delivery.id, delivery);
 * log.newest(1); // [delivery]
 */
export class DeliveryLog extends Map<string, StoredDelivery> {
  private readonly order = new Timeline<StoredDelivery>();

  override set(id: string, delivery: StoredDelivery): this {
    const previous = super.get(id);
    if (previous) this.order.remove(previous);
    super.set(id, delivery);
    this.order.insert(delivery);
    return this;
  }

  override delete(id: string): boolean {
    const delivery = super.get(id);
    if (!delivery) return false;
    this.order.remove(delivery);
    return super.delete(id);
  }

  override clear(): void {
    for (const delivery of super.values()) this.order.remove(delivery);
    super.clear();
  }

  /**
   * Up to `limit` deliveries that `keep` accepts, newest first (by created, then creation order): a walk from the
   * newest that stops at the first `limit` matches.
   */
  newest(limit: number, keep?: (delivery: StoredDelivery) => boolean): StoredDelivery[] {
    return keep ? this.order.pageWhere({ limit }, keep).data : this.order.page({ limit }).data;
  }

  /** Drops every delivery created at or before `created` (Unix seconds), oldest first, in one cut. */
  dropThrough(created: number): void {
    for (const delivery of this.order.dropThrough(created)) super.delete(delivery.id);
  }
}
