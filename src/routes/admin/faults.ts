import { ADMIN_SHAPES } from '../../schemas/admin';
import { AdminRoute } from '../route-types';

const FAULT_EXAMPLE = { id: 1, method: 'POST', path: '/v1/payments*', times: 1, phase: 'after', error: 'reset' };

/**
 * `/_mock/faults`: faults queued for the next /v1 requests.
 * @example
 * // curl -X POST localhost:4010/_mock/faults -H 'Content-Type: application/json' -d '{"method":"POST","path":"/v1/payments*","error":"api_error"}'
 */
export const ADMIN_FAULT_ROUTES: AdminRoute[] = [
  {
    method: 'POST',
    path: '/_mock/faults',
    operationId: 'adminAddFault',
    summary: 'Queue a fault',
    description:
      'The next `times` /v1 requests matching `method` and `path` fail with `error`: `before` fails without executing; `after` executes ' +
      '(the result is saved for idempotent replay) and then fails, or drops the connection with `reset`.',
    body: ADMIN_SHAPES.addFault,
    exampleBody: { method: 'POST', path: '/v1/payments*', times: 1, phase: 'after', error: 'reset' },
    response: { $ref: '#/components/schemas/Fault' },
    example: FAULT_EXAMPLE,
    handler: ({ ctx, body }) => ctx.faults.add(body),
  },
  {
    method: 'GET',
    path: '/_mock/faults',
    operationId: 'adminListFaults',
    summary: 'Queued faults',
    description: 'The faults still queued, with how many times each is left.',
    response: ADMIN_SHAPES.faults,
    example: { object: 'list', data: [FAULT_EXAMPLE] },
    handler: ({ ctx }) => ({ object: 'list', data: ctx.faults.list() }),
  },
  {
    method: 'DELETE',
    path: '/_mock/faults',
    operationId: 'adminClearFaults',
    summary: 'Clear queued faults',
    description: 'Drops every queued fault.',
    response: { $ref: '#/components/schemas/Status' },
    example: { status: 'ok' },
    handler: ({ ctx }) => {
      ctx.faults.clear();
      return { status: 'ok' };
    },
  },
];
