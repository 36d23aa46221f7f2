import type { EventBus, EventMessage } from '../bus/bus';
import type { Scheduled, Scheduler } from '../scheduler/scheduler';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from '../schemas/resources';
import type { StoredEvent } from '../store/event-log';
import type { Partition, Store, Workspace } from '../store/store';
import { AttemptSender } from './attempt-request';
import { attemptOutcome, newDelivery, retryDueMs } from './delivery-states';
import { countDeliveries, DeliveryCounts, DeliveryFilter, findDelivery, listDeliveries, Placed, placedDeliveries, present } from './delivery-reads';
import { wants } from './endpoints';
import { Lane } from './lane';
import { isProbeEvent } from './probe-events';
import type { Cancelable, SendResult } from './send-result';

/** What the webhooks need from their mock instance. */
export interface WebhookHost {
  /** The current store (reset and state import replace it). */
  readonly store: Store;
  readonly bus: EventBus;
  /** The scheduler whose clock a workspace follows. */
  schedulerFor(workspace: string): Scheduler;
  readonly webhookTimeoutMs: number;
  /** `node`: node:http with keep-alive agents; `fetch`: the global fetch (MSW and browsers see it). */
  readonly webhookTransport: 'node' | 'fetch';
  /** CA certificates (PEM) https: deliveries trust on top of the system's (`--webhook-ca`). */
  readonly webhookCa?: readonly string[] | undefined;
}

/**
 * Delivers events to webhook endpoints: one delivery per event and matching endpoint, made when the event is
 * emitted, attempted at once and retried on the mock clock (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Each
 * endpoint has a lane with one attempt in flight at a time, in due order, so a healthy receiver sees events in
 * the order they were created. The deliveries live in the store (per account and mode); this class holds only
 * what runs: lanes, scheduled attempts and requests in flight. Where an attempt's result leads (succeeded,
 * failed, canceled, retried) is delivery-states.ts; reading the deliveries is delivery-reads.ts; the HTTP request
 * of one attempt (signing, transport) is attempt-request.ts.
 *
 * It follows the bus only while some endpoint exists, so without endpoints the request path pays nothing.
 */
export class Webhooks {
  private unsubscribe: (() => void) | undefined;
  private readonly lanes = new Map<string, Lane>();
  private readonly scheduled = new Map<string, Scheduled>();
  /** Requests in flight, with the workspace they deliver for (a workspace reset cuts its own). */
  private readonly inFlight = new Map<Cancelable, string>();
  private closed = false;
  private readonly sender: AttemptSender;

  constructor(private readonly host: WebhookHost) {
    this.sender = new AttemptSender(host);
  }

  /**
   * Call after endpoints were added or removed, or the store replaced: follows the bus while any endpoint exists.
   * After a store replacement (`reload`), also drops what ran for the old store and schedules the pending
   * deliveries of the new one.
   */
  sync(): void {
    let any = false;
    for (const partition of this.host.store.partitions()) if (partition.webhookEndpoints.size > 0) any = true;
    if (any && !this.unsubscribe) this.unsubscribe = this.host.bus.event.subscribe((message) => this.onEvent(message));
    if (!any && this.unsubscribe) {
      this.unsubscribe();
      this.unsubscribe = undefined;
    }
  }

  /** The store was replaced (reset, state import): forget the old one's work, pick up the new one's. */
  reload(): void {
    for (const job of this.scheduled.values()) job.cancel();
    this.scheduled.clear();
    this.lanes.clear();
    for (const request of this.inFlight.keys()) request.destroy();
    this.sync();
    for (const placed of placedDeliveries(this.host.store)) this.resume(placed);
  }

  /**
   * A workspace's data is about to be replaced (workspace reset) or dropped: cancels its scheduled attempts, cuts
   * its requests in flight and forgets its endpoints' lanes. Other workspaces' work goes on untouched.
   */
  dropWorkspace(workspace: Workspace): void {
    for (const partition of [workspace.test, workspace.live]) {
      for (const delivery of partition.webhookDeliveries.values()) {
        this.scheduled.get(delivery.id)?.cancel();
        this.scheduled.delete(delivery.id);
      }
      for (const endpoint of partition.webhookEndpoints.values()) this.lanes.delete(endpoint.id);
    }
    for (const [request, owner] of this.inFlight) if (owner === workspace.id) request.destroy();
  }

