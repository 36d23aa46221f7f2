import type { AdminToolRow } from '../tool-types';

const WORKSPACE_NOTE = "A workspace id (ws_…) to act on that workspace alone; leave it out for the server's.";
/** The workspace's operation when the input names one (its `{id}` from `workspace`), else the server's. */
const inWorkspace = (server: string, workspace: string) => [{ operation: workspace, pathFrom: { id: 'workspace' } }, { operation: server }];

/** Time, behaviour and the store as a whole: the clock, the scenario, faults, reset and export. */
export const CONTROL_TOOLS: AdminToolRow[] = [
  {
    name: 'get_clock',
    title: 'Read the mock clock',
    description:
      'Reads the mock clock: its mode (real, frozen, offset) and the mock time in Unix seconds and ISO-8601. With `workspace`, that ' +
      "workspace's clock (a workspace follows the server's clock until its own is set or moved). Use it before reasoning about " +
      'created times, the 24-hour idempotency window, the 30-day event window or when a webhook retry is due.',
    example: { workspace: 'ws_acme' },
    calls: inWorkspace('adminGetClock', 'adminGetWorkspaceClock'),
    inputNotes: { workspace: WORKSPACE_NOTE },
  },
  {
    name: 'set_clock',
    title: 'Set the clock mode and time',
    description:
      'Sets the clock: `frozen` stands still at `now` (the usual choice while testing: times are reproducible), `offset` runs at real ' +
      'speed from `now`, `real` follows the machine. `now` is Unix seconds or ISO-8601. With `workspace`, only that workspace. Webhook ' +
      'retries that come due when the clock moves forward are attempted before it answers.',
    example: { mode: 'frozen', now: '2026-01-01T00:00:00Z' },
    calls: inWorkspace('adminSetClock', 'adminSetWorkspaceClock'),
    inputNotes: {
      workspace: WORKSPACE_NOTE,
      mode: 'frozen (stands still), offset (runs from now at real speed) or real (the machine clock).',
      now: 'Unix seconds or ISO-8601; left out: the current mock time.',
    },
  },
  {
    name: 'advance_clock',
    title: 'Move the mock clock',
    description:
      'Moves the mock clock by a duration ("5s", "25h", "31d", "-1h") or a number of seconds. Every webhook retry that comes due on the ' +
      'way is attempted, in order, before it answers: the way to see retries without waiting (after a failed attempt they come 5 s, ' +
      '5 min, 30 min, 2 h, 5 h, 10 h and 10 h later). It also expires Idempotency-Keys (24 h), ages events out of the 30-day window ' +
      "and ends a rotated key's grace. With `workspace`, only that workspace's clock moves.",
    example: { by: '2h' },
    calls: inWorkspace('adminAdvanceClock', 'adminAdvanceWorkspaceClock'),
    inputNotes: { workspace: WORKSPACE_NOTE, by: 'A duration such as "5s", "25h", "31d", "-1h30m", or a number of seconds.' },
  },
  {
    name: 'set_scenario',
    title: 'Switch how the sandbox behaves',
    description:
      'Switches the scenario for the following /v1 requests: happy (payments succeed), manual (payments wait in requires_confirmation), ' +
      'decline (confirmations fail with card_declined), flaky (a share of requests fail with 500 or a dropped connection; options.rate), ' +
      'rate-limited (429 past options.limit requests a second per key), slow (latency; options.latency_ms) or outage (503 on everything). ' +
      "With `workspace`, only requests made with that workspace's keys (there `null` follows the server's scenario again). Use it to " +
      'test how the integration handles failures; set happy again afterwards.',
    example: { scenario: 'decline' },
    calls: inWorkspace('adminSetScenario', 'adminSetWorkspaceScenario'),
    inputNotes: {
      workspace: WORKSPACE_NOTE,
      scenario: 'happy, manual, decline, flaky, rate-limited, slow or outage (with a workspace, null follows the server).',
      options: 'flaky: { rate: 0..1 }; rate-limited: { limit: requests a second }; slow: { latency_ms }.',
    },
  },
  {
    name: 'queue_fault',
    title: 'Make the next matching requests fail',
    description:
      'Queues a fault: the next matching /v1 request (or the next `times`) fails with an error code (e.g. "api_error", "rate_limit", ' +
      '"card_declined"; every code is in the payments-mock://errors resource) or "reset" to drop the connection. `phase` "before" ' +
      'fails without executing; "after" executes the request (its result is kept for an idempotent replay) and then fails: the case ' +
      'that proves a client retries safely with the same Idempotency-Key. `path` is a /v1 path or a prefix ending in *.',
    example: { method: 'POST', path: '/v1/payments*', phase: 'after', error: 'reset', times: 1 },
    calls: [{ operation: 'adminAddFault' }],
    inputNotes: {
      path: 'A /v1 path, or a prefix ending in * ("/v1/payments*").',
      method: 'Only requests with this method (any when left out).',
      times: 'How many matching requests fail (default 1).',
      phase: 'before (fail without executing, the default) or after (execute, then fail).',
      error: 'An error code (default "api_error") or "reset" to drop the connection.',
    },
  },
  {
    name: 'list_faults',
    title: 'List the queued faults',
    description:
      'Lists the faults still queued by queue_fault, each with how many matching requests it will still fail. Use it to check what is ' +
      'armed before a test run, or why requests fail. Takes no input.',
    example: {},
    calls: [{ operation: 'adminListFaults' }],
  },
  {
    name: 'clear_faults',
    title: 'Drop every queued fault',
    description: 'Drops every fault queued by queue_fault, so requests behave normally again (the scenario still applies). Takes no input.',
    example: {},
    calls: [{ operation: 'adminClearFaults' }],
  },
  {
    name: 'reset',
    title: 'Back to the fixtures',
    description:
      'Puts the store back to its fixtures: objects, and the keys and workspaces made at run time, the journal, queued faults and ' +
      'webhook deliveries are gone; the clock and scenario stay. With `workspace`, only that workspace is emptied (a fixture workspace ' +
      'returns to its fixture contents; its keys, clock and scenario stay). Use it to start over from a known state.',
    example: {},
    calls: inWorkspace('adminReset', 'adminResetWorkspace'),
    inputNotes: { workspace: 'A workspace id (ws_…) to empty that workspace alone; leave it out to reset the whole mock.' },
  },
  {
    name: 'export_state',
    title: 'Export the whole store',
    description:
      'Exports the whole store (workspaces, keys, customers, payments, refunds, payment methods, events, webhook endpoints and ' +
      'deliveries) as one JSON document in the fixture format. Use it to look at everything at once, or save it as a file and start ' +
      'the mock with it later (`payments-mock --fixtures <file>`). It can be large: prefer `request` or the list tools for one object.',
    example: {},
    calls: [{ operation: 'adminExportState' }],
  },
];
