import { createFetchHandler, FetchHandler } from '../../src/adapters/fetch-handler';
import { MockServer, startMock } from '../../src/start-mock';

/**
 * One table of requests, run in order through the HTTP server (startMock, real sockets, Node's fetch) and through
 * createFetchHandler (no socket), both seeded and on a frozen clock: every answer must have the same status,
 * headers and body bytes. Left out of the comparison are the headers only a transport adds (TRANSPORT_HEADERS).
 */
const OPTIONS = { fixtures: 'none', seed: 7, clock: 'frozen@2026-01-01T00:00:00Z', scenario: 'happy' } as const;

/** Added by Node's HTTP server for the connection, never by the mock. */
const TRANSPORT_HEADERS = ['date', 'connection', 'keep-alive', 'transfer-encoding'];

type Saved = Record<string, string>;
interface Step {
  name: string;
  method: string;
  path: string | ((saved: Saved) => string);
  /** `secret` / `publishable` use the workspace's key; a string is sent as it is. */
  auth?: 'secret' | 'publishable' | 'none' | string;
  headers?: Record<string, string>;
  form?: Record<string, string> | ((saved: Saved) => Record<string, string>);
  json?: unknown;
  raw?: string;
  /** Remember `json[field]` of the answer under `as`. */
  save?: { as: string; field: string };
  /** A journal entry measures its own duration and shows the request headers the client library added. */
  mask?: boolean;
}

const BIG = 'x'.repeat(1024 * 1024 + 10);

