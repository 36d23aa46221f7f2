import { EVENT_RETENTION_SECONDS, EVENT_TYPES, liveEvents, renderEvent } from '../../domain/events';
import { ApiError } from '../../errors/api-error';
import { queryLimit } from '../shared/admin-input';
import { AdminRoute } from '../route-types';
import { StoredEvent } from '../../store/event-log';
import { LIMIT_QUERY, listOfObjects, places, WORKSPACE_QUERY } from './cross-workspace-lists';

/**
 * `/_mock/events`: the event feed of every workspace and mode, inside each workspace's 30-day window.
 * @example
 * // curl 'localhost:4010/_mock/events?type=payment.*&limit=20'
 */
export const ADMIN_EVENT_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/events',
    operationId: 'adminListEvents',
    summary: 'The event feed of every workspace',
    description: "Events of every workspace and mode, newest first, inside the 30-day window of each workspace's clock, with where that window starts.",
    query: { ...WORKSPACE_QUERY, type: { type: 'string', description: 'An event type, or a group such as payment.*' }, ...LIMIT_QUERY },
    response: listOfObjects({
      now: { type: 'integer' },
      retention_seconds: { type: 'integer' },
      window_start: { type: 'integer', description: 'An event created at or before this second has left the feed.' },
      types: { type: 'array', items: { type: 'string' }, description: 'Every event type the sandbox emits (what `type` filters by).' },
    }),
    example: { object: 'list', data: [], has_more: false, now: 1767225600, retention_seconds: 2592000, window_start: 1764633600, types: ['payment.created'] },
    handler: ({ ctx, query }) => {
      const type = query.get('type');
      if (type !== null && !(EVENT_TYPES as readonly string[]).includes(type) && !/^[a-z_]+\.\*$/.test(type)) {
        throw new ApiError(
          'parameter_invalid',
          `Invalid type: ${type.slice(0, 60)}. Use an event type such as payment.succeeded, or a group such as payment.*.`,
          { param: 'type' },
        );
      }
      const limit = queryLimit(query.get('limit')) ?? 100;
      // Each feed's newest page (indexed, O(limit)), merged: the cost does not grow with the events kept.
      const events: Array<{ event: StoredEvent; workspace: string }> = [];
      let more = false;
      // The window of the workspace asked for, by its own clock; across workspaces, the shared clock's.
      const workspaceId = query.get('workspace');
      const now = (workspaceId !== null && ctx.store.workspaces.has(workspaceId) ? ctx.clockFor(workspaceId) : ctx.clock).now();
      for (const { workspace, partition } of places(ctx.store, query)) {
        const page = liveEvents(partition, ctx.clockFor(workspace.id).now()).page({ limit }, type ?? undefined);
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
        types: EVENT_TYPES,
      };
    },
  },
];
