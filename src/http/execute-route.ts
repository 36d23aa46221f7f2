/**
 * The endpoint's part of a /v1 request, once the pipeline (handle-v1.ts) has let it through: run the handler,
 * render its answer (or error) for the request's API version, save it for idempotent retries, then apply a fault
 * injected after it.
 */
import { MockContext } from '../context/mock-context';
import { saveIdempotentAnswer } from '../domain/idempotency';
import { LATEST_VERSION, renderForVersion } from '../domain/versions';
import { ApiError } from '../errors/api-error';
import { ERROR_CATALOG, ErrorCode } from '../errors/catalog';
import { explainMissing } from '../near-miss/explain-missing';
import { MockRequest, MockResponse } from '../request-response';
import type { ApiRoute as V1Route } from '../routes';
import { JsonText } from '../routes/shared/json-text';
import { Scenario, ScenarioDice } from '../scenarios/scenarios';
import { eventRequest } from '../store/event-log';
import { IdempotencyRecord, KeyRecord, Partition, Workspace } from '../store/store';
import { docsBase, errorResponse, jsonAnswer } from './respond';
import { V1Outcome } from './v1-outcome';

/** An Idempotency-Key claimed for this request: released if it fails before the endpoint runs, else its answer is saved. */
export type Claim = { partition: Partition; key: string; record: IdempotencyRecord };

/** Runs the endpoint, saves its answer for idempotent retries, then applies a fault injected after it. */
export function executeRoute(
  ctx: MockContext,
  req: MockRequest,
  route: V1Route,
  run: Execution,
  headers: Record<string, string>,
  outcome: V1Outcome,
  claim: Claim | undefined,
  flaky: ReturnType<ScenarioDice['flaky']>,
): V1Outcome {
  const base = docsBase(ctx.baseUrl, req.headers.host, req.origin);
  const response = execute(ctx, route, run, headers, base, outcome);
  if (claim) saveIdempotentAnswer(claim.partition, claim.key, claim.record, response, run.version);

  const faultAfter = ctx.faults.take(req.method, run.path, 'after');
  if (faultAfter?.error === 'reset' || flaky === 'after-drop') outcome.response = { status: 0, headers, body: '', drop: true };
  else if (faultAfter || flaky === 'after-error') outcome.response = errorResponse(injected(faultAfter?.error ?? 'api_error', 'after'), base, headers);
  else outcome.response = response;
  return outcome;
}

/** What the pipeline settled about a request (key, workspace, version, parameters, scenario) that the endpoint runs with. */
export interface Execution {
  key: KeyRecord;
  workspace: Workspace;
  partition: Partition;
  version: string;
  now: number;
  requestId: string;
  idempotencyKey: string | undefined;
  params: unknown;
  pathParams: Record<string, string>;
  path: string;
  scenario: Scenario;
}

/** Runs the handler; its ApiErrors (a decline, a refund too large) are responses like any other. */
function execute(ctx: MockContext, route: V1Route, run: Execution, headers: Record<string, string>, base: string, outcome: V1Outcome): MockResponse {
  try {
    const scope = {
      store: ctx.store,
      workspace: run.workspace,
      partition: run.partition,
      livemode: run.key.livemode,
      now: run.now,
      version: run.version,
      request: eventRequest(ctx.store.ids, run.requestId, run.idempotencyKey ?? null),
      bus: ctx.bus,
    };
    let body = route.handler({
      ctx,
      scope,
      key: run.key,
      params: run.params,
      path: run.pathParams,
      url: run.path,
      scenario: run.scenario.scenario,
      origin: base,
      headers,
    });
    if (body instanceof JsonText) {
      // Already the latest version's text: sent as it is, and kept by the journal as this same string.
      if (run.version === LATEST_VERSION) return { status: 200, headers, body: body.text };
      body = JSON.parse(body.text) as unknown;
    } else if (run.version !== LATEST_VERSION) body = JSON.parse(JSON.stringify(body)) as unknown;
    if (run.version !== LATEST_VERSION) renderForVersion(body, run.version);
    return jsonAnswer(200, body, headers);
  } catch (thrown) {
    let error = thrown;
    if (error instanceof ApiError && error.code === 'resource_missing') {
      const request = { store: ctx.store, workspace: run.workspace, livemode: run.key.livemode, path: run.pathParams, params: run.params };
      ({ error, missed: outcome.missed } = explainMissing(error, request));
    }
    if (error instanceof ApiError && error.extras.body && run.version !== LATEST_VERSION) {
      // The body may hold a stored (immutable) object: render a copy.
      error.extras.body = JSON.parse(JSON.stringify(error.extras.body)) as Record<string, unknown>;
      renderForVersion(error.extras.body, run.version);
    }
    return errorResponse(error, base, headers);
  }
}

/** The error of a fault injected `before` the endpoint (nothing ran) or `after` it (it ran: a retry gets its result). */
export function injected(code: ErrorCode, phase: 'before' | 'after'): ApiError {
  const note = phase === 'before' ? 'nothing was executed' : 'the request was executed; retry with the same Idempotency-Key to get its result';
  // An injected 429 looks like a real one, so client retry logic that reads Retry-After can be tested with it.
  const headers = ERROR_CATALOG[code].status === 429 ? { headers: { 'Retry-After': '1' } } : {};
  return new ApiError(code, `Injected fault (${phase}): ${note}.`, headers);
}
