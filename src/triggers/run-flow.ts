import { formText } from '../form-text';
import type { MockContext } from '../context/mock-context';
import { renderEvent } from '../domain/events';
import { ApiError } from '../errors/api-error';
import { isErrorCode } from '../errors/catalog';
import type { MockRequest, MockResponse } from '../request-response';
import { parseScenario } from '../scenarios/scenarios';
import { requestOf, StoredEvent } from '../store/event-log';
import type { FlowDocument, FlowEvent, FlowResult, FlowStep, FlowValue, RequestStep, StepReport } from './flow-types';
import { keyFor } from './flow-keys';
import { fieldAt, FlowReferenceError, Reference, resolveString, resolveValue } from './references';
import { isRequestStep, validateFlow } from './validate-flow';
import { noSuchWorkspace } from '../domain/workspaces';

/** The header every request of a flow (a trigger, a probe) carries: the integration review leaves the sandbox's own requests out. */
export const SOURCE_HEADER = 'payments-mock-source';

/**
 * Runs one request through the mock's whole pipeline, as a client's request goes (`handleRequest` bound to the
 * instance). Handed in by the caller: the request handler loads the admin routes, which hold this module's.
 */
export type Dispatch = (request: MockRequest) => MockResponse | Promise<MockResponse>;

/** A request step as the runner takes it: what a document says, plus what trigger recipes add. */
export type RunnableStep = Exclude<FlowStep, RequestStep> | (RequestStep & { scenario?: string; form?: boolean });

/** Why a step stopped the run: the step, what it sent, and what came back (or what was wrong). */
export class StepFailure extends Error {
  constructor(
    readonly report: StepReport,
    readonly answer: unknown,
    readonly answers: Record<string, unknown>,
    /** What the step expected, when it was an expect_error step; null otherwise. */
    readonly expected: { status?: number; code?: string } | null,
    /** A reference that could not be resolved, or a missing key: nothing was sent. */
    readonly before?: string,
    /** The step's `expect_status`, when the status it answered was another. */
    readonly expectedStatus?: number,
  ) {
    super(before ?? 'step failed');
  }
}

/**
 * Runs a flow document: validated first (every problem with its JSON pointer, nothing run), then each step in
 * order. A step that fails (or succeeds where `expect_error` says it must fail) stops the flow with 422
 * `flow_step_failed` / `flow_expectation_failed` naming the step, its request and the API's error.
 * `env` holds the values for `${env:NAME}` (the document's own `env` is added to it).
 * @example await runFlow(mock.context, (request) => handleRequest(mock.context, request), { steps: [{ name: 'cus', method: 'POST', path: '/v1/customers', params: { email: 'a@b.co' } }] }, {})
 */
export async function runFlow(ctx: MockContext, dispatch: Dispatch, input: unknown, env: Record<string, string | undefined>): Promise<FlowResult> {
  const fromDocument = input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as { env?: unknown }).env : undefined;
  const values = { ...env, ...(fromDocument !== null && typeof fromDocument === 'object' ? (fromDocument as Record<string, string>) : {}) };
  const document = validateFlow(input, values);
  try {
    return await runSteps(ctx, dispatch, document, document.steps, values);
  } catch (error) {
    if (error instanceof StepFailure) throw flowError(error);
    throw error;
  }
}

/** The flow's workspace and mode, checked. */
export function flowTarget(ctx: MockContext, document: Pick<FlowDocument, 'workspace' | 'livemode'>): { workspace: string; livemode: boolean } {
  const workspace = document.workspace ?? (ctx.store.workspaces.keys().next().value as string | undefined);
  if (workspace === undefined || !ctx.store.workspaces.has(workspace)) throw noSuchWorkspace(workspace, 'workspace', 400);
  return { workspace, livemode: document.livemode ?? false };
}

