import { ApiError } from '../../errors/api-error';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { queryLimit } from '../shared/admin-input';
import { AdminRoute } from '../route-types';
import { EXAMPLE_JOURNAL_ENTRY } from '../examples';
import { journalFlow, sessionSource } from '../../triggers/journal-flow';

/** The request journal: what the /v1 API was asked and answered. */
export const ADMIN_REQUEST_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/requests',
    operationId: 'adminListRequests',
    summary: 'The request journal, newest first',
    description:
      'The last /v1 requests with their status, masked key, idempotency key, replay flag, duration and bodies (keys and card numbers masked wherever they are). ' +
      'With `as=flow`: the session as a flow document instead (`POST /_mock/flows` and `payments-mock flow` replay it): the requests of one ' +
      'workspace and mode (`workspace`, default the one of the first request; `since` a Request-Id or Unix seconds), the clock moves and ' +
      'scenario changes among them as control steps, the ids the session made as references, each step with the status it got ' +
      '(`expect_status`, `expect_error`). Keys and card numbers are never written.',
    query: {
      method: { type: 'string', description: 'Only this HTTP method.' },
      path: { type: 'string', description: 'Only paths starting with this prefix.' },
      status: { type: 'integer', minimum: 100, maximum: 599, description: 'Only this HTTP status.' },
      limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many entries (default: all kept).' },
      as: { enum: ['flow'], description: 'flow: answer the session as a flow document.' },
      workspace: { type: 'string', description: 'as=flow: the session of this workspace (default: the workspace of its first request).' },
      since: { type: 'string', description: 'as=flow: from this Request-Id on, or from this Unix time on.' },
    },
    response: { oneOf: [ADMIN_SHAPES.journal, ADMIN_SHAPES.flow] },
    example: {
      object: 'list',
      data: [EXAMPLE_JOURNAL_ENTRY],
    },
    handler: ({ ctx, query }) => {
      const as = query.get('as');
      if (as !== null) {
        if (as !== 'flow')
          throw new ApiError('parameter_invalid', `Invalid as: ${as.slice(0, 40)}. Use as=flow, or leave it out for the journal.`, { param: 'as' });
        for (const name of ['method', 'path', 'status', 'limit'])
          if (query.get(name) !== null)
            throw new ApiError('parameter_unknown', `Received ${name} with as=flow: a flow keeps the whole session; choose it with workspace and since.`, {
              param: name,
            });
        return journalFlow(sessionSource(ctx), {
          ...(query.get('workspace') !== null ? { workspace: query.get('workspace') as string } : {}),
          ...(query.get('since') !== null ? { since: query.get('since') as string } : {}),
        });
      }
      for (const name of ['workspace', 'since'])
        if (query.get(name) !== null)
          throw new ApiError('parameter_unknown', `Received ${name} without as=flow: it chooses the session of a flow.`, { param: name });
      const status = query.get('status');
      const limit = queryLimit(query.get('limit'));
      if (status !== null && !/^\d{3}$/.test(status))
        throw new ApiError('parameter_invalid_integer', `Invalid status: ${status}. Use an HTTP status such as 402.`, { param: 'status' });
      const data = ctx.journal.list({
        ...(query.get('method') ? { method: query.get('method') as string } : {}),
        ...(query.get('path') ? { path: query.get('path') as string } : {}),
        ...(status !== null ? { status: Number(status) } : {}),
        ...(limit !== undefined ? { limit } : {}),
      });
      return { object: 'list', data };
    },
  },
  {
    method: 'DELETE',
    path: '/_mock/requests',
    operationId: 'adminClearRequests',
    summary: 'Empty the journal',
    description: 'Forgets every journaled request.',
    response: { $ref: '#/components/schemas/Status' },
    example: { status: 'ok' },
    handler: ({ ctx }) => {
      ctx.journal.clear();
      return { status: 'ok' };
    },
  },
  {
    method: 'GET',
    path: '/_mock/requests/:id',
    operationId: 'adminGetRequest',
    summary: 'One journal entry',
    description: 'One journaled /v1 request, by its Request-Id, with its bodies (masked).',
    response: { $ref: '#/components/schemas/JournalEntry' },
    example: EXAMPLE_JOURNAL_ENTRY,
    handler: ({ ctx, path }) => {
      // Only the entry asked for is unpacked and masked, not the whole journal.
      const [entry] = ctx.journal.list({ id: path.id as string, limit: 1 });
      if (!entry)
        throw new ApiError(
          'resource_missing',
          `No request '${(path.id as string).slice(0, 100)}' in the journal (it keeps the latest ${ctx.journal.capacity}).`,
          { param: 'id' },
        );
      return entry;
    },
  },
];
