import type { ClockMode, ClockState } from '../clock/clock';
import type { MockContext } from '../context/mock-context';
import { newWorkspace, noSuchWorkspace } from '../domain/workspaces';
import { ApiError } from '../errors/api-error';
import { keyEntry } from '../domain/key-entry';
import { parseScenario, ScenarioName, ScenarioOptions } from '../scenarios/scenarios';
import type { FlowDocument, FlowResult } from '../triggers/flow-types';
import type { MockRequest } from '../request-response';
import { handleRequest } from '../http/handle-request';
import type { TriggerOptions, TriggerResult } from '../triggers/trigger';
import { keysByRole, WorkspaceKeys } from '../workspaces/keys-by-role';
import { processEnv } from '../runtime/platform';
import type { ReviewReport } from '../review/review-types';
import type { RuleId, Severity } from '../review/rules';
import { flows, reviews } from './on-first-use';
import type { ProbeReport } from '../review/probe-types';

/** The clock of one workspace, as `GET /_mock/workspaces/{id}/clock` shows it. */
export type WorkspaceClockState = ClockState & { workspace: string; follows_server: boolean };

/**
 * One workspace of a running mock, for one test worker: its keys, and a clock, scenario and reset of its own
 * (contract section 17). The Jest helper's workspace (`payments-mock/jest`) has the same methods over HTTP.
 */
export interface MockWorkspace {
  id: string;
  account: string;
  name: string;
  /** The workspace's current keys by role (secret, publishable, restricted, liveSecret, …). */
  readonly keys: WorkspaceKeys;
  /** Every key entry of the workspace, whole. */
  readonly entries: ReturnType<typeof keyEntry>[];
  clock: {
    now(): number;
    state(): WorkspaceClockState;
    /** Moves this workspace's clock only; resolves once its webhook attempts due on the way were made. */
    advance(by: string | number): Promise<WorkspaceClockState>;
    set(mode: ClockMode, now?: string | number): Promise<WorkspaceClockState>;
  };
  /** The scenario for requests with this workspace's keys; `null` follows the server's again. */
  setScenario(name: ScenarioName | null, options?: ScenarioOptions): Promise<void>;
  /** Empties the workspace (a fixture workspace: back to its fixtures); keys, clock and scenario stay. */
  reset(): Promise<void>;
  /** Drops the workspace, its keys and its data. */
  delete(): Promise<void>;
  /**
   * Makes an event happen in this workspace as a client would (see `mock.trigger`).
   * @example const { events } = await ws.trigger('refund.created', { overrides: { amount: 5000 } });
   */
  trigger(type: string, options?: Omit<TriggerOptions, 'workspace'>): Promise<TriggerResult>;
  /**
   * Runs a flow in this workspace (see `mock.runFlow`); a document naming another workspace is refused. Control
   * steps move this workspace's clock once it has one of its own (`ws.clock.set`/`advance`), else the server's.
   * @example await ws.runFlow({ steps: [{ method: 'POST', path: '/v1/customers', params: { email: 'a@example.com' } }] });
   */
  runFlow(document: FlowDocument): Promise<FlowResult>;
  /**
   * What this workspace did, from the request journal, as a flow document (see `mock.sessionAsFlow`).
   * @example const flow = ws.sessionAsFlow(); await otherWorkspace.runFlow({ ...flow, workspace: undefined });
   */
  sessionAsFlow(options?: { since?: string }): FlowDocument & { workspace: string; livemode: boolean };
  /**
   * The integration review of this workspace (as `GET /_mock/review?workspace=`): findings from its requests and
   * deliveries, worst first.
   * @example const { findings } = ws.review();
   */
  review(options?: { since?: string }): ReviewReport;
  /**
   * Throws an Error listing this workspace's findings at or above `failOn` (default `critical`), with evidence and fix pages.
   * @example after(() => ws.assertReviewClean({ failOn: 'warning' }));
   */
  assertReviewClean(options?: { failOn?: Severity; since?: string }): void;
  /**
   * Switches review rules off for this workspace (`[]` turns them all on); the review lists them as off.
   * @example ws.setReviewRulesOff(['payment_polling']);
   */
  setReviewRulesOff(rules: RuleId[]): RuleId[];
  /**
   * Probes one of this workspace's webhook endpoints' handler (see `mock.webhooks.probe`).
   * @example const { verdict } = await ws.probeWebhook(endpoint.id);
   */
  probeWebhook(endpointId: string): Promise<ProbeReport>;
}

