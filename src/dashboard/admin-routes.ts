import { EVENT_RETENTION_SECONDS, EVENT_TYPES, renderEvent } from '../domain/events';
import { ApiError } from '../errors/api-error';
import { AdminRoute } from '../http/admin/admin-routes';
import { Collection } from '../store/collection';
import { StoredEvent } from '../store/event-log';
import { Partition, Store, Workspace } from '../store/store';
import type { MockContext } from '../context';

/**
 * Read-only views the dashboard needs and the older admin endpoints did not give: workspaces, objects of every
 * kind per workspace and mode (with search), one object with what hangs off it, the event feed across
 * workspaces, and one journal entry. Strict query parameters, like the rest of /_mock.
 */
const OBJECT_TYPES = ['payment', 'customer', 'refund', 'payment_method', 'webhook_endpoint'] as const;
type ObjectType = (typeof OBJECT_TYPES)[number];
type Row = { id: string; created: number } & Record<string, unknown>;

export const DASHBOARD_ADMIN_ROUTES: AdminRoute[] = [
  {
    method: 'GET', path: '/_mock/workspaces', summary: 'Every workspace, with how many objects each mode holds',
    handler: ({ ctx, query }) => {
      onlyQuery(query, []);
      const data = [...ctx.store.workspaces.values()].map((workspace) => ({
        id: workspace.id, object: 'workspace', name: workspace.name, account: workspace.account, created: workspace.created,
        default_version: workspace.default_version, counts: { test: counts(workspace.test), live: counts(workspace.live) },
      }));
      return { object: 'list', data };
    },
  },
  {
    method: 'GET', path: '/_mock/objects', summary: 'Objects of every kind, newest first; filter by workspace, livemode, type, and search with q',
    handler: ({ ctx, query }) => {
      onlyQuery(query, ['workspace', 'livemode', 'type', 'q', 'limit']);
      const type = query.get('type');
      if (type !== null && !(OBJECT_TYPES as readonly string[]).includes(type)) throw new ApiError('parameter_invalid', `Invalid type: ${type.slice(0, 40)}. Use one of ${OBJECT_TYPES.join(', ')}.`, { param: 'type' });
      const q = query.get('q')?.trim().toLowerCase() ?? '';
      const limit = readLimit(query.get('limit'));
      const rows: Row[] = [];
      let more = false;
      for (const { workspace, partition } of places(ctx.store, query)) {
        for (const kind of type === null ? OBJECT_TYPES : [type as ObjectType]) {
          if (q === '') {
            // Browsing: each collection's newest page (O(limit)); searching has to look at every object.
            const page = collectionOf(partition, kind).page({ limit });
            more ||= page.has_more;
            for (const object of page.data) rows.push({ ...object, workspace: workspace.id });
          } else {
            for (const object of objectsOf(partition, kind)) if (matches(object, q)) rows.push({ ...object, workspace: workspace.id });
          }
        }
      }
      rows.sort((a, b) => b.created - a.created);
      return { object: 'list', data: rows.slice(0, limit), has_more: more || rows.length > limit };
    },
  },
  {
    method: 'GET', path: '/_mock/objects/:id', summary: 'One object of any kind, with its refunds or payments, events and webhook deliveries',
    handler: ({ ctx, query, path }) => {
      onlyQuery(query, []);
      const id = path.id as string;
      for (const workspace of ctx.store.workspaces.values()) {
        for (const partition of [workspace.test, workspace.live]) {
          const object = findObject(partition, id);
          if (object) return related(ctx, workspace, partition, object);
        }
      }
      throw new ApiError('resource_missing', `No object with id '${id.slice(0, 100)}' in any workspace or mode.`, { param: 'id' });
    },
  },
  {
    method: 'GET', path: '/_mock/events', summary: 'The event feed of every workspace and mode, newest first, with the 30-day window',
    handler: ({ ctx, query }) => {
      onlyQuery(query, ['workspace', 'livemode', 'type', 'limit']);
      const type = query.get('type');
      if (type !== null && !(EVENT_TYPES as readonly string[]).includes(type) && !/^[a-z_]+\.\*$/.test(type)) {
        throw new ApiError('parameter_invalid', `Invalid type: ${type.slice(0, 60)}. Use an event type such as payment.succeeded, or a group such as payment.*.`, { param: 'type' });
      }
      const limit = readLimit(query.get('limit'));
      // Each feed's newest page (indexed, O(limit)), merged: the cost does not grow with the events kept.
      const events: Array<{ event: StoredEvent; workspace: string }> = [];
      let more = false;
      const now = ctx.clock.now();
      for (const { workspace, partition } of places(ctx.store, query)) {
        // Only the window, even where expired events have not been swept yet.
        const page = partition.events.page({ limit, createdMin: now - EVENT_RETENTION_SECONDS + 1 }, type ?? undefined);
        more ||= page.has_more;
        for (const event of page.data) events.push({ event, workspace: workspace.id });
      }
      events.sort((a, b) => b.event.created - a.event.created || b.event.seq - a.event.seq);
      return {
        object: 'list',
        data: events.slice(0, limit).map(({ event, workspace }) => ({ ...renderEvent(event), workspace })),
        has_more: more || events.length > limit,
        now,
        retention_seconds: EVENT_RETENTION_SECONDS,
        // An event created at or before this second has left the feed.
        window_start: now - EVENT_RETENTION_SECONDS,
      };
    },
  },
  {
    method: 'GET', path: '/_mock/requests/:id', summary: 'One journal entry, by its Request-Id',
    handler: ({ ctx, query, path }) => {
      onlyQuery(query, []);
      const entry = ctx.journal.list({ limit: ctx.journal.capacity }).find((candidate) => candidate.id === path.id);
      if (!entry) throw new ApiError('resource_missing', `No request '${(path.id as string).slice(0, 100)}' in the journal (it keeps the latest ${ctx.journal.capacity}).`, { param: 'id' });
      return entry;
    },
  },
];

