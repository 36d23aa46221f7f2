import { ClockMode, ClockState } from '../clock/clock';
import { MockContext } from '../context/mock-context';
import { KeyEntry, keyEntry } from '../domain/key-entry';
import { parseScenario, ScenarioName, ScenarioOptions } from '../scenarios/scenarios';
import { WebhookDelivery, WebhookEndpoint } from '../schemas/resources';
import { webhookEndpoints } from '../webhooks/list-endpoints';
import { DeliveryCounts, DeliveryFilter } from '../webhooks/delivery-reads';
import { handleRequest } from '../http/handle-request';
import type { FlowDocument, FlowResult } from '../triggers/flow-types';
import type { JournalFlowOptions } from '../triggers/journal-flow';
import type { TriggerOptions, TriggerResult } from '../triggers/trigger';
import { createMockWorkspace, MockWorkspace, mockWorkspace } from './mock-workspace';
import { processEnv } from '../runtime/platform';
import type { ProbeReport } from '../review/probe-types';
import type { ReviewOptions, ReviewReport } from '../review/review-types';
import { flows, reviews } from './on-first-use';
import type { Severity } from '../review/rules';

export type { KeyEntry };

/**
 * What every way of running the mock gives its user, whatever the transport: the server of `startMock` and the
 * in-process `createFetchHandler` alike.
 */
export interface MockControls {
  /** Every key of every workspace, whole (the same as GET /_mock/keys). */
  readonly keys: KeyEntry[];
  clock: {
    now(): number;
    state(): ClockState;
    /** Moves the clock; resolves once every webhook attempt that came due on the way has been made. */
    advance(by: string | number): Promise<ClockState>;
    set(mode: ClockMode, now?: string | number): Promise<ClockState>;
  };
  /** The webhook delivery log, and a way to wait for it. */
  webhooks: {
    /** Every endpoint of every workspace, with its secret (as GET /_mock/webhooks/endpoints). */
    endpoints(): Array<WebhookEndpoint & { workspace: string }>;
    /** Deliveries newest first, with every attempt. */
    deliveries(filter?: DeliveryFilter): WebhookDelivery[];
    /** Waits until no attempt is due now or in flight; then the deliveries by status. */
    flush(options?: { timeoutMs?: number }): Promise<DeliveryCounts & { timed_out: boolean }>;
    /** Attempts a delivery again now, whatever its status. */
    retry(id: string): Promise<WebhookDelivery | undefined>;
    /**
     * A new delivery of an event (in its 30-day window) to an endpoint of the same workspace and mode, signed now:
     * replays a handler after a fix. Resolves once the first attempt is made (as `POST /_mock/events/{id}/deliver`).
     */
    redeliver(eventId: string, endpointId: string): Promise<WebhookDelivery>;
    /**
     * Probes an endpoint's handler with deliveries it must refuse (forged, altered, replayed) and ones it must accept
     * (valid, duplicate, out of order), as `POST /_mock/webhooks/endpoints/{id}/probe`. Probes are not deliveries.
     * @example const report = await mock.webhooks.probe(endpoint.id); expect(report.verdict).toBe('pass');
     */
    probe(endpointId: string): Promise<ProbeReport>;
  };
  /**
   * The integration review (as `GET /_mock/review`): findings from the request journal and the delivery log,
   * worst first, each with evidence and the page that explains the fix.
   * @example const { counts, findings } = mock.review({ workspace: 'acme' });
   */
  review(options?: ReviewOptions): ReviewReport;
  /**
   * Throws an Error listing the findings at or above `failOn` (default `critical`): a readable test failure.
   * @example after(() => mock.assertReviewClean({ failOn: 'warning' }));
   */
  assertReviewClean(options?: ReviewOptions & { failOn?: Severity }): void;
  /**
   * Makes an event happen as a client would (as `payments-mock trigger` and `POST /_mock/trigger`): the objects
   * whose state change emits it, through the same request pipeline, in the first workspace unless `workspace` says.
   * @example const { objects, events } = await mock.trigger('payment.payment_failed', { overrides: { amount: 5000 } });
   */
  trigger(type: string, options?: TriggerOptions): Promise<TriggerResult>;
  /**
   * Runs a flow document (as `payments-mock flow` and `POST /_mock/flows`); `${env:NAME}` reads `process.env` where
   * there is one (and the document's own `env`). Rejects with the API error object's fields when a step fails.
   * @example await mock.runFlow({ steps: [{ name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } }] });
   */
  runFlow(document: FlowDocument): Promise<FlowResult>;
  /**
   * The session in the request journal as a flow document that `runFlow` (or `payments-mock flow`) replays on a
   * fresh mock (as `GET /_mock/requests?as=flow`): one workspace's requests (default: the workspace of the first),
   * from `since` (a Request-Id or Unix seconds) on. Throws the API error object's fields when there is no session.
   * @example const flow = mock.sessionAsFlow({ workspace: 'acme' }); await fresh.runFlow(flow);
   */
  sessionAsFlow(options?: JournalFlowOptions): FlowDocument & { workspace: string; livemode: boolean };
  setScenario(name: ScenarioName, options?: ScenarioOptions): void;
  /**
   * A fresh, empty, isolated workspace for one test worker, with its own keys, and a clock, scenario and reset of
   * its own: `await ws.clock.advance('25h')`, `await ws.setScenario('decline')`, `await ws.reset()`.
   */
  createWorkspace(options?: { name?: string }): Promise<MockWorkspace>;
  /** The handle of an existing workspace (a fixture workspace such as `acme`, or one made over HTTP). */
  workspace(id: string): MockWorkspace;
  /**
   * Back to the fixtures (store, keys, journal, faults); the clock and scenario stay. Waits for the /v1 requests
   * in flight to finish first (at once, synchronously, when there are none).
   */
  reset(): Promise<void>;
  /** The instance's internals, for advanced embedding and tests. */
  readonly context: MockContext;
}