  /** Picks up a workspace's new data (after a workspace reset): follows the bus if needed, schedules its pending deliveries. */
  loadWorkspace(workspaceId: string): void {
    this.sync();
    for (const placed of placedDeliveries(this.host.store, workspaceId)) this.resume(placed);
  }

  /** The workspace now has a clock of its own: its scheduled attempts move onto its scheduler, at the same due times. */
  rescheduleWorkspace(workspaceId: string): void {
    for (const placed of placedDeliveries(this.host.store, workspaceId)) {
      const job = this.scheduled.get(placed.delivery.id);
      if (!job) continue;
      job.cancel();
      this.scheduled.delete(placed.delivery.id);
      this.schedule(placed, job.dueMs);
    }
  }

  private resume(placed: Placed): void {
    const { delivery } = placed;
    if (delivery.status === 'pending') this.schedule(placed, delivery.nextDueMs ?? this.host.schedulerFor(placed.workspace.id).clock.nowMs());
  }

  /** Cancels the pending deliveries of an endpoint that was disabled or deleted. */
  cancelEndpoint(workspace: Workspace, partition: Partition, endpointId: string): void {
    for (const delivery of partition.webhookDeliveries.values()) {
      if (delivery.endpoint !== endpointId || delivery.status !== 'pending') continue;
      this.finish({ workspace, partition, delivery }, 'canceled');
    }
  }

  /** Makes an attempt now, whatever the delivery's status, and answers once it is done. */
  async retry(id: string): Promise<WebhookDelivery | undefined> {
    const placed = findDelivery(this.host.store, id);
    if (!placed) return undefined;
    const { delivery } = placed;
    this.scheduled.get(delivery.id)?.cancel();
    this.scheduled.delete(delivery.id);
    const manual = delivery.status !== 'pending';
    delivery.status = 'pending';
    delivery.nextDueMs = null;
    await this.lane(delivery.endpoint).run(() => this.attempt(placed, manual));
    return present(placed);
  }

  /**
   * A new delivery of an event to one endpoint of its own workspace and mode (a redelivery after a fix), made at
   * once and retried on the usual schedule if it fails; answers once the first attempt is made. The caller checks
   * that the event is in the window and the endpoint belongs to the event's partition.
   */
  async deliverAgain(workspace: Workspace, partition: Partition, event: StoredEvent, endpoint: WebhookEndpoint): Promise<WebhookDelivery> {
    const delivery = newDelivery(this.host.store, endpoint, event, this.host.schedulerFor(workspace.id).clock.now(), null);
    partition.webhookDeliveries.set(delivery.id, delivery);
    const placed = { workspace, partition, delivery };
    this.publish(placed);
    await this.lane(endpoint.id).run(() => this.attempt(placed, false));
    return present(placed);
  }

