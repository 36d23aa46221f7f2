import { systemMs } from '../clock/clock';
import { MockContext } from '../context/mock-context';
import { checkIdempotencyKey, claimIdempotencyKey, fingerprint, releaseIdempotencyKey } from '../domain/idempotency';
import { allows, authenticate } from '../domain/keys';
import { maskKey } from '../masking/mask-text';
import { LATEST_VERSION } from '../domain/versions';
import { ApiError } from '../errors/api-error';
import { parseScenario, Scenario } from '../scenarios/scenarios';
import { KeyRecord, savedBody } from '../store/store';
import { parseBody } from './body';
import { MockRequest, MockResponse } from '../request-response';
import { parseQuery } from './form';
import { docsBase, errorResponse, JSON_TYPE } from './respond';
import { CORS_HEADERS } from './cors';
import type { ApiRoute as V1Route } from '../routes';
import { acceptsNoParams, validateParams } from './validate';
import { refusalMessage } from '../memory/memory-budget';
import { requestVersion } from './versions-header';
import { Claim, executeRoute, injected } from './execute-route';
import { V1Outcome } from './v1-outcome';
import { V1_ROUTER } from './v1-router';

const DEFAULT_RATE_LIMIT = 25;
const DEFAULT_FLAKY_RATE = 0.1;

/**
 * One /v1 request through the pipeline, in the order a real API checks things: route, outage, key, version,
 * rate limit, permission, parameters, idempotency, injected faults and latency, then the handler. Every
 * failure becomes the JSON error object; nothing is saved for an idempotent retry until the handler runs.
 * Synchronous unless the request must wait (injected latency, or a reset of its workspace in progress).
 */
export function handleV1(ctx: MockContext, req: MockRequest, path: string, query: string, requestId: string): V1Outcome | Promise<V1Outcome> {
  // Every answer to this request is built on these, in the order they are sent (CORS: browsers call /v1 from any origin).
  const headers: Record<string, string> = { 'Content-Type': JSON_TYPE, 'Request-Id': requestId, 'Service-Version': LATEST_VERSION, ...CORS_HEADERS };
  const outcome: V1Outcome = {
    response: undefined as unknown as MockResponse,
    key: undefined,
    idempotencyKey: null,
    replayed: false,
    params: undefined,
    missed: null,
  };
  let claim: Claim | undefined;
  let entered: string | undefined;
  /** Set when the rest runs after a wait: then that continuation, not this call, leaves the in-flight count. */
  let waiting = false;
  try {
    const { route, params: pathParams } = V1_ROUTER.match(req.method, path);
    const scenario = requestScenario(ctx, req.headers['mock-scenario'], req.headers.authorization);
    if (scenario.scenario === 'outage')
      throw new ApiError('service_unavailable', 'The service is unavailable (scenario "outage"). Retry later, or PUT /_mock/scenario {"scenario":"happy"}.');

    // A workspace with a clock of its own lives by it: key grace, idempotency, events and `created`.
    const key = authenticate(ctx.store, req.headers.authorization, ctx.nowFor);
    const now = ctx.nowFor(key.workspace);
    outcome.key = key;
    const workspace = ctx.store.workspaces.get(key.workspace);
    if (!workspace) throw new ApiError('invalid_api_key', `Invalid API key provided: ${maskKey(key.key)} (its workspace was deleted).`);
    const replacing = ctx.inFlight.pending(workspace.id);
    if (replacing) {
      // A reset, import or deletion of this workspace is waiting: start over once it is done, on the new state.
      return replacing.then(() => handleV1(ctx, req, path, query, requestId));
    }
    ctx.inFlight.enter((entered = workspace.id));
    const version = requestVersion(req.headers['service-version'], workspace);
    headers['Service-Version'] = version;
    if (scenario.scenario === 'rate-limited') {
      const { limited, retryAfter } = ctx.rateLimiter.hit(key.key, scenario.options.limit ?? DEFAULT_RATE_LIMIT, systemMs());
      if (limited)
        throw new ApiError(
          'rate_limit',
          `Too many requests for this key: more than ${scenario.options.limit ?? DEFAULT_RATE_LIMIT} a second (scenario "rate-limited"). Retry after ${retryAfter}s.`,
          { headers: { 'Retry-After': String(retryAfter) } },
        );
    }
    authorize(route, key);

    const params = readParams(route, req, query);
    outcome.params = params;
    const partition = key.livemode ? workspace.live : workspace.test;
    const idempotencyKey = req.method === 'POST' ? header(req.headers['idempotency-key']) : undefined;
    if (idempotencyKey !== undefined) {
      checkIdempotencyKey(idempotencyKey);
      outcome.idempotencyKey = idempotencyKey;
      const claimed = claimIdempotencyKey(partition, idempotencyKey, { method: req.method, path, fingerprint: fingerprint(key.kind, params) }, now);
      if ('replay' in claimed) {
        outcome.replayed = true;
        outcome.response = {
          status: claimed.replay.status,
          headers: { ...headers, 'Service-Version': claimed.replay.version, 'Idempotent-Replayed': 'true' },
          body: savedBody(claimed.replay),
        };
        return outcome;
      }
      claim = { partition, key: idempotencyKey, record: claimed.record };
    }
    // Past the memory budget nothing new is stored (a replay above stores nothing, so it is still answered); the
    // refusal is not saved for a retry, which may succeed once memory is freed.
    if (req.method === 'POST' && !ctx.memory.admits()) throw new ApiError('memory_budget_exceeded', refusalMessage(ctx.memory.held, ctx.memory.budget));

    const flaky = scenario.scenario === 'flaky' ? ctx.dice.flaky(scenario.options.rate ?? DEFAULT_FLAKY_RATE) : 'none';
    const faultBefore = ctx.faults.take(req.method, path, 'before');
    if (faultBefore || flaky === 'before') {
      if (faultBefore?.error === 'reset') {
        outcome.response = { status: 0, headers, body: '', drop: true };
        release(claim);
        return outcome;
      }
      throw injected(faultBefore?.error ?? 'api_error', 'before');
    }
    const latency = scenario.scenario === 'slow' ? ctx.dice.latencyMs(scenario.options) : scenario.options.latency_ms;
    const run = { key, workspace, partition, version, now, requestId, idempotencyKey, params, pathParams, path, scenario };
    // From here the endpoint executes: its result, success or error, is what a retry replays.
    const started = claim;
    claim = undefined;
    if (!latency) return executeRoute(ctx, req, route, run, headers, outcome, started, flaky);
    waiting = true;
    const workspaceId = workspace.id;
    return delay(latency)
      .then(() => executeRoute(ctx, req, route, run, headers, outcome, started, flaky))
      .finally(() => ctx.inFlight.leave(workspaceId));
  } catch (error) {
    release(claim);
    outcome.response = errorResponse(error, docsBase(ctx.baseUrl, req.headers.host, req.origin), headers);
    return outcome;
  } finally {
    if (entered !== undefined && !waiting) ctx.inFlight.leave(entered);
  }
}

