import { liveEvents, renderEvent } from '../../domain/events';
import { ApiError } from '../../errors/api-error';
import { queryLimit } from '../shared/admin-input';
import { AdminRoute } from '../route-types';
import { Collection } from '../../store/collection';
import { StoredEvent } from '../../store/event-log';
import { Partition, Workspace } from '../../store/store';
import type { MockContext } from '../../context/mock-context';
import { anyObject, LIMIT_QUERY, listOfObjects, places, WORKSPACE_QUERY } from './cross-workspace-lists';

const OBJECT_TYPES = ['payment', 'customer', 'refund', 'payment_method', 'webhook_endpoint'] as const;
const PAYMENT_ROW = {
  id: 'pay_3MtwBwLkdIwHu7ix28a3tqPa',
  object: 'payment',
  amount: 2000,
  currency: 'usd',
  status: 'succeeded',
  created: 1767225600,
  livemode: false,
  workspace: 'ws_acme',
};
type ObjectType = (typeof OBJECT_TYPES)[number];
type Row = { id: string; created: number } & Record<string, unknown>;

/**
 * `/_mock/objects`: objects of every kind per workspace and mode (with search), and one object with what hangs
 * off it, as the dashboard browses them.
 * @example
 * // curl 'localhost:4010/_mock/objects?type=payment&q=order-42'
 */
export const ADMIN_OBJECT_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/objects',
    operationId: 'adminListObjects',
    summary: 'Objects of every kind, newest first',
    description:
      'Payments, customers, refunds, payment methods and webhook endpoints of every workspace and mode (what the dashboard browses), newest first; filter by workspace, mode and type, and search ids, e-mails, names, descriptions and metadata values with `q`.',
    query: {
      ...WORKSPACE_QUERY,
      type: { enum: [...OBJECT_TYPES], description: 'Only objects of this kind.' },
      q: { type: 'string', description: 'Search text (case-insensitive).' },
      ...LIMIT_QUERY,
    },
    response: listOfObjects(),
    example: { object: 'list', data: [PAYMENT_ROW], has_more: false },
    handler: ({ ctx, query }) => {
      const type = query.get('type');
      if (type !== null && !(OBJECT_TYPES as readonly string[]).includes(type))
        throw new ApiError('parameter_invalid', `Invalid type: ${type.slice(0, 40)}. Use one of ${OBJECT_TYPES.join(', ')}.`, { param: 'type' });
      const q = query.get('q')?.trim().toLowerCase() ?? '';
      const limit = queryLimit(query.get('limit')) ?? 100;
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
    method: 'GET',
    path: '/_mock/objects/:id',
    operationId: 'adminGetObject',
    summary: 'One object with what hangs off it',
    description:
      'An object of any kind (or an event) found in any workspace and mode, with its refunds (a payment), payments (a customer), events and webhook deliveries.',
    response: {
      type: 'object',
      additionalProperties: false,
      required: ['workspace', 'livemode', 'object', 'refunds', 'payments', 'events', 'deliveries'],
      properties: {
        workspace: { type: 'string' },
        livemode: { type: 'boolean' },
        object: anyObject,
        refunds: { type: 'array', items: anyObject },
        payments: { type: 'array', items: anyObject },
        events: { type: 'array', items: anyObject },
        deliveries: { type: 'array', items: anyObject },
      },
    },
    example: { workspace: 'ws_acme', livemode: false, object: PAYMENT_ROW, refunds: [], payments: [], events: [], deliveries: [] },
    handler: ({ ctx, path }) => {
      const id = path.id as string;
      for (const workspace of ctx.store.workspaces.values()) {
        for (const partition of [workspace.test, workspace.live]) {
          // An event past the window is gone here too, and so is it from the object's history.
          liveEvents(partition, ctx.clockFor(workspace.id).now());
          const object = findObject(partition, id);
          if (object) return related(ctx, workspace, partition, object);
        }
      }
      throw new ApiError('resource_missing', `No object with id '${id.slice(0, 100)}' in any workspace or mode.`, { param: 'id' });
    },
  },
];

function collectionOf(partition: Partition, type: ObjectType): Collection<Row> {
  const collection = {
    payment: partition.payments,
    customer: partition.customers,
    refund: partition.refunds,
    payment_method: partition.paymentMethods,
    webhook_endpoint: partition.webhookEndpoints,
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

/** The most payments a customer's detail lists (the deliveries beside them are capped alike). */
const RELATED_MAX = 1000;

function related(ctx: MockContext, workspace: Workspace, partition: Partition, object: Row) {
  const id = object.id;
  const refunds = object.object === 'payment' ? [...(partition.refundsByPayment.get(id)?.values() ?? [])].reverse() : [];
  // The customer index, not a scan: a scan would build every stored payment.
  const payments = object.object === 'customer' ? partition.payments.pageBy('customer', id, { limit: RELATED_MAX }).data : [];
  const refundIds = new Set<unknown>(refunds.map((refund) => refund.id));
  const events: StoredEvent[] = [];
  const own = partition.events.get(id);
  // What an event is about, compared as stored (a payment's record holds its id as a number), not rendered.
  const key = partition.payments.keyOf(id);
  for (const event of partition.events.values()) {
    const about = (event.stored as { id?: unknown }).id;
    if (event === own || about === id || about === key || refundIds.has(about)) events.push(event);
  }
  events.reverse();
  const eventIds = new Set(events.map((event) => event.id));
  const deliveries = ctx.webhooks.list({ workspace: workspace.id, limit: 1000 }).filter((delivery) => eventIds.has(delivery.event) || delivery.endpoint === id);
  return {
    workspace: workspace.id,
    livemode: partition.livemode,
    object,
    refunds,
    payments,
    events: events.map(renderEvent),
    deliveries,
  };
}