const STEPS: Step[] = [
  { name: 'health', method: 'GET', path: '/_mock/health', auth: 'none' },
  { name: 'account', method: 'GET', path: '/v1/account' },
  { name: 'no key', method: 'GET', path: '/v1/account', auth: 'none' },
  { name: 'a wrong key', method: 'GET', path: '/v1/account', auth: 'Bearer sk_test_nope' },
  { name: 'unknown route', method: 'GET', path: '/v1/nothing' },
  { name: 'wrong method', method: 'DELETE', path: '/v1/payments' },
  { name: 'a customer from a form', method: 'POST', path: '/v1/customers', form: { email: 'a@example.com', name: 'Ada' }, save: { as: 'cus', field: 'id' } },
  { name: 'a customer from JSON', method: 'POST', path: '/v1/customers', json: { email: 'b@example.com', name: 'Bé' } },
  { name: 'a JSON number as a string is refused', method: 'POST', path: '/v1/payments', json: { amount: '100', currency: 'usd' } },
  { name: 'a typo is refused', method: 'POST', path: '/v1/payments', form: { amout: '100', currency: 'usd' } },
  { name: 'broken JSON', method: 'POST', path: '/v1/customers', raw: '{"email":', headers: { 'Content-Type': 'application/json' } },
  { name: 'an unknown content type', method: 'POST', path: '/v1/customers', raw: 'x', headers: { 'Content-Type': 'text/plain' } },
  { name: 'a body over 1 MiB', method: 'POST', path: '/v1/customers', raw: BIG, headers: { 'Content-Type': 'text/plain' } },
  { name: 'customer list', method: 'GET', path: '/v1/customers?limit=1' },
  { name: 'one customer', method: 'GET', path: (s) => `/v1/customers/${s.cus}` },
  {
    name: 'a payment with an Idempotency-Key',
    method: 'POST',
    path: '/v1/payments',
    headers: { 'Idempotency-Key': 'order-1', 'Mock-Scenario': 'manual' },
    form: (s) => ({ amount: '2000', currency: 'usd', customer: s.cus as string }),
    save: { as: 'pay', field: 'id' },
  },
  {
    name: 'its replay',
    method: 'POST',
    path: '/v1/payments',
    headers: { 'Idempotency-Key': 'order-1', 'Mock-Scenario': 'manual' },
    form: (s) => ({ amount: '2000', currency: 'usd', customer: s.cus as string }),
  },
  {
    name: 'the key reused with other params',
    method: 'POST',
    path: '/v1/payments',
    headers: { 'Idempotency-Key': 'order-1' },
    form: { amount: '999', currency: 'usd' },
  },
  { name: 'confirm with a declining card', method: 'POST', path: (s) => `/v1/payments/${s.pay}/confirm`, form: { payment_method: 'pm_card_chargeDeclined' } },
  {
    name: 'a card tokenised with the publishable key',
    method: 'POST',
    path: '/v1/payment_methods',
    auth: 'publishable',
    form: { 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '123' },
    save: { as: 'pm', field: 'id' },
  },
  { name: 'confirm with it', method: 'POST', path: (s) => `/v1/payments/${s.pay}/confirm`, form: (s) => ({ payment_method: s.pm as string }) },
  { name: 'a refund', method: 'POST', path: (s) => `/v1/payments/${s.pay}/refund`, form: { amount: '500' }, save: { as: 're', field: 'id' } },
  { name: 'its refunds', method: 'GET', path: (s) => `/v1/payments/${s.pay}/refunds` },
  { name: 'the refund', method: 'GET', path: (s) => `/v1/refunds/${s.re}` },
  { name: 'payment list', method: 'GET', path: '/v1/payments?status=succeeded' },
  {
    name: 'a payment for 3-D Secure',
    method: 'POST',
    path: '/v1/payments',
    headers: { 'Mock-Scenario': 'manual' },
    form: { amount: '3000', currency: 'eur', 'metadata[order]': '42' },
    save: { as: 'pay3ds', field: 'id' },
  },
  {
    name: 'confirmed with a card that needs 3-D Secure',
    method: 'POST',
    path: (s) => `/v1/payments/${s.pay3ds}/confirm`,
    form: { payment_method: 'pm_card_authenticationRequired', return_url: 'https://shop.test/done' },
  },
  { name: 'events', method: 'GET', path: '/v1/events?limit=3', save: { as: 'evt', field: 'data.0.id' } },
  { name: 'one event', method: 'GET', path: (s) => `/v1/events/${s.evt}` },
  {
    name: 'a webhook endpoint',
    method: 'POST',
    path: '/v1/webhook_endpoints',
    form: { url: 'https://receiver.invalid/hooks', 'enabled_events[]': 'customer.created' },
    save: { as: 'we', field: 'id' },
  },
  { name: 'webhook endpoint list', method: 'GET', path: '/v1/webhook_endpoints' },
  { name: 'the endpoint disabled', method: 'POST', path: (s) => `/v1/webhook_endpoints/${s.we}`, form: { disabled: 'true' } },
  { name: 'the endpoint deleted', method: 'DELETE', path: (s) => `/v1/webhook_endpoints/${s.we}` },
  {
    name: 'a lost response queued',
    method: 'POST',
    path: '/_mock/faults',
    auth: 'none',
    json: { method: 'POST', path: '/v1/customers', times: 1, phase: 'after', error: 'reset' },
  },
  { name: 'the lost response', method: 'POST', path: '/v1/customers', form: { email: 'lost@example.com' } },
  {
    name: 'a fault answering 500 queued',
    method: 'POST',
    path: '/_mock/faults',
    auth: 'none',
    json: { method: 'GET', path: '/v1/account', times: 1, error: 'api_error' },
  },
  { name: 'the 500', method: 'GET', path: '/v1/account' },
  { name: 'admin: clock', method: 'GET', path: '/_mock/clock', auth: 'none' },
  { name: 'admin: advance', method: 'POST', path: '/_mock/clock/advance', auth: 'none', json: { by: '25h' } },
  {
    name: 'the key reused after 25 h: the window has passed',
    method: 'POST',
    path: '/v1/payments',
    headers: { 'Idempotency-Key': 'order-1' },
    form: { amount: '999', currency: 'usd' },
  },
  { name: 'admin: scenario', method: 'PUT', path: '/_mock/scenario', auth: 'none', json: { scenario: 'decline' } },
  { name: 'a payment under the scenario', method: 'POST', path: '/v1/payments', form: { amount: '100', currency: 'usd' }, save: { as: 'payd', field: 'id' } },
  { name: 'confirmed under the decline scenario', method: 'POST', path: (s) => `/v1/payments/${s.payd}/confirm`, form: { payment_method: 'pm_card_visa' } },
  { name: 'admin: a workspace', method: 'POST', path: '/_mock/workspaces', auth: 'none', json: { name: 'w' }, save: { as: 'ws', field: 'workspace' } },
  { name: 'admin: its clock', method: 'POST', path: (s) => `/_mock/workspaces/${s.ws}/clock/advance`, auth: 'none', json: { by: '31d' } },
  { name: 'admin: keys', method: 'GET', path: '/_mock/keys', auth: 'none' },
  { name: 'admin: objects', method: 'GET', path: '/_mock/objects?type=payment', auth: 'none' },
  { name: 'admin: an object', method: 'GET', path: (s) => `/_mock/objects/${s.pay}`, auth: 'none' },
  { name: 'admin: events', method: 'GET', path: '/_mock/events?limit=2', auth: 'none' },
  { name: 'admin: webhook endpoints', method: 'GET', path: '/_mock/webhooks/endpoints', auth: 'none' },
  { name: 'admin: journal', method: 'GET', path: '/_mock/requests?limit=2', auth: 'none', mask: true },
  { name: 'admin: unknown query parameter', method: 'GET', path: '/_mock/requests?stauts=402', auth: 'none' },
  { name: 'admin: state export', method: 'GET', path: '/_mock/state', auth: 'none' },
  { name: 'admin: versions', method: 'GET', path: '/_mock/versions', auth: 'none' },
  {
    name: 'admin: a write from another site is refused',
    method: 'POST',
    path: '/_mock/reset',
    auth: 'none',
    headers: { Origin: 'https://evil.example' },
    json: {},
  },
  { name: 'admin: reset', method: 'POST', path: '/_mock/reset', auth: 'none', json: {} },
  {
    name: 'a preflight',
    method: 'OPTIONS',
    path: '/v1/payments',
    auth: 'none',
    headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
  },
  { name: 'the OpenAPI document', method: 'GET', path: '/openapi.json', auth: 'none' },
  { name: 'the errors page', method: 'GET', path: '/docs/errors', auth: 'none' },
];

