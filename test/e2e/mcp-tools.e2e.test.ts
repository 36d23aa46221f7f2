import { buildTools } from '../../src/mcp/build-tools';
import { operationSchemas } from '../../src/mcp/operation-schemas';
import { MCP_TOOLS } from '../../src/mcp/tool-table';
import { Agent, closeAgents, connectAgent, textOf } from '../helpers/mcp-agent';
import { Receiver, startReceiver } from '../helpers/receiver';

/**
 * Every tool, called through the MCP SDK's own client against `payments-mock mcp --start` as an agent calls it:
 * a valid input gives structured output (the client checks it against the tool's outputSchema), an invalid one a
 * tool error whose text is the API's message.
 */
const FROZEN = '2026-01-01T00:00:00Z';
const FROZEN_UNIX = Date.parse(FROZEN) / 1000;

let agent: Agent;
let receiver: Receiver;
let deliveryId: string;
let eventId: string;
let endpointId: string;
/** A key create_key made, for rotate_key (rotating a key the other tools use would change what they pick). */
let createdKey: string;

beforeAll(async () => {
  receiver = await startReceiver([200]);
  agent = await connectAgent(['--start', '--clock', `frozen@${FROZEN}`, '--seed', '7']);
  // A delivery to retry: an endpoint in acme's test mode, and a customer whose event it gets.
  await agent.ok('request', { method: 'POST', path: '/v1/webhook_endpoints', params: { url: receiver.url, enabled_events: ['customer.created'] } });
  await agent.ok('request', { method: 'POST', path: '/v1/customers', params: { email: 'ada@example.com' } });
  await agent.ok('flush_webhooks', {});
  const first = (await agent.ok('list_deliveries', {})).data[0];
  deliveryId = first.id;
  eventId = first.event;
  endpointId = first.endpoint;
});

afterAll(async () => {
  await closeAgents();
  await receiver.close();
});

describe('the tool list', () => {
  it('names every tool of the table, each with an input and an output schema and a description with an example', async () => {
    const { tools } = await agent.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.map((row) => row.name));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toMatch(/Example input: \{/);
      expect(tool.title).toBeTruthy();
    }
  });

  it('offers trigger, run_flow and deliver_event beside the API request, before the controls', async () => {
    const names = (await agent.client.listTools()).tools.map((tool) => tool.name);
    expect(names.slice(names.indexOf('request'), names.indexOf('get_clock'))).toEqual(['request', 'trigger', 'run_flow', 'deliver_event']);
  });

  it('lists the same schemas as the table builds from the OpenAPI document', async () => {
    const built = buildTools(MCP_TOOLS, operationSchemas());
    const { tools } = await agent.client.listTools();
    for (const tool of tools) {
      const expected = built.find((candidate) => candidate.name === tool.name);
      expect({ input: tool.inputSchema, output: tool.outputSchema }).toEqual({ input: expected?.inputSchema, output: expected?.outputSchema });
    }
  });
});

