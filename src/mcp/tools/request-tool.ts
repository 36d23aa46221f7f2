import { MAX_DEPTH } from '../../http/form';
import { deeperThan, formText } from '../../form-text';
import { answerOf, apiMessage } from '../admin-call';
import type { MockApi } from '../mock-api';
import type { CustomToolRow, JsonSchema, ToolAnswer, ToolInput } from '../tool-types';
import { invalid, unknownParam } from './tool-input';

const KINDS = ['secret', 'publishable', 'restricted'] as const;
const METHODS = ['GET', 'POST', 'DELETE'] as const;
const FIELDS = ['method', 'path', 'params', 'key_kind', 'workspace', 'livemode', 'idempotency_key'];
/** What a header may carry: a value with a line break or a control character would not be a header at all. */
const HEADER_SAFE = /^[\x20-\x7e]+$/;

interface KeyEntry {
  key: string;
  kind: string;
  livemode: boolean;
  workspace: string;
  expires_at: number | null;
}

const INPUT: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path'],
  properties: {
    method: { enum: [...METHODS], description: 'The HTTP method.' },
    path: { type: 'string', pattern: '^/v1/', description: 'A /v1 path: "/v1/payments", "/v1/payments/pay_…/confirm", "/v1/events?type=payment.succeeded".' },
    params: {
      type: 'object',
      description: 'The parameters: the query of a GET or DELETE, the JSON body of a POST. Nested objects and lists are fine: {"metadata": {"order": "42"}}.',
    },
    key_kind: {
      enum: [...KINDS],
      default: 'secret',
      description: 'Which key to send: secret (server code, everything), publishable (browser code) or restricted (its permissions).',
    },
    workspace: { type: 'string', description: 'The workspace whose key to use (default: the first workspace).' },
    livemode: { type: 'boolean', default: false, description: 'true for a live key (sk_live_…): live objects are apart from test ones.' },
    idempotency_key: { type: 'string', description: 'Sent as the Idempotency-Key header: a retry with the same key replays the first answer.' },
  },
};

const OUTPUT: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'request_id', 'key', 'workspace', 'livemode', 'idempotent_replayed', 'body'],
  properties: {
    status: { type: 'integer', description: 'The HTTP status.' },
    request_id: { type: ['string', 'null'], description: 'The Request-Id header: the id of this request in list_requests.' },
    key: { type: 'string', description: 'The key sent (whole).' },
    workspace: { type: 'string' },
    livemode: { type: 'boolean' },
    idempotent_replayed: { type: 'boolean', description: 'true when the answer is a replay of an earlier request with the same Idempotency-Key.' },
    body: { description: 'The JSON answer: the object, a list, or { error: { type, code, message, param?, doc_url } }.' },
  },
};