interface Answer {
  status: number | 'dropped';
  headers: Record<string, string>;
  body: string;
}

/** Runs the table against one side; `send` makes the request and returns the Response (or throws when dropped). */
async function runTable(base: string, keys: { secret: string; publishable: string }, send: (request: Request) => Promise<Response>): Promise<Answer[]> {
  const saved: Saved = {};
  const answers: Answer[] = [];
  for (const step of STEPS) {
    const headers: Record<string, string> = { ...step.headers };
    const auth = step.auth ?? 'secret';
    if (auth === 'secret' || auth === 'publishable') headers.Authorization = `Bearer ${keys[auth]}`;
    else if (auth !== 'none') headers.Authorization = auth;
    let body: string | undefined;
    const form = typeof step.form === 'function' ? step.form(saved) : step.form;
    if (form) {
      body = new URLSearchParams(form).toString();
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else if (step.json !== undefined) {
      body = JSON.stringify(step.json);
      headers['Content-Type'] = 'application/json';
    } else if (step.raw !== undefined) body = step.raw;
    const path = typeof step.path === 'function' ? step.path(saved) : step.path;
    let response: Response;
    try {
      response = await send(new Request(`${base}${path}`, { method: step.method, headers, ...(body === undefined ? {} : { body }) }));
    } catch (error) {
      // A network error, as fetch reports one (Node's fetch lives in another realm than Jest's TypeError).
      expect(`${(error as Error).name}: ${(error as Error).message}`).toBe('TypeError: fetch failed');
      answers.push({ status: 'dropped', headers: {}, body: '' });
      continue;
    }
    const text = await response.text();
    const shown: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!TRANSPORT_HEADERS.includes(name) && !(step.mask && name === 'content-length')) shown[name] = value;
    });
    answers.push({ status: response.status, headers: shown, body: step.mask ? masked(text) : text });
    if (step.save) {
      let value: unknown = JSON.parse(text);
      for (const part of step.save.field.split('.')) value = (value as Record<string, unknown>)[part];
      saved[step.save.as] = String(value);
    }
  }
  return answers;
}

/** What differs between two clients rather than between the two transports: durations and client headers. */
function masked(text: string): string {
  return text.replace(/"duration_ms":[\d.]+/g, '"duration_ms":0').replace(/"request_headers":\{[^}]*\}/g, '"request_headers":{}');
}

describe('createFetchHandler answers as the HTTP server does', () => {
  let mock: MockServer;
  let handler: FetchHandler;
  let server: Answer[];
  let inProcess: Answer[];

  beforeAll(async () => {
    mock = await startMock({ ...OPTIONS, port: 0 });
    handler = createFetchHandler(OPTIONS);
    const keysOf = (entries: MockServer['keys']) => ({
      secret: entries.find((k) => k.kind === 'secret' && !k.livemode)!.key,
      publishable: entries.find((k) => k.kind === 'publishable' && !k.livemode)!.key,
    });
    expect(keysOf(handler.keys)).toEqual(keysOf(mock.keys));
    server = await runTable(mock.url, keysOf(mock.keys), (request) => fetch(request));
    // The same URL: doc_url links and the Host the admin guard checks are then the same on both sides.
    inProcess = await runTable(mock.url, keysOf(handler.keys), (request) => handler(request));
  }, 60_000);

  afterAll(async () => {
    handler?.close();
    await mock?.close();
  });

  it('ran every step on both sides', () => {
    expect(inProcess).toHaveLength(STEPS.length);
    expect(server).toHaveLength(STEPS.length);
  });

  it.each(STEPS.map((step, index) => [step.name, index] as const))('%s: same status, headers and body bytes', (_name, index) => {
    expect(inProcess[index]).toEqual(server[index]);
  });

  it('covers errors, a replay, a dropped connection and a 413', () => {
    const statuses = server.map((answer) => answer.status);
    expect(statuses).toEqual(expect.arrayContaining([200, 400, 401, 402, 404, 413, 415, 500, 'dropped']));
    expect(server.some((answer) => answer.headers['idempotent-replayed'] === 'true')).toBe(true);
  });
});