type Check = (output: any) => void;
/** [tool, valid input, what its output shows, invalid input, the API's message for it]. */
const CASES: Array<[string, () => Record<string, unknown>, Check, Record<string, unknown>, RegExp]> = [
  [
    'list_workspaces',
    () => ({}),
    (out) => {
      expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(out.workspaces.map((ws: any) => ws.id)).toEqual(expect.arrayContaining(['acme', 'globex']));
      expect(out.keys.some((key: any) => key.kind === 'publishable' && key.workspace === 'acme')).toBe(true);
    },
    { verbose: true },
    /^Received unknown parameter: verbose\. list_workspaces takes no input\.$/,
  ],
  [
    'create_workspace',
    () => ({ name: 'worker 1' }),
    (out) => {
      expect(out.name).toBe('worker 1');
      expect(out.keys).toHaveLength(6);
    },
    { name: 'x'.repeat(300) },
    /^Invalid name: at most 256 characters \(got 300\)\.$/,
  ],
  [
    'create_key',
    () => ({ workspace: 'globex', kind: 'restricted', permissions: { payments: 'read' } }),
    (out) => {
      expect(out).toMatchObject({ kind: 'restricted', workspace: 'globex', livemode: false, permissions: { payments: 'read', customers: 'none' } });
      createdKey = out.key;
    },
    { workspace: 'globex', kind: 'admin' },
    /^Invalid kind: admin\. Use secret, publishable or restricted\.$/,
  ],
  [
    'rotate_key',
    () => ({ key: createdKey, expires_in: 'now' }),
    (out) => {
      expect(out.key).toMatchObject({ kind: 'restricted', workspace: 'globex' });
      expect(out.key.key).not.toBe(createdKey);
      expect(out.old_key_expires_at).toBe(FROZEN_UNIX);
    },
    { key: 'sk_test_nope' },
    /^No such key: 'sk_test_nope'\./,
  ],
  [
    'request',
    () => ({ method: 'GET', path: '/v1/customers', params: { limit: 1 } }),
    (out) => {
      expect(out).toMatchObject({ status: 200, workspace: 'acme', livemode: false, body: { object: 'list' } });
      expect(out.key).toMatch(/^sk_test_/);
      expect(out.request_id).toMatch(/^req_/);
    },
    { method: 'POST', path: '/v1/payments', params: { amount: 'lots', currency: 'usd' } },
    /^Invalid integer for amount: "lots"\. Send a whole number\.$/,
  ],
  [
    'get_clock',
    () => ({}),
    (out) => expect(out).toMatchObject({ mode: 'frozen', now: FROZEN_UNIX }),
    { workspace: 'ws_nope' },
    /^No such workspace: 'ws_nope'\./,
  ],
  [
    'set_clock',
    () => ({ mode: 'frozen', now: FROZEN }),
    (out) => expect(out).toEqual({ mode: 'frozen', now: FROZEN_UNIX, iso: '2026-01-01T00:00:00.000Z' }),
    { mode: 'paused' },
    /^Invalid mode: paused\. Use real, frozen or offset\.$/,
  ],
  [
    'advance_clock',
    () => ({ by: '1h', workspace: 'globex' }),
    (out) => expect(out).toMatchObject({ workspace: 'globex', follows_server: false, now: FROZEN_UNIX + 3600 }),
    { by: 'soon' },
    /soon/,
  ],
  [
    'set_scenario',
    () => ({ scenario: 'decline', workspace: 'globex' }),
    (out) => expect(out).toMatchObject({ scenario: 'decline', workspace: 'globex', follows_server: false }),
    { scenario: 'chaos' },
    /chaos/,
  ],
  [
    'queue_fault',
    () => ({ path: '/v1/refunds*', method: 'POST', error: 'api_error' }),
    (out) => expect(out).toMatchObject({ path: '/v1/refunds*', method: 'POST', times: 1, phase: 'before', error: 'api_error' }),
    { path: '/payments' },
    /^Invalid path: give a \/v1 path/,
  ],
  [
    'list_faults',
    () => ({}),
    (out) => expect(out.data).toEqual([expect.objectContaining({ path: '/v1/refunds*', method: 'POST', times: 1 })]),
    { verbose: true },
    /^Received unknown query parameter: verbose\./,
  ],
  ['clear_faults', () => ({}), (out) => expect(out).toEqual({ status: 'ok' }), { everything: true }, /everything/],
  ['reset', () => ({ workspace: 'globex' }), (out) => expect(out).toEqual({ status: 'ok', workspace: 'globex' }), { everything: true }, /everything/],
  [
    'export_state',
    () => ({}),
    (out) => expect(out.workspaces.map((ws: any) => ws.id)).toEqual(expect.arrayContaining(['acme', 'globex'])),
    { format: 'yaml' },
    /^Received unknown query parameter: format\./,
  ],
  [
    'list_requests',
    () => ({ method: 'POST', path: '/v1/customers' }),
    (out) => expect(out.data[0]).toMatchObject({ method: 'POST', path: '/v1/customers', status: 200 }),
    { status: 'teapot' },
    /^Invalid status: teapot/,
  ],
  [
    'save_session_as_flow',
    () => ({ workspace: 'acme' }),
    (out) =>
      expect(out).toMatchObject({
        workspace: 'acme',
        livemode: false,
        steps: expect.arrayContaining([expect.objectContaining({ method: 'POST', path: '/v1/customers' })]),
      }),
    { since: 'yesterday' },
    /^Invalid since: yesterday\. Give a Request-Id \(req_…\) or Unix seconds\.$/,
  ],
  [
    'list_webhook_endpoints',
    () => ({}),
    (out) => expect(out.data[0]).toMatchObject({ url: receiver.url, workspace: 'acme', secret: expect.stringMatching(/^whsec_/) }),
    { url: 'http://localhost:3000/webhooks' },
    /^Received unknown query parameter: url\./,
  ],
  [
    'list_deliveries',
    () => ({ status: 'succeeded', workspace: 'acme' }),
    (out) => expect(out.data[0]).toMatchObject({ status: 'succeeded', event_type: 'customer.created' }),
    { status: 'lost' },
    /^Invalid status: lost\./,
  ],
  [
    'retry_delivery',
    () => ({ id: deliveryId }),
    (out) => {
      expect(out.id).toBe(deliveryId);
      expect(out.attempts).toHaveLength(2);
    },
    { id: 'whd_nope' },
    /^No such webhook delivery: 'whd_nope'\./,
  ],
  [
    'flush_webhooks',
    () => ({ timeout_ms: 2000 }),
    (out) => expect(out).toMatchObject({ pending: 0, timed_out: false }),
    { timeout_ms: -1 },
    /^Invalid timeout_ms/,
  ],
  [
    'memory_usage',
    () => ({}),
    (out) => {
      expect(out).toMatchObject({ object: 'memory', state: 'ok' });
      expect(out.held).toBeLessThan(out.budget);
      expect(out.workspaces.map((ws: any) => ws.workspace)).toEqual(expect.arrayContaining(['acme', 'globex']));
      expect(out.workspaces.find((ws: any) => ws.workspace === 'acme').objects).toBeGreaterThan(0);
    },
    { workspace: 'acme' },
    /^Received unknown query parameter: workspace\./,
  ],
  [
    'trigger',
    () => ({ event: 'payment.payment_failed', overrides: { amount: 5000, metadata: { order: '42' } } }),
    (out) => {
      expect(out.objects.find((object: any) => object.object === 'payment')).toMatchObject({
        amount: 5000,
        status: 'requires_payment_method',
        metadata: { order: '42' },
      });
      expect(out.events.map((event: any) => event.type)).toContain('payment.payment_failed');
    },
    { event: 'payment.exploded' },
    /payment\.exploded/,
  ],
  [
    'run_flow',
    () => ({ steps: [{ name: 'customer', method: 'POST', path: '/v1/customers', params: { email: 'flow@example.com' } }] }),
    (out) => expect(out.answers.customer).toMatchObject({ object: 'customer', email: 'flow@example.com' }),
    { steps: [{ method: 'POST', path: '/v1/payments/${nope:id}/refund' }] },
    /nope/,
  ],
  [
    'deliver_event',
    () => ({ id: eventId, endpoint: endpointId }),
    (out) => {
      expect(out).toMatchObject({ event: eventId, endpoint: endpointId });
      expect(out.id).not.toBe(deliveryId);
    },
    { id: 'evt_nope', endpoint: 'we_nope' },
    /evt_nope/,
  ],
  [
    'review_integration',
    () => ({ workspace: 'acme' }),
    (out) => {
      expect(out).toMatchObject({ object: 'review', workspace: 'acme', coverage: { complete: true } });
      for (const finding of out.findings) expect(finding.doc_url).toMatch(new RegExp(`/docs/review#${finding.rule}$`));
    },
    { workspace: 'nope' },
    /^No such workspace: 'nope'\./,
  ],
  [
    'probe_webhook_endpoint',
    () => ({ endpoint: endpointId }),
    (out) => {
      // The test receiver answers 200 to anything: a forged delivery gets in.
      expect(out).toMatchObject({ object: 'webhook_probe', endpoint: endpointId, verdict: 'critical' });
      expect(out.probes.find((probe: any) => probe.id === 'no_signature')).toMatchObject({ verdict: 'critical', answer: { status: 200 } });
    },
    { endpoint: 'we_nope' },
    /^No webhook endpoint 'we_nope'\./,
  ],
  [
    'set_review_rules',
    () => ({ workspace: 'acme', rules_off: ['payment_polling'] }),
    (out) => expect(out).toMatchObject({ object: 'review_settings', workspace: 'acme', rules_off: ['payment_polling'] }),
    { workspace: 'acme', rules_off: ['polling'] },
    /^Unknown review rule: polling\. The rules are: /,
  ],
];