/** A flow document aimed at one workspace: one naming another is refused, with its pointer. */
function inWorkspace(document: FlowDocument, id: string): FlowDocument {
  const named = (document as Partial<FlowDocument> | null)?.workspace;
  if (named !== undefined && named !== id)
    throw new ApiError('flow_invalid', `The flow names workspace ${String(named).slice(0, 100)}, but runs in ${id} (this workspace): remove /workspace.`, {
      param: '/workspace',
    });
  return { ...document, workspace: id };
}

/**
 * Makes a fresh, empty workspace (as `POST /_mock/workspaces`) and returns its handle.
 * @example
 * const ws = createMockWorkspace(mock.context, { name: 'worker 1' });
 * await ws.clock.advance('25h');
 */
export function createMockWorkspace(ctx: MockContext, options: { name?: string } = {}): MockWorkspace {
  const { workspace } = newWorkspace(ctx.store, { ...(options.name ? { name: options.name } : {}), now: ctx.clock.now() });
  ctx.changes++;
  return mockWorkspace(ctx, workspace.id);
}

/**
 * The handle of an existing workspace (a fixture workspace, or one made over HTTP); throws 404 if there is none.
 * @example await mockWorkspace(mock.context, 'acme').setScenario('decline');
 */
export function mockWorkspace(ctx: MockContext, id: string): MockWorkspace {
  const existing = () => {
    const workspace = ctx.store.workspaces.get(id);
    if (!workspace) throw noSuchWorkspace(id, 'id');
    return workspace;
  };
  const workspace = existing();
  const dispatch = (request: MockRequest) => handleRequest(ctx, request);
  const entries = () => [...ctx.store.keys.values()].filter((record) => record.workspace === id).map((record) => keyEntry(ctx.store, record));
  const state = (): WorkspaceClockState => ({ ...ctx.clockFor(id).state(), workspace: id, follows_server: !ctx.workspaces.hasOwnClock(id) });
  const review = (options: { since?: string } = {}) => reviews().reviewJournal(ctx, { ...options, workspace: id }, ctx.baseUrl ?? '');
  return {
    id,
    account: workspace.account,
    name: workspace.name,
    get keys() {
      return keysByRole(entries());
    },
    get entries() {
      return entries();
    },
    clock: {
      now: () => ctx.clockFor(id).now(),
      state,
      advance: async (by) => {
        existing();
        await ctx.advanceWorkspaceClock(id, by);
        return state();
      },
      set: async (mode, now) => {
        existing();
        await ctx.setWorkspaceClock(id, mode, now);
        return state();
      },
    },
    setScenario: async (name, options) => {
      existing();
      ctx.setWorkspaceScenario(id, name === null ? null : parseScenario(name, options));
    },
    reset: async () => {
      existing();
      ctx.resetWorkspace(id);
    },
    delete: async () => {
      ctx.deleteWorkspace(id);
    },
    trigger: async (type, options = {}) => {
      existing();
      return flows().trigger(ctx, dispatch, type, { ...options, workspace: id });
    },
    runFlow: async (document) => {
      existing();
      return flows().runFlow(ctx, dispatch, inWorkspace(document, id), processEnv());
    },
    sessionAsFlow: (options = {}) => {
      existing();
      return flows().journalFlow(flows().sessionSource(ctx), { ...options, workspace: id });
    },
    review,
    assertReviewClean: ({ failOn, ...options } = {}) => reviews().assertReviewClean(review(options), failOn),
    setReviewRulesOff: (rules) => reviews().setRulesOff(ctx, id, rules).rules_off,
    probeWebhook: async (endpointId) => {
      existing();
      return reviews().probeWebhook(ctx, dispatch, endpointId, id);
    },
  };
}
