import type { Clock } from '../clock/clock';
import { expireEvents } from '../domain/events';
import { expireIdempotency } from '../domain/idempotency';
import type { Scheduler } from '../scheduler/scheduler';
import type { Partition, Store } from '../store/store';
import { expireDeliveries } from '../webhooks/expire-deliveries';

/** What expiry reads of an instance: its store, and the clock each workspace follows. */
export interface ExpiryHost {
  readonly store: Store;
  clockFor(workspace: string): Clock;
}

/**
 * Drops events and idempotency records that time has expired, in every workspace (each by its own clock). Both
 * are kept in creation order, so each partition costs a look at its oldest entries unless something is due.
 * @example expireAll(ctx) // after a clock move
 */
export function expireAll(host: ExpiryHost): void {
  for (const id of host.store.workspaces.keys()) expireWorkspace(host, id);
}

/** {@link expireAll} for one workspace, by its own clock. */
export function expireWorkspace(host: ExpiryHost, id: string): void {
  const workspace = host.store.workspaces.get(id);
  if (!workspace) return;
  const now = host.clockFor(id).now();
  expirePartition(workspace.test, now);
  expirePartition(workspace.live, now);
}

/** Events past 30 days, answers past 24 h and deliveries of expired events, in one account and mode at `now`. */
export function expirePartition(partition: Partition, now: number): void {
  expireEvents(partition, now);
  expireIdempotency(partition, now);
  if (partition.webhookDeliveries.size > 0) expireDeliveries(partition, now);
}

/**
 * Frees what has expired as the mock clock passes (a clock move also sweeps at each stop), never on the request
 * path: a job on the server's scheduler that books its own next run. The job holds the instance weakly, so one
 * dropped without close() (an embedded app, a test's sandbox) is still collected, and its schedule ends at the
 * next run.
 * @example sweepOnSchedule(ctx, ctx.scheduler, ctx.clock, 60_000)
 */
export function sweepOnSchedule(host: ExpiryHost, scheduler: Scheduler, clock: Clock, intervalMs: number): void {
  const ref = new WeakRef(host);
  const sweep = (): void => {
    const live = ref.deref();
    if (!live) return;
    expireAll(live);
    scheduler.scheduleChore(clock.nowMs() + intervalMs, sweep);
  };
  scheduler.scheduleChore(clock.nowMs() + intervalMs, sweep);
}