/**
 * The controls of one mock instance, over its context.
 * @example const controls = mockControls(createContext({ seed: 1 })); await controls.clock.advance('25h');
 */
export function mockControls(ctx: MockContext): MockControls {
  return {
    get keys() {
      return [...ctx.store.keys.values()].map((record) => keyEntry(ctx.store, record));
    },
    clock: {
      now: () => ctx.clock.now(),
      state: () => ctx.clock.state(),
      advance: (by) => ctx.advanceClock(by),
      set: (mode, now) => ctx.setClock(mode, now),
    },
    webhooks: {
      endpoints: () => webhookEndpoints(ctx.store),
      deliveries: (filter) => ctx.webhooks.list(filter),
      flush: (flushOptions) => ctx.webhooks.flush(flushOptions?.timeoutMs),
      retry: (id) => ctx.webhooks.retry(id),
      redeliver: (eventId, endpointId) => flows().redeliver(ctx, eventId, endpointId),
      probe: (endpointId) => reviews().probeWebhook(ctx, (request) => handleRequest(ctx, request), endpointId),
    },
    review: (reviewOptions = {}) => reviews().reviewJournal(ctx, reviewOptions, ctx.baseUrl ?? ''),
    assertReviewClean: ({ failOn, ...reviewOptions } = {}) =>
      reviews().assertReviewClean(reviews().reviewJournal(ctx, reviewOptions, ctx.baseUrl ?? ''), failOn),
    trigger: (type, triggerOptions) => flows().trigger(ctx, (request) => handleRequest(ctx, request), type, triggerOptions),
    runFlow: (document) => flows().runFlow(ctx, (request) => handleRequest(ctx, request), document, processEnv()),
    sessionAsFlow: (flowOptions) => flows().journalFlow(flows().sessionSource(ctx), flowOptions),
    setScenario: (name, scenarioOptions) => ctx.setScenario(parseScenario(name, scenarioOptions)),
    createWorkspace: async (workspaceOptions) => createMockWorkspace(ctx, workspaceOptions),
    workspace: (id) => mockWorkspace(ctx, id),
    reset: () => ctx.inFlight.replace(null, () => ctx.reset()),
    context: ctx,
  };
}
