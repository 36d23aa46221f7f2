import { MockContext } from '../context/mock-context';
import { CORS_HEADERS, PREFLIGHT_HEADERS } from './cors';
import { MockRequest, MockResponse } from '../request-response';
import { handleV1 } from './handle-v1';
import { V1Outcome } from './v1-outcome';
import { capText, journalKey } from './journal-masking';
import { JOURNAL_BODY_LIMIT } from '../store/journal';
import { maskKey, maskPath } from '../masking/mask-text';
import { docsBase, errorResponse } from './respond';
import { pageTable } from './page-table';
import { monotonicMs } from '../runtime/platform';

/**
 * The whole mock as one function from request to response: /v1 (the API), /_mock (admin), /openapi.json and
 * /docs. Transports (node:http, Express, inject) only read the body and write what this returns. A /v1 request
 * that need not wait (no injected latency, no reset in progress: nearly all of them) is answered synchronously,
 * without a promise; anything else returns one.
 */
export function handleRequest(ctx: MockContext, req: MockRequest): MockResponse | Promise<MockResponse> {
  const started = monotonicMs();
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : req.url.slice(queryAt + 1);

  // The admin surface is for this machine's own user: no CORS there, so other origins cannot read keys or state.
  const admin = path.startsWith('/_mock/') || path === '/_mock';
  if (req.method === 'OPTIONS' && !admin) return { status: 204, headers: { ...PREFLIGHT_HEADERS }, body: '' };
  // Anything but a read may change the state: autosave compares this count, never the store itself.
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') ctx.changes++;

  if (path.startsWith('/v1/') || path === '/v1') {
    // Only /v1 requests draw request ids, from their own stream: admin calls (an open dashboard makes many),
    // preflights and docs never shift them.
    const requestId = ctx.store.newRequestId();
    const outcome = handleV1(ctx, req, path, query, requestId);
    if (outcome instanceof Promise) return outcome.then((done) => finishV1(ctx, req, path, query, requestId, started, done));
    return finishV1(ctx, req, path, query, requestId, started, outcome);
  }
  return handleOther(ctx, req, path, query).then(
    (response) => (admin ? response : withCors(response)),
    (error: unknown) => {
      const response = errorResponse(error, docsBase(ctx.baseUrl, req.headers.host, req.origin));
      return admin ? response : withCors(response);
    },
  );
}

/** Records a finished /v1 request (journal, dashboard stream, log line) and returns its answer. */
function finishV1(ctx: MockContext, req: MockRequest, path: string, query: string, requestId: string, started: number, outcome: V1Outcome): MockResponse {
  const response = outcome.response;
  const duration = monotonicMs() - started;
  const bodyTruncated = req.body.length > JOURNAL_BODY_LIMIT;
  ctx.journal.record(
    {
      id: requestId,
      method: req.method,
      path,
      status: response.status,
      idempotency_key: outcome.idempotencyKey,
      replayed: outcome.replayed,
      duration_ms: Math.round(duration * 100) / 100,
      created: ctx.clock.now(),
      workspace: outcome.key?.workspace ?? null,
      near_miss: outcome.missed,
      at_ms: started,
      keyRecord: outcome.key,
    },
    // What the entry shows is worked out from these only when the journal is read (journalDetails).
    {
      headers: req.headers,
      body: req.body,
      bodyTruncated,
      query,
      // Parameters exist only for a body that passed validation, which bounds their size; a cut body is never parsed.
      params: bodyTruncated ? undefined : outcome.params,
      responseHeaders: response.headers,
      // Kept only if the exchange is too large for the journal's slab: a JSON answer's value gives its text again.
      responseValue: response.value,
      responseText: response.value === undefined ? capText(response.body) : undefined,
    },
    response.body,
  );
  if (ctx.bus.request.hasSubscribers) {
    const key = outcome.key ? maskKey(outcome.key.key) : journalKey(req.headers.authorization);
    ctx.bus.request.publish({
      id: requestId,
      method: req.method,
      // Only while someone watches (the dashboard's stream): the journal masks when read, this message when sent.
      path: maskPath(path),
      status: response.status,
      key,
      replayed: outcome.replayed,
      duration_ms: Math.round(duration * 100) / 100,
      created: ctx.clock.now(),
    });
  }
  if (ctx.onRequest) {
    const error_code = response.status >= 400 ? errorCodeOf(response) : null;
    ctx.onRequest({
      method: req.method,
      path,
      status: response.status,
      error_code,
      duration_ms: duration,
      key_kind: outcome.key?.kind ?? null,
      replayed: outcome.replayed,
      request_id: requestId,
    });
  }
  // Its headers carry CORS already (handleV1 builds every answer on them).
  return response;
}

function withCors(response: MockResponse): MockResponse {
  Object.assign(response.headers, CORS_HEADERS);
  return response;
}

/** The `error.code` of an error answer, for the log line (a replayed answer has only its text). */
function errorCodeOf(response: MockResponse): string | null {
  let body = response.value;
  if (body === undefined) {
    try {
      body = JSON.parse(response.body);
    } catch {
      return null;
    }
  }
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : null;
}

async function handleOther(ctx: MockContext, req: MockRequest, path: string, query: string): Promise<MockResponse> {
  if (path.startsWith('/_mock/') || path === '/_mock') {
    // Loaded on the first admin request: a start initialises only what answers /v1 (docs/performance.md, "Boot").
    // require, not import(): the Playwright runner's TypeScript loader does not transform an import() of a .ts file.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (above)
    const { handleAdmin } = require('./handle-admin') as typeof import('./handle-admin');
    return handleAdmin(ctx, req, path, query, (request) => handleRequest(ctx, request));
  }
  return pageTable(ctx.pages).site(req, path, query, docsBase(ctx.baseUrl, req.headers.host, req.origin));
}
