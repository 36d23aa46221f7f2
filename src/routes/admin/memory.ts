import { memoryReport } from '../../memory/memory-report';
import { ADMIN_SHAPES } from '../../schemas/admin';
import { AdminRoute } from '../route-types';

/** What memory the instance holds against its budget (`--max-memory`), per workspace. */
export const ADMIN_MEMORY_ROUTES: AdminRoute[] = [
  {
    method: 'GET',
    path: '/_mock/memory',
    operationId: 'adminMemory',
    summary: 'Memory held against the budget',
    description:
      'What the mock holds against its memory budget (`--max-memory`), V8\'s own heap figures, and per workspace its objects, events, idempotency records, deliveries and estimated bytes, largest first. At the budget (`state: "full"`) requests that store something new get 503 `memory_budget_exceeded`: reset or delete the workspaces listed here to free memory.',
    response: ADMIN_SHAPES.memory,
    example: {
      object: 'memory',
      state: 'ok',
      held: 41_943_040,
      budget: 3_221_225_472,
      percent: 1.3,
      heap: { used: 52_428_800, limit: 4_294_967_296 },
      workspaces: [
        { workspace: 'ws_default', name: 'Default workspace', objects: 1200, events: 2400, idempotency_records: 300, deliveries: 0, bytes: 1_200_000 },
      ],
    },
    handler: ({ ctx }) => memoryReport(ctx.memory, ctx.memory.heap, ctx.store),
  },
];
