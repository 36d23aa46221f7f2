import { ApiError } from '../../errors/api-error';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { queryLimit } from '../kit/admin-input';
import { AdminRoute } from '../route-types';
import { EXAMPLE_JOURNAL_ENTRY } from '../examples';

/** The request journal: what the /v1 API was asked and answered. */
export const ADMIN_REQUEST_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/requests',
    operationId: 'adminListRequests',
    summary: 'The request journal, newest first',
    description: 'The last /v1 requests with their status, masked key, idempotency key, replay flag, duration and bodies (card numbers masked).',
    query: {
      method: { type: 'string', description: 'Only this HTTP method.' },
      path: { type: 'string', description: 'Only paths starting with this prefix.' },
      status: { type: 'integer', minimum: 100, maximum: 599, description: 'Only this HTTP status.' },
      limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'At most this many entries (default: all kept).' },
    },
    response: ADMIN_SHAPES.journal,
    example: {
      object: 'list',
      data: [EXAMPLE_JOURNAL_ENTRY],
    },
    handler: ({ ctx, query }) => {
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
];