/** Runs steps that are already valid; throws StepFailure at the first step that fails. */
export async function runSteps(
  ctx: MockContext,
  dispatch: Dispatch,
  document: Pick<FlowDocument, 'workspace' | 'livemode'>,
  steps: readonly RunnableStep[],
  env: Record<string, string | undefined>,
): Promise<FlowResult> {
  const { workspace, livemode } = flowTarget(ctx, document);
  const answers: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const reports: StepReport[] = [];
  const requestIds = new Set<string>();
  const emitted: StoredEvent[] = [];
  const unsubscribe = ctx.bus.event.subscribe((message) => {
    if (message.workspace === workspace && message.livemode === livemode) emitted.push(message.event);
  });
  const lookup = (reference: Reference): unknown => {
    if (reference.name === 'env') {
      const value = env[reference.path];
      if (value === undefined) throw new FlowReferenceError(`${reference.text}: ${reference.path} is not set.`);
      return value;
    }
    if (!(reference.name in answers)) throw new FlowReferenceError(`${reference.text}: no answer named "${reference.name}" yet.`);
    return fieldAt(answers[reference.name], reference);
  };
  try {
    for (const [index, step] of steps.entries()) {
      const report: StepReport = { index, name: step.name ?? null, kind: 'request', request: null, status: null, request_id: null, summary: null };
      reports.push(report);
      let answer: unknown;
      if (isRequestStep(step)) answer = await requestStep(ctx, dispatch, { workspace, livemode }, step, report, lookup, answers, requestIds);
      else if ('advance' in step) {
        report.kind = 'advance';
        // The clock the workspace follows: its own once it has one, else the server's (as the admin API moves them).
        const moved = ctx.workspaces.hasOwnClock(workspace) ? await ctx.advanceWorkspaceClock(workspace, step.advance) : await ctx.advanceClock(step.advance);
        report.summary = `clock moved ${step.advance}${typeof step.advance === 'number' ? ' s' : ''} to ${moved.iso}`;
        answer = moved;
      } else if ('scenario' in step) {
        report.kind = 'scenario';
        const scenario = step.scenario === null ? null : parseScenario(step.scenario);
        if (scenario === null || ctx.workspaces.scenario(workspace) !== undefined) ctx.setWorkspaceScenario(workspace, scenario);
        else ctx.setScenario(scenario);
        answer = { scenario: step.scenario };
        report.summary = step.scenario === null ? 'scenario cleared' : `scenario ${step.scenario}`;
      } else {
        report.kind = 'flush_webhooks';
        const counts = await ctx.webhooks.flush();
        report.summary = `webhooks flushed: ${counts.succeeded} succeeded, ${counts.failed} failed, ${counts.pending} pending${counts.timed_out ? ' (timed out)' : ''}`;
        answer = counts;
      }
      if (step.name !== undefined) answers[step.name] = answer;
    }
  } finally {
    unsubscribe();
  }
  const events: FlowEvent[] = emitted
    .filter((event) => requestIds.has(requestOf(event).id ?? ''))
    .map((event) => ({ ...renderEvent(event), workspace }) as FlowEvent);
  return { object: 'flow_run', workspace, livemode, answers: { ...answers }, steps: reports, events };
}

async function requestStep(
  ctx: MockContext,
  dispatch: Dispatch,
  target: { workspace: string; livemode: boolean },
  step: RequestStep & { scenario?: string; form?: boolean },
  report: StepReport,
  lookup: (reference: Reference) => unknown,
  answers: Record<string, unknown>,
  requestIds: Set<string>,
): Promise<unknown> {
  const expected = step.expect_error ?? null;
  let request: MockRequest;
  try {
    const path = String(resolveString(step.path, lookup, encodeURIComponent));
    report.request = { method: step.method, path };
    const params = step.params === undefined ? undefined : (resolveValue(step.params, lookup) as Record<string, FlowValue>);
    const idempotencyKey = step.idempotency_key === undefined ? undefined : String(resolveString(step.idempotency_key, lookup));
    request = buildRequest(step, path, params, keyFor(ctx, target, step.key ?? 'secret', step.key_permissions), idempotencyKey);
  } catch (error) {
    if (error instanceof FlowReferenceError || error instanceof ApiError) throw new StepFailure(report, null, answers, expected, error.message);
    throw error;
  }
  const response = await dispatch(request);
  report.status = response.drop ? 0 : response.status;
  report.request_id = response.headers['Request-Id'] ?? null;
  if (report.request_id) requestIds.add(report.request_id);
  const answer = bodyOf(response);
  const failed = response.drop || response.status !== 200;
  const code = errorCode(answer);
  // A recorded step names the status it got: any other stops the replay here, whatever the status is.
  if (step.expect_status !== undefined && report.status !== step.expect_status)
    throw new StepFailure(report, answer, answers, null, undefined, step.expect_status);
  if (expected) {
    const matches = failed && (expected.status === undefined || expected.status === report.status) && (expected.code === undefined || expected.code === code);
    if (!matches) throw new StepFailure(report, answer, answers, expected);
  } else if (failed && step.expect_status === undefined) throw new StepFailure(report, answer, answers, null);
  return answer;
}