describe('every tool', () => {
  it('has a case here', () => {
    expect(CASES.map(([name]) => name).sort()).toEqual(MCP_TOOLS.map((row) => row.name).sort());
  });

  it.each(CASES)('%s answers a valid input with structured output and JSON text', async (name, valid, check) => {
    const result = await agent.call(name, valid());
    expect(result.isError).toBeFalsy();
    check(result.structuredContent);
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
  });

  it.each(CASES)('%s answers an invalid input with a tool error whose text is the message', async (name, _valid, _check, invalid, message) => {
    const result = await agent.call(name, invalid);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    // The second text is the whole answer: the API's error object, its message the same text.
    const detail = result.content[1];
    if (detail?.type === 'text' && name !== 'list_workspaces') expect(JSON.parse(detail.text).error.message).toBe(textOf(result));
  });
});

describe('what an agent may send by mistake', () => {
  it.each([
    ['an unknown tool', 'refund_everything', {}, /^Unknown tool: refund_everything\. The tools are: list_workspaces, /],
    ['a path parameter of the wrong type', 'retry_delivery', { id: 42 }, /^Invalid id: expected a non-empty string \(got number 42\)\.$/],
    ['a missing path parameter', 'retry_delivery', {}, /^Missing required param: id\. The delivery id/],
    ['a wrong type the API checks', 'advance_clock', { by: true }, /^Invalid by: use a duration such as "25h"/],
    ['an object as a query filter', 'list_requests', { status: { gte: 400 } }, /^Invalid status: expected a string, number or boolean \(got an object\)\.$/],
    ['a request outside /v1', 'request', { method: 'POST', path: '/_mock/reset' }, /^Invalid path: give a \/v1 path/],
    ['a request that climbs out of /v1', 'request', { method: 'POST', path: '/v1/../_mock/reset' }, /^Invalid path: give a \/v1 path/],
    [
      'an admin input nested deeper than any admin call takes',
      'run_flow',
      { steps: [{ method: 'GET', path: '/v1/payments', params: Array.from({ length: 40 }).reduce<unknown>((inner) => ({ a: inner }), 'x') }] },
      /^The input nests more than 32 levels deep/,
    ],
    ['an unknown request method', 'request', { method: 'PATCH', path: '/v1/payments' }, /^Invalid method: use GET, POST or DELETE/],
    ['a request without a path', 'request', { method: 'GET' }, /^Missing required param: path/],
    ['params that are not an object', 'request', { method: 'GET', path: '/v1/payments', params: [1, 2] }, /^Invalid params: expected an object/],
    [
      'params nested deeper than the API reads (checked before they are encoded, which recurses)',
      'request',
      { method: 'GET', path: '/v1/payments', params: Array.from({ length: 20 }).reduce<unknown>((inner) => ({ a: inner }), 'x') },
      /^Invalid params: nested more than 8 levels deep/,
    ],
    [
      'an unknown key kind',
      'request',
      { method: 'GET', path: '/v1/payments', key_kind: 'admin' },
      /^Invalid key_kind: use secret, publishable or restricted\.$/,
    ],
    [
      'an unknown workspace for a key',
      'request',
      { method: 'GET', path: '/v1/payments', workspace: 'ws_nope' },
      /^No such workspace: 'ws_nope'\. list_workspaces/,
    ],
    ['an Idempotency-Key with a line break', 'request', { method: 'POST', path: '/v1/customers', idempotency_key: 'a\nb' }, /^Invalid idempotency_key/],
    ['a typo in a request field', 'request', { method: 'GET', path: '/v1/payments', parms: {} }, /^Received unknown parameter: parms\. request takes method, /],
  ])('%s is a tool error that says what to send', async (_what, name, args, message) => {
    const result = await agent.call(name, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
  });

  it('refuses arguments that are not an object with a protocol error, and keeps serving', async () => {
    await expect(agent.client.callTool({ name: 'get_clock', arguments: 'now' as unknown as Record<string, unknown> })).rejects.toThrow(/expected record/);
    expect((await agent.ok('get_clock')).mode).toBe('frozen');
  });

  it('answers a publishable key the API refuses with the API message and the whole answer as output', async () => {
    const result = await agent.call('request', { method: 'GET', path: '/v1/customers', key_kind: 'publishable' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 403, key: expect.stringMatching(/^pk_test_/), body: { error: { type: 'permission_error' } } });
    expect(textOf(result)).toBe((result.structuredContent as any).body.error.message);
  });

  it('sends the Idempotency-Key, so a retry replays the first answer', async () => {
    const args = { method: 'POST', path: '/v1/customers', params: { email: 'once@example.com' }, idempotency_key: 'order-42' };
    const first = await agent.ok('request', args);
    const again = await agent.ok('request', args);
    expect(again).toMatchObject({ idempotent_replayed: true, body: { id: first.body.id } });
  });

  it('encodes nested GET params the way the API reads a query', async () => {
    // Three payments now; the nested filter created[gt] must reach the API, or the list is not empty.
    for (let i = 0; i < 3; i++) await agent.ok('request', { method: 'POST', path: '/v1/payments', params: { amount: 1000 + i, currency: 'usd' } });
    const now = (await agent.ok('get_clock')).now as number;
    const none = await agent.ok('request', { method: 'GET', path: '/v1/payments', params: { created: { gt: now }, limit: 2 } });
    expect(none.body).toMatchObject({ data: [], has_more: false });
    const some = await agent.ok('request', { method: 'GET', path: '/v1/payments', params: { created: { gte: now, lte: now }, limit: 2 } });
    expect(some.body.data).toHaveLength(2);
    expect(some.body.has_more).toBe(true);
    for (const payment of some.body.data) expect(payment.created).toBe(now);
  });

  it('uses a live key and a key of another workspace when asked', async () => {
    const live = await agent.ok('request', { method: 'GET', path: '/v1/customers', livemode: true, workspace: 'globex' });
    expect(live).toMatchObject({ workspace: 'globex', livemode: true, key: expect.stringMatching(/^sk_live_/) });
  });
});
