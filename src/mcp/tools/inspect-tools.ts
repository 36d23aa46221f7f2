import type { AdminToolRow } from '../tool-types';

/** What happened: the request journal, and webhook endpoints and deliveries with their controls. */
export const INSPECT_TOOLS: AdminToolRow[] = [
  {
    name: 'list_requests',
    title: 'Read the request journal',
    description:
      'Reads the request journal, newest first: the /v1 requests the mock received (from the code under test, its tests, or the ' +
      '`request` tool) with method, path, status, masked key, Idempotency-Key, whether it was an idempotent replay, duration, and the ' +
      'request and response bodies (keys and card numbers masked wherever they are). Filter by method, path prefix and status. Use it to see what an ' +
      'integration really sent and why the API refused it.',
    example: { method: 'POST', path: '/v1/payments', status: 400, limit: 5 },
    calls: [{ operation: 'adminListRequests' }],
    inputNotes: {
      method: 'Only this HTTP method (GET, POST, DELETE).',
      path: 'Only paths starting with this ("/v1/payments").',
      status: 'Only this HTTP status (402 for declines, 400 for refused parameters).',
      limit: 'At most this many entries, newest first (default 20; the journal keeps the last 1000).',
    },
    defaults: { limit: 20 },
    omit: ['as', 'workspace', 'since'],
    answers: 0,
  },
  {
    name: 'save_session_as_flow',
    title: 'Keep the session as a replayable flow',
    description:
      'Writes what happened as a flow document that run_flow (or `payments-mock flow <file>`) replays on a fresh mock: the /v1 requests ' +
      'of one workspace and mode from the journal, oldest first, with the clock moves and scenario changes made among them as control ' +
      'steps. Ids the session made become references (${payment_3:id}), so a replay makes fresh objects; fixture ids stay as they are. ' +
      'Each step carries the status it got (expect_status; a refusal also expect_error), so a replay that answers otherwise stops at that ' +
      'step. Keys and card numbers are never written. Use it to turn a manual checkout session that worked (or broke) into a regression test.',
    example: { workspace: 'acme', since: 'req_4Xq2nUyV7pBz0cR3tL9mKw1E' },
    calls: [{ operation: 'adminListRequests' }],
    inputNotes: {
      workspace: 'The workspace of the session (ws_…); left out, the workspace of its first request.',
      since: 'Only from this Request-Id (req_…) on, or from this Unix time on.',
    },
    fixed: { as: 'flow' },
    omit: ['method', 'path', 'status', 'limit'],
    answers: 1,
  },
  {
    name: 'list_webhook_endpoints',
    title: 'List webhook endpoints with their secrets',
    description:
      'Lists every registered webhook endpoint with its workspace, mode, URL, enabled events, status and signing secret (whsec_…). ' +
      'Use it to get the secret a webhook handler verifies signatures with, or to check where events go. Register an endpoint with ' +
      'the `request` tool: POST /v1/webhook_endpoints with params {"url": "http://localhost:3000/webhooks", "enabled_events": ["*"]}.',
    example: {},
    calls: [{ operation: 'adminListWebhookEndpoints' }],
  },
  {
    name: 'list_deliveries',
    title: 'List webhook deliveries and their attempts',
    description:
      'Lists webhook deliveries, newest first, each with every attempt (mock time, HTTP status, error such as connection_refused or ' +
      "timeout, the first 1 KiB of the receiver's answer) and when the next retry is due (next_attempt_at, mock Unix seconds). " +
      'Filter by workspace, endpoint (we_…), event (evt_…) and status (pending, succeeded, failed, canceled). Use it to find out why ' +
      'a webhook handler did not get, or did not accept, an event.',
    example: { status: 'pending', limit: 5 },
    calls: [{ operation: 'adminListWebhookDeliveries' }],
    inputNotes: { limit: 'At most this many, newest first (default 20).' },
    defaults: { limit: 20 },
  },
  {
    name: 'retry_delivery',
    title: 'Attempt a webhook delivery again now',
    description:
      'Attempts a webhook delivery again now, whatever its status, and answers the delivery with the new attempt. A pending delivery ' +
      'keeps its retry schedule; a finished one ends succeeded or failed. Use it after fixing a webhook handler to replay what it ' +
      'failed on.',
    example: { id: 'whd_7Hq2nUyV7pBz0cR3tL9mKw1E' },
    calls: [{ operation: 'adminRetryWebhookDelivery' }],
    inputNotes: { id: 'The delivery id (whd_…) from list_deliveries.' },
  },
  {
    name: 'flush_webhooks',
    title: 'Wait for due webhook attempts',
    description:
      'Waits until no webhook attempt is due now or in flight (at most timeout_ms, default 10000), then counts deliveries by status. ' +
      'Use it after an API call, before checking what a webhook receiver got: the first attempt is made just after the API answers. ' +
      'Retries due later on the mock clock are not waited for: move the clock with advance_clock.',
    example: { timeout_ms: 5000 },
    calls: [{ operation: 'adminFlushWebhooks' }],
  },
  {
    name: 'memory_usage',
    title: 'Memory held against the budget',
    description:
      'Reports what the mock holds against its memory budget (--max-memory): bytes held, the budget, the percentage, the state ' +
      '(ok; warning from 80%; full at the budget, when requests that store something new get 503 memory_budget_exceeded) and, per ' +
      'workspace, its objects, events, idempotency records, deliveries and estimated bytes, largest first. Use it when creates are ' +
      'refused with memory_budget_exceeded, to pick the workspace to reset or delete.',
    example: {},
    calls: [{ operation: 'adminMemory' }],
  },
];