function readParams(route: V1Route, req: MockRequest, query: string): unknown {
  if (req.method === 'GET') {
    // Most reads send no query: nothing to parse or check when the operation requires nothing.
    if (query === '' && acceptsNoParams(route.params)) return {};
    return validateParams(route.params, parseQuery(query), true);
  }
  if (query !== '') validateParams('none', parseQuery(query), true);
  const { params, fromText } = parseBody(header(req.headers['content-type']), req.body);
  return validateParams(route.params, params, fromText);
}

function authorize(route: V1Route, key: KeyRecord): void {
  if (key.kind === 'publishable' && !route.publishable) {
    throw new ApiError(
      'secret_key_required',
      `${route.method} ${route.path} needs a secret key. A publishable key may only tokenise cards (POST /v1/payment_methods), confirm a payment with its client_secret, and retrieve that payment with ?client_secret=.`,
    );
  }
  const [resource, level] = route.permission;
  if (key.kind === 'restricted' && !allows(key, resource, level)) {
    throw new ApiError(
      'insufficient_permissions',
      `This restricted key lacks the permission \`${resource}: ${level}\`, which ${route.method} ${route.path} needs. Use a key with that permission, or a secret key.`,
    );
  }
}

/** The Mock-Scenario header's, else the key's workspace's own, else the server's. */
function requestScenario(ctx: MockContext, header: string | string[] | undefined, authorization: string | undefined): Scenario {
  const current = ctx.scenarioForKey(authorization);
  if (header === undefined) return current;
  const name = Array.isArray(header) ? (header[0] ?? '') : header.trim();
  try {
    return parseScenario(name, current.scenario === name ? current.options : {});
  } catch {
    throw new ApiError(
      'parameter_invalid',
      `Unknown Mock-Scenario "${name.slice(0, 40)}". Use one of: happy, manual, decline, flaky, rate-limited, slow, outage.`,
      { param: 'Mock-Scenario' },
    );
  }
}

function release(claim: Claim | undefined): void {
  if (claim) releaseIdempotencyKey(claim.partition, claim.key, claim.record);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