function buildRequest(
  step: RequestStep & { scenario?: string; form?: boolean },
  path: string,
  params: Record<string, FlowValue> | undefined,
  key: string,
  idempotencyKey: string | undefined,
): MockRequest {
  // Marked as the sandbox's own, so the integration review (src/review) does not judge a trigger's requests as the client's.
  const headers: MockRequest['headers'] = { authorization: `Bearer ${key}`, [SOURCE_HEADER]: 'flow' };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  if (step.scenario !== undefined) headers['mock-scenario'] = step.scenario;
  let url = path;
  let body = new Uint8Array(0);
  if (step.method === 'POST') {
    if (params !== undefined && step.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new TextEncoder().encode(formText(params));
    } else if (params !== undefined) {
      headers['content-type'] = 'application/json';
      body = new TextEncoder().encode(JSON.stringify(params));
    }
  } else if (params !== undefined && Object.keys(params).length > 0) url = `${path}?${formText(params)}`;
  return { method: step.method, url, headers, body };
}

function bodyOf(response: MockResponse): unknown {
  if (response.value !== undefined) return response.value;
  try {
    return JSON.parse(response.body);
  } catch {
    return response.body;
  }
}

function errorCode(answer: unknown): string | undefined {
  const code = (answer as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The admin API's error for a flow that stopped: 422, naming the step, its request and what came back. */
export function flowError(failure: StepFailure): ApiError {
  const { report, answer, expected } = failure;
  const step = `Step ${report.index}${report.name ? ` "${report.name}"` : ''} (/steps/${report.index})`;
  const sent = report.request ? `${report.request.method} ${report.request.path}` : 'the request';
  const body = {
    step: { index: report.index, name: report.name, pointer: `/steps/${report.index}` },
    request: report.request,
    response: failure.before === undefined ? { status: report.status, body: answer } : null,
    answers: { ...failure.answers },
  };
  const extras = { param: `/steps/${report.index}`, body };
  if (failure.before !== undefined) return new ApiError('flow_step_failed', `${step}: ${failure.before} Nothing was sent; the steps before it ran.`, extras);
  const apiError = (answer as { error?: { code?: string; message?: string } } | null)?.error;
  const got = report.status === 0 ? 'a dropped connection' : apiError ? `${report.status} ${apiError.code}: ${apiError.message}` : `${report.status}`;
  if (failure.expectedStatus !== undefined)
    return new ApiError('flow_step_failed', `${step}: ${sent} answered ${got}, where the flow expects ${failure.expectedStatus} (expect_status).`, extras);
  if (expected) {
    const wanted = [expected.status, expected.code].filter((part) => part !== undefined).join(' ');
    return new ApiError('flow_expectation_failed', sentence(`${step}: expected ${sent} to fail with ${wanted}, but it answered ${got}`), extras);
  }
  return new ApiError('flow_step_failed', sentence(`${step}: ${sent} answered ${got}`), extras);
}

/** A message ended with one period: the API's own message, quoted last, often ends with one already. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The API's own error of a failed step, with the step's request in front of its message (triggers answer with it). */
export function apiErrorOf(failure: StepFailure, context: string): ApiError {
  const apiError = (failure.answer as { error?: Record<string, unknown> } | null)?.error;
  const code = typeof apiError?.code === 'string' ? apiError.code : '';
  if (failure.before !== undefined || failure.expected || !apiError || !isErrorCode(code)) return flowError(failure);
  const { type: _type, code: _code, message, param, doc_url: _doc, ...rest } = apiError;
  const sent = failure.report.request ? `${failure.report.request.method} ${failure.report.request.path}` : 'a request';
  return new ApiError(code, `${context}: ${sent} was refused: ${String(message)}`, {
    status: failure.report.status ?? undefined,
    ...(typeof param === 'string' ? { param } : {}),
    body: rest,
  });
}
