/**
 * The shapes of the admin API (`/_mock`): request bodies and answers, for the OpenAPI document and the tests that
 * check admin answers against it. The handlers read bodies with the strict helpers of `admin-input.ts`.
 */
import { closed, duration, integer, level, list, nullable, permissions, ref, string } from './admin-fields';
import { FLOW_SHAPES } from './admin-flows';
import { PERMISSION_RESOURCES, webhookDeliverySchema } from './resources';
import { SCENARIO_NAMES } from './scenario-names';

/** Component schemas of the admin API, by name. */
export const ADMIN_SCHEMAS = {
  Status: closed({ status: { const: 'ok' } }),
  KeyEntry: closed({
    key: { type: 'string', description: "The whole key: the admin API is for the machine's own user." },
    kind: { enum: ['secret', 'publishable', 'restricted'] },
    livemode: { type: 'boolean' },
    workspace: string,
    account: nullable(string),
    permissions: nullable(permissions),
    expires_at: { ...nullable(integer), description: 'For a rotated key: when it stops working (mock Unix seconds).' },
  }),
  ClockState: closed({
    mode: { enum: ['real', 'frozen', 'offset'] },
    now: { ...integer, description: 'Mock Unix seconds.' },
    iso: { type: 'string', description: 'The same moment, ISO-8601.' },
  }),
  ScenarioState: closed({
    scenario: { enum: [...SCENARIO_NAMES] },
    options: ref('ScenarioOptions'),
    description: string,
  }),
  ScenarioOptions: closed(
    {
      rate: { type: 'number', minimum: 0, maximum: 1, description: 'flaky: the share of requests that fail (default 0.1).' },
      latency_ms: { type: 'integer', minimum: 0, description: 'slow: a fixed latency instead of the seeded 300–1500 ms.' },
      limit: { type: 'integer', minimum: 1, description: 'rate-limited: requests a second per key (default 25).' },
    },
    [],
  ),
  JournalEntry: closed({
    id: { type: 'string', description: 'The Request-Id.' },
    method: string,
    path: { ...string, description: 'Keys and card numbers in it masked.' },
    status: { ...integer, description: '0 for a dropped connection.' },
    key: { ...nullable(string), description: 'Masked: prefix and last 4 characters.' },
    key_permissions: {
      ...nullable(permissions),
      description: 'A restricted key: what it may do (a session kept as a flow replays with a key that may do as much). Null for other keys.',
    },
    idempotency_key: { ...nullable(string), description: 'Keys and card numbers in it masked.' },
    replayed: { type: 'boolean' },
    duration_ms: { type: 'number' },
    request_body: { description: 'The parameters as parsed, keys, card numbers (in keys, values and numbers) and CVCs masked.' },
    response_body: { description: 'The JSON answer, keys and card numbers masked.' },
    request_headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Lower-case names; keys and card numbers masked.' },
    response_headers: { type: 'object', additionalProperties: { type: 'string' } },
    truncated: { type: 'boolean', description: 'A body was longer than 16 KiB: it is cut (shown as text).' },
    created: integer,
    workspace: { ...nullable(string), description: "The workspace of the request's key; null when no key was recognised." },
    near_miss: {
      description:
        'A 404 `resource_missing` for an id that exists in another workspace or mode: where it is. The /v1 answer names the other mode of the same ' +
        'workspace, never another workspace; only this admin view does. Null otherwise.',
      oneOf: [{ type: 'null' }, closed({ id: string, workspace: string, livemode: { type: 'boolean' } })],
    },
  }),
  AdminWebhookEndpoint: closed({
    id: string,
    object: { const: 'webhook_endpoint' },
    url: string,
    enabled_events: { type: 'array', items: string },
    status: { enum: ['enabled', 'disabled'] },
    secret: { ...nullable(string), description: 'The signing secret (whsec_…).' },
    api_version: nullable(string),
    description: nullable(string),
    metadata: { type: 'object', additionalProperties: string },
    created: integer,
    livemode: { type: 'boolean' },
    workspace: string,
  }),
  WebhookDelivery: webhookDeliverySchema,
  FlowStepReport: closed({
    index: { ...integer, description: "The step's place: its JSON pointer is /steps/<index>." },
    name: nullable(string),
    kind: { enum: ['request', 'advance', 'scenario', 'flush_webhooks'] },
    request: nullable(closed({ method: string, path: string })),
    status: nullable(integer),
    request_id: nullable(string),
    summary: { ...nullable(string), description: 'Control steps: what they did, for people; null for requests.' },
  }),
  Fault: closed({
    id: integer,
    method: nullable({ enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] }),
    path: { type: 'string', description: 'A /v1 path, or a prefix ending in * (/v1/payments*).' },
    times: { type: 'integer', minimum: 1, maximum: 1000 },
    phase: { enum: ['before', 'after'] },
    error: { type: 'string', description: 'An error code from /docs/errors, or "reset" to drop the connection.' },
  }),
} as const;

