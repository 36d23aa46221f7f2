import { EVENT_TYPES, liveEvents, renderEvent } from '../domain/events';
import { unknownTypeWarning } from '../near-miss/unknown-type-warning';
import { ApiError } from '../errors/api-error';
import { createdBounds, CreatedRange, ListParams, listOf, pageQuery } from './shared/lists';
import { ApiRoute, Call, route } from './route-types';

/** Events: the feed of the last 30 days of the mock clock. */
export const EVENT_ROUTES: ApiRoute[] = [
  route({
    method: 'GET',
    path: '/v1/events',
    operationId: 'listEvents',
    summary: 'List events of the last 30 days',
    description:
      'Events of this account and mode, newest first, from the last 30 days of the mock clock. Filter by `type` (exact, or a ' +
      "group such as `payment.*`) and `created` (Unix seconds, or `created[gt|gte|lt|lte]`). Each event's `data.object` is a snapshot " +
      "of the object at that moment, typed by the event's `type`. A `type` that names no type the mock emits (nor a group of them) still " +
      'answers the (empty) list, with a `Warning` header naming the closest types.',
    params: 'listEvents',
    headers: ['Warning'],
    permission: ['events', 'read'],
    response: { list: 'Event' },
    handler: ({ scope, params, url, headers }: Call<ListParams & { type?: string; created?: number | CreatedRange }>) => {
      const warning = params.type === undefined ? undefined : unknownTypeWarning(params.type, EVENT_TYPES);
      if (warning !== undefined) headers.Warning = warning;
      const events = liveEvents(scope.partition, scope.now);
      const query = { ...pageQuery(params, (id) => events.position(id)), ...createdBounds(params.created) };
      return listOf(url, events.page(query, params.type), renderEvent);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/events/:id',
    operationId: 'retrieveEvent',
    summary: 'Retrieve an event',
    description: 'Returns one event of the last 30 days; older events are gone (404).',
    params: 'none',
    permission: ['events', 'read'],
    response: 'Event',
    extension: true,
    handler: ({ scope, path }: Call) => {
      const event = liveEvents(scope.partition, scope.now).get(path.id as string);
      if (!event) throw new ApiError('resource_missing', `No such event: '${path.id}' (events older than 30 days are gone).`, { param: 'id' });
      return renderEvent(event);
    },
  }),
];