  /** Waits until no attempt is due now or in flight (or `timeoutMs` passes); then counts deliveries by status. */
  async flush(timeoutMs = 10_000): Promise<DeliveryCounts & { timed_out: boolean }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), timeoutMs);
    });
    const settled = this.settle().then(() => false);
    const timedOut = await Promise.race([settled, timeout]);
    clearTimeout(timer);
    return { ...this.counts(), timed_out: timedOut };
  }

  counts(): DeliveryCounts {
    return countDeliveries(this.host.store);
  }

  /** Deliveries newest first, filtered (each account and mode gives its newest `limit` matches, merged). */
  list(filter: DeliveryFilter = {}): WebhookDelivery[] {
    return listDeliveries(this.host.store, filter);
  }

  get(id: string): WebhookDelivery | undefined {
    const placed = findDelivery(this.host.store, id);
    return placed && present(placed);
  }

  /**
   * POSTs to a workspace's receiver as deliveries go (transport, kept connections, `--webhook-ca` trust), counted in
   * flight so that a close or a workspace reset cuts it: the webhook probe's sends.
   */
  post(workspace: string, url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    return this.sender.post(url, headers, body, this.tracker(workspace));
  }

  /** Keeps a request in flight for `workspace` until it ends. */
  private tracker(workspace: string): (request: Cancelable) => () => void {
    return (request) => {
      this.inFlight.set(request, workspace);
      return () => this.inFlight.delete(request);
    };
  }

  /** Stops everything: scheduled attempts never run and requests in flight are cut. */
  close(): void {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    for (const job of this.scheduled.values()) job.cancel();
    this.scheduled.clear();
    for (const request of this.inFlight.keys()) request.destroy();
    this.sender.close();
  }

  /** The scheduler settles every attempt it started; retries run through it too. */
  private async settle(): Promise<void> {
    const schedulers = new Set<Scheduler>();
    for (const workspace of this.host.store.workspaces.values()) schedulers.add(this.host.schedulerFor(workspace.id));
    await Promise.all([...schedulers].map((scheduler) => scheduler.settle()));
    await Promise.all([...this.lanes.values()].map((lane) => lane.idle()));
  }

  private onEvent({ workspace: workspaceId, livemode, event }: EventMessage): void {
    const workspace = this.host.store.workspaces.get(workspaceId);
    if (!workspace) return;
    const partition = livemode ? workspace.live : workspace.test;
    if (partition.webhookEndpoints.size === 0 || isProbeEvent(event)) return;
    const nowMs = this.host.schedulerFor(workspaceId).clock.nowMs();
    for (const endpoint of partition.webhookEndpoints.values()) {
      if (endpoint.status !== 'enabled' || !wants(endpoint, event.type)) continue;
      const delivery = newDelivery(this.host.store, endpoint, event, event.created, nowMs);
      partition.webhookDeliveries.set(delivery.id, delivery);
      const placed = { workspace, partition, delivery };
      this.schedule(placed, nowMs);
      this.publish(placed);
    }
  }

  private schedule(placed: Placed, dueMs: number): void {
    const { delivery } = placed;
    delivery.nextDueMs = dueMs;
    const scheduler = this.host.schedulerFor(placed.workspace.id);
    const job = scheduler.schedule(dueMs, () => {
      this.scheduled.delete(delivery.id);
      if (delivery.status !== 'pending') return undefined;
      return this.lane(delivery.endpoint).run(() => this.attempt(placed, false));
    });
    this.scheduled.set(delivery.id, job);
  }

  /** One attempt: POST, log it, then succeed, schedule the next, or fail after the last. */
  private async attempt(placed: Placed, manual: boolean): Promise<void> {
    const { workspace, partition, delivery } = placed;
    if (this.closed || !this.isCurrent(placed) || delivery.status !== 'pending') return;
    const endpoint = partition.webhookEndpoints.get(delivery.endpoint);
    if (!endpoint || (endpoint.status === 'disabled' && !manual)) return this.finish(placed, 'canceled');
    delivery.nextDueMs = null;
    delivery.url = endpoint.url;
    const clock = this.host.schedulerFor(workspace.id).clock;
    const atMs = clock.nowMs();
    const n = delivery.attempts.length + 1;
    const result = await this.sender.send(partition, endpoint, delivery, n, atMs, this.tracker(workspace.id));
    if (this.closed || !this.isCurrent(placed)) return;
    delivery.attempts.push({
      n,
      at: Math.floor(atMs / 1000),
      duration_ms: result.durationMs,
      response_status: result.status,
      error: result.error,
      response_body: result.body,
    });
    const outcome = attemptOutcome(result, n, manual, partition.webhookEndpoints.get(delivery.endpoint));
    if (outcome !== 'retry') return this.finish(placed, outcome);
    this.schedule(placed, retryDueMs(atMs, n));
    this.publish(placed);
  }

  private finish(placed: Placed, status: Exclude<DeliveryStatus, 'pending'>): void {
    const { delivery } = placed;
    delivery.status = status;
    delivery.nextDueMs = null;
    this.scheduled.get(delivery.id)?.cancel();
    this.scheduled.delete(delivery.id);
    this.publish(placed);
  }

  private publish({ workspace, partition, delivery }: Placed): void {
    if (this.host.bus.delivery.hasSubscribers)
      this.host.bus.delivery.publish({ workspace: workspace.id, livemode: partition.livemode, id: delivery.id, status: delivery.status });
  }

  /** Whether a delivery still belongs to the store (reset and state import replace it). */
  private isCurrent({ workspace, partition, delivery }: Placed): boolean {
    return this.host.store.workspaces.get(workspace.id) === workspace && partition.webhookDeliveries.get(delivery.id) === delivery;
  }

  private lane(endpointId: string): Lane {
    let lane = this.lanes.get(endpointId);
    if (!lane) this.lanes.set(endpointId, (lane = new Lane()));
    return lane;
  }
}