/** Request bodies and answers of individual admin operations (inline in the document). */
export const ADMIN_SHAPES = {
  health: closed({ status: { const: 'ok' }, version: string }),
  memory: closed({
    object: { const: 'memory' },
    state: { enum: ['ok', 'warning', 'full'], description: 'warning from 80% of the budget; full at the budget: requests that store something new get 503.' },
    held: { ...integer, description: 'Bytes held: the live heap after the last full collection plus what the store gained since.' },
    budget: { ...integer, description: 'Bytes: --max-memory, by default 70% of the old-generation limit (the heap limit less the young generation).' },
    percent: { type: 'number', description: 'held ÷ budget, in percent.' },
    heap: closed({ used: { ...integer, description: 'V8 heap in use now, garbage included.' }, limit: { ...integer, description: "V8's heap limit." } }),
    workspaces: {
      type: 'array',
      description: 'Largest first.',
      items: closed({
        workspace: string,
        name: string,
        objects: { ...integer, description: 'Payments, customers, refunds, payment methods and webhook endpoints, both modes.' },
        events: integer,
        idempotency_records: integer,
        deliveries: integer,
        bytes: { ...integer, description: 'Estimated: counts × the cost measured for each kind, plus the text kept (metadata, descriptions…) by its size.' },
      }),
    },
  }),
  keyList: list(ref('KeyEntry')),
  createKey: closed(
    {
      workspace: string,
      kind: { enum: ['secret', 'publishable', 'restricted'] },
      livemode: { type: 'boolean' },
      permissions: {
        ...closed(Object.fromEntries(PERMISSION_RESOURCES.map((name) => [name, level])), []),
        description: 'Restricted keys only; left out = read everything.',
      },
    },
    ['workspace', 'kind'],
  ),
  rotateKey: closed({ expires_in: { anyOf: [{ const: 'now' }, duration], description: 'How long the old key keeps working (default "24h").' } }, []),
  rotation: closed({ key: ref('KeyEntry'), old_key_expires_at: integer }),
  setClock: closed(
    { mode: { enum: ['real', 'frozen', 'offset'] }, now: { anyOf: [{ type: 'integer' }, { type: 'string' }], description: 'Unix seconds or ISO-8601.' } },
    ['mode'],
  ),
  advanceClock: closed({ by: duration }, ['by']),
  setScenario: closed({ scenario: { enum: [...SCENARIO_NAMES] }, options: ref('ScenarioOptions') }, ['scenario']),
  journal: list(ref('JournalEntry')),
  state: {
    $ref: '#/components/schemas/FixtureDocument',
    description: 'The store in the fixture format with absolute times (`payments-mock fixtures schema` prints the same JSON Schema).',
  },
  saved: closed({ status: { const: 'ok' }, file: string }),
  versions: closed({
    default: string,
    versions: { type: 'array', items: string },
    changes: { type: 'array', items: closed({ version: string, description: string }) },
  }),
  createWorkspace: closed({ name: { type: 'string', minLength: 1 } }, []),
  workspace: closed({ workspace: string, account: string, name: string, keys: { type: 'array', items: ref('KeyEntry') } }),
  deleted: closed({ status: { const: 'ok' }, deleted: string }),
  addFault: closed(
    {
      method: { enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] },
      path: { type: 'string', description: 'A /v1 path, or a prefix ending in *.' },
      times: { type: 'integer', minimum: 1, maximum: 1000 },
      phase: { enum: ['before', 'after'] },
      error: { type: 'string', description: 'An error code from /docs/errors, or "reset".' },
    },
    ['path'],
  ),
  faults: list(ref('Fault')),
  empty: closed({}, []),
  ...FLOW_SHAPES,
  deliverEvent: closed({ endpoint: { type: 'string', description: 'A webhook endpoint (we_…) of the same workspace and mode as the event.' } }),
} as const;