function counts(partition: Partition): Record<ObjectType | 'event', number> {
  return {
    payment: partition.payments.size, customer: partition.customers.size, refund: partition.refunds.size,
    payment_method: partition.paymentMethods.size, webhook_endpoint: partition.webhookEndpoints.size, event: partition.events.size,
  };
}

function* places(store: Store, query: URLSearchParams): IterableIterator<{ workspace: Workspace; partition: Partition }> {
  const workspaceId = query.get('workspace');
  if (workspaceId !== null && !store.workspaces.has(workspaceId)) throw new ApiError('resource_missing', `No such workspace: '${workspaceId.slice(0, 100)}'. GET /_mock/workspaces lists them.`, { param: 'workspace', status: 400 });
  const livemode = query.get('livemode');
  if (livemode !== null && livemode !== 'true' && livemode !== 'false') throw new ApiError('parameter_invalid', `Invalid livemode: ${livemode.slice(0, 40)}. Use true or false.`, { param: 'livemode' });
  for (const workspace of store.workspaces.values()) {
    if (workspaceId !== null && workspace.id !== workspaceId) continue;
    if (livemode !== 'true') yield { workspace, partition: workspace.test };
    if (livemode !== 'false') yield { workspace, partition: workspace.live };
  }
}

function collectionOf(partition: Partition, type: ObjectType): Collection<Row> {
  const collection = {
    payment: partition.payments, customer: partition.customers, refund: partition.refunds,
    payment_method: partition.paymentMethods, webhook_endpoint: partition.webhookEndpoints,
  }[type];
  return collection as unknown as Collection<Row>;
}

function objectsOf(partition: Partition, type: ObjectType): Iterable<Row> {
  return collectionOf(partition, type).values();
}

/** An object of any kind by id, or an event. */
function findObject(partition: Partition, id: string): Row | undefined {
  for (const type of OBJECT_TYPES) {
    const found = collectionOf(partition, type).get(id);
    if (found) return found;
  }
  const event = partition.events.get(id);
  return event ? (renderEvent(event) as unknown as Row) : undefined;
}

/** Search: the id, the e-mail, name and description, the ids it points at, and metadata values. */
function matches(object: Row, q: string): boolean {
  for (const field of ['id', 'email', 'name', 'description', 'customer', 'payment', 'url']) {
    const value = object[field];
    if (typeof value === 'string' && value.toLowerCase().includes(q)) return true;
  }
  const metadata = object.metadata;
  if (metadata && typeof metadata === 'object') {
    for (const value of Object.values(metadata)) if (typeof value === 'string' && value.toLowerCase().includes(q)) return true;
  }
  return false;
}

function related(ctx: MockContext, workspace: Workspace, partition: Partition, object: Row) {
  const id = object.id;
  const refunds = object.object === 'payment' ? [...(partition.refundsByPayment.get(id)?.values() ?? [])].reverse() : [];
  const payments = object.object === 'customer' ? [...partition.payments.values()].filter((payment) => payment.customer === id).reverse() : [];
  const refundIds = new Set(refunds.map((refund) => refund.id));
  const events: StoredEvent[] = [];
  for (const event of partition.events.values()) {
    const snapshot = event.snapshot;
    if (event.id === id || snapshot.id === id || refundIds.has(snapshot.id as string)) events.push(event);
  }
  events.reverse();
  const eventIds = new Set(events.map((event) => event.id));
  const deliveries = ctx.webhooks.list({ workspace: workspace.id, limit: 1000 }).filter((delivery) => eventIds.has(delivery.event) || delivery.endpoint === id);
  return {
    workspace: workspace.id, livemode: partition.livemode, object,
    refunds, payments, events: events.map(renderEvent), deliveries,
  };
}

function readLimit(limit: string | null): number {
  if (limit === null) return 100;
  if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000) throw new ApiError('parameter_invalid_integer', `Invalid limit: ${limit.slice(0, 40)}. Use 1 to 1000.`, { param: 'limit' });
  return Number(limit);
}

function onlyQuery(query: URLSearchParams, allowed: string[]): void {
  for (const name of query.keys()) {
    if (!allowed.includes(name)) {
      throw new ApiError('parameter_unknown', `Received unknown parameter: ${name.slice(0, 100)}. ${allowed.length ? `Filters: ${allowed.join(', ')}.` : 'This endpoint takes no parameters.'}`, { param: name.slice(0, 100) });
    }
  }
}