/** `request`: a /v1 call with a key picked from `GET /_mock/keys`, as a client makes it. */
export const REQUEST_TOOL: CustomToolRow = {
  name: 'request',
  title: 'Call the API as a client',
  description:
    'Makes a /v1 API request as a client would, with a key the tool picks from the mock\'s keys by key_kind ("secret", the default, ' +
    'for server code; "publishable" for browser code: tokenising cards, confirming with a client_secret; "restricted"), livemode ' +
    '(default false) and workspace (default: the first). Use it to see what the API answers to a call an integration makes, to ' +
    'create test data, or to reproduce a bug; the call shows in list_requests like any other. It answers the status, Request-Id, ' +
    "the key used and the JSON body; a 4xx or 5xx answer is a tool error whose text is the API's message (the whole answer is in " +
    'the output too). Test cards are in the payments-mock://test-cards resource: confirming (POST /v1/payments/{id}/confirm) with ' +
    'payment_method "pm_card_chargeDeclined" declines, "pm_card_visa" succeeds.',
  example: { method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd', metadata: { order: '42' } }, key_kind: 'secret' },
  inputSchema: INPUT,
  outputSchema: () => OUTPUT,
  calls: ['GET /_mock/keys', '<method> /v1/…'],
  readOnly: false,
  run: (input, api, signal) => request(input, api, signal),
};

async function request(input: ToolInput, api: MockApi, signal: AbortSignal | undefined): Promise<ToolAnswer> {
  const refused = unknownParam(input, FIELDS, `request takes ${FIELDS.join(', ')}.`) ?? checkInput(input);
  if (refused) return refused;
  const method = (input.method as string).toUpperCase();
  const url = new URL(input.path as string, 'http://mock.invalid');
  // Dot segments are resolved here, so "/v1/../_mock/reset" cannot leave /v1.
  if (!url.pathname.startsWith('/v1/') || url.hash) return invalid('path', 'give a /v1 path such as "/v1/payments" (no "..", no #fragment).');
  const params = (input.params ?? {}) as Record<string, unknown>;

  const keys = answerOf(await api.admin('GET', '/_mock/keys', { signal }));
  if (!keys.ok) return keys;
  const picked = pickKey(keys.value.data as KeyEntry[], input);
  if (typeof picked === 'string') return { ok: false, message: picked };

  const sendsBody = method === 'POST';
  const query = sendsBody ? undefined : formText(params);
  const answer = await api.v1(method, `${url.pathname}${url.search}`, picked.key, {
    ...(sendsBody ? { body: params } : { query }),
    headers: input.idempotency_key !== undefined ? { 'Idempotency-Key': input.idempotency_key as string } : {},
    signal,
  });
  const value = {
    status: answer.status,
    request_id: answer.headers.get('request-id'),
    key: picked.key,
    workspace: picked.workspace,
    livemode: picked.livemode,
    idempotent_replayed: answer.headers.get('idempotent-replayed') === 'true',
    body: answer.body,
  };
  if (answer.status >= 200 && answer.status < 300) return { ok: true, value };
  return { ok: false, message: apiMessage(answer), detail: answer.body, value };
}

function checkInput(input: ToolInput): ToolAnswer | undefined {
  const { method, path, params, key_kind: kind, workspace, livemode, idempotency_key: idempotencyKey } = input;
  if (method === undefined) return { ok: false, message: 'Missing required param: method (GET, POST or DELETE).', detail: { param: 'method' } };
  if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method.toUpperCase()))
    return invalid('method', 'use GET, POST or DELETE (the /v1 API has no other).');
  if (path === undefined) return { ok: false, message: 'Missing required param: path (a /v1 path such as "/v1/payments").', detail: { param: 'path' } };
  if (typeof path !== 'string' || !path.startsWith('/v1/')) return invalid('path', 'give a /v1 path such as "/v1/payments".');
  if (params !== undefined && (params === null || typeof params !== 'object' || Array.isArray(params)))
    return invalid('params', 'expected an object of parameters such as {"amount": 2000, "currency": "usd"}.');
  if (params !== undefined && deeperThan(params, MAX_DEPTH))
    return invalid('params', `nested more than ${MAX_DEPTH} levels deep: the API reads parameters ${MAX_DEPTH} levels deep at most.`);
  if (kind !== undefined && !(KINDS as readonly unknown[]).includes(kind)) return invalid('key_kind', 'use secret, publishable or restricted.');
  if (workspace !== undefined && (typeof workspace !== 'string' || workspace === '')) return invalid('workspace', 'expected a workspace id (ws_…).');
  if (livemode !== undefined && typeof livemode !== 'boolean') return invalid('livemode', 'expected true or false.');
  if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !HEADER_SAFE.test(idempotencyKey)))
    return invalid('idempotency_key', 'expected a non-empty string of printable ASCII characters (it is sent as a header).');
  return undefined;
}

/** The key of that kind, mode and workspace; a key still valid beats one in its grace after a rotation. */
function pickKey(keys: KeyEntry[], input: ToolInput): KeyEntry | string {
  const kind = (input.key_kind as string | undefined) ?? 'secret';
  const livemode = (input.livemode as boolean | undefined) ?? false;
  const workspace = (input.workspace as string | undefined) ?? keys[0]?.workspace;
  if (workspace === undefined) return 'The mock has no keys at all: reset it, or create_workspace for a workspace with every kind of key.';
  if (!keys.some((key) => key.workspace === workspace)) return `No such workspace: '${workspace.slice(0, 100)}'. list_workspaces lists them.`;
  const fitting = keys.filter((key) => key.workspace === workspace && key.kind === kind && key.livemode === livemode);
  const key = fitting.find((entry) => entry.expires_at === null) ?? fitting[0];
  if (!key) return `Workspace ${workspace} has no ${kind} ${livemode ? 'live' : 'test'} key: create_workspace makes one with every kind.`;
  return key;
}
