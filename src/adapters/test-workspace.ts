import type { KeyEntry } from '../start-mock';
import type { FlowDocument, FlowResult } from '../triggers/flow-types';
import type { TriggerOptions, TriggerResult } from '../triggers/trigger';
import type { WorkspaceKeys } from '../workspaces/keys-by-role';
import type { ProbeReport } from '../review/probe-types';
import type { ReviewReport } from '../review/review-types';
import type { RuleId, Severity } from '../review/rules';

// The handle every runner's helper hands out (Jest, Vitest, Playwright), below both the client that builds it for a
// test file and the Jest helper that creates it, so the imports between them point one way.

/** A key of the workspace as `POST /_mock/workspaces` returns it. */
export type WorkspaceKey = KeyEntry;

/** A workspace's clock as the mock reports it: `follows_server` until the workspace's own clock is set. */
export interface WorkspaceClock {
  mode: 'real' | 'frozen' | 'offset';
  now: number;
  iso: string;
  workspace: string;
  follows_server: boolean;
}

/** The scenario that applies to a workspace's requests. */
export interface WorkspaceScenario {
  scenario: string;
  options: Record<string, number>;
  description: string;
  workspace: string;
  follows_server: boolean;
}

/**
 * A fresh, empty workspace on the shared mock, with a key of every kind in test and live mode, and a clock,
 * scenario and reset of its own: parallel test files never share time, scenario or data.
 */
export interface TestWorkspace {
  /** The mock's base URL, e.g. `http://127.0.0.1:53123`. */
  url: string;
  /** The workspace id (`DELETE /_mock/workspaces/{id}` drops it). */
  id: string;
  /** The same as `id` (kept for existing tests). */
  workspace: string;
  /** Its account id (`acct_…`), as `GET /v1/account` answers. */
  account: string;
  keys: WorkspaceKeys;
  /** Every key entry, whole. */
  entries: WorkspaceKey[];
  /**
   * Calls the mock with the workspace's test secret key (or `key`): an object body is sent as a form, so
   * `{ 'metadata[order]': '42' }` works as it does from curl.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test code reads answers freely (`res.body.id`)
  request(method: string, path: string, body?: Record<string, string | number>, key?: string): Promise<{ status: number; headers: Headers; body: any }>;
  /** This workspace's clock: the server's until set or advanced here; then its own, which nothing else moves. */
  clock: {
    state(): Promise<WorkspaceClock>;
    /** Unix seconds on the workspace's clock. */
    now(): Promise<number>;
    /** `'25h'`, `'31d'`, `'-1h'` or seconds; resolves once the webhook retries due on the way were made. */
    advance(by: string | number): Promise<WorkspaceClock>;
    set(mode: 'real' | 'frozen' | 'offset', now?: string | number): Promise<WorkspaceClock>;
  };
  /** The scenario for requests with this workspace's keys (`decline`, `manual`, …); `null` follows the server's. */
  setScenario(name: string | null, options?: Record<string, number>): Promise<WorkspaceScenario>;
  scenario(): Promise<WorkspaceScenario>;
  /** Empties the workspace; its keys, clock and scenario stay. */
  reset(): Promise<void>;
  /** Drops the workspace, its keys and its data. */
  delete(): Promise<void>;
  /**
   * Makes an event happen in this workspace as a client would (`POST /_mock/trigger`); rejects with the mock's message.
   * @example const { events } = await ws.trigger('payment.payment_failed', { overrides: { amount: 5000 } });
   */
  trigger(type: string, options?: Omit<TriggerOptions, 'workspace'>): Promise<TriggerResult>;
  /**
   * Runs a flow in this workspace (`POST /_mock/flows`); `${env:NAME}` is filled from this process's environment.
   * @example await ws.runFlow({ steps: [{ method: 'POST', path: '/v1/customers', params: { email: 'a@example.com' } }] });
   */
  runFlow(document: FlowDocument): Promise<FlowResult>;
  /**
   * The integration review of this workspace (`GET /_mock/review?workspace=`): findings worst first, each with
   * evidence and the page with the fix.
   * @example const { findings } = await ws.review();
   */
  review(options?: { since?: string }): Promise<ReviewReport>;
  /**
   * Rejects with an Error listing this workspace's findings at or above `failOn` (default `critical`), each with
   * its evidence and fix page.
   * @example it('left no critical finding', () => ws.assertReviewClean({ failOn: 'critical' }));
   */
  assertReviewClean(options?: { failOn?: Severity; since?: string }): Promise<void>;
  /**
   * Switches review rules off for this workspace (`[]` turns them all on); resolves with the rules now off.
   * @example await ws.setReviewRulesOff(['payment_polling']);
   */
  setReviewRulesOff(rules: RuleId[]): Promise<RuleId[]>;
  /**
   * Probes a webhook endpoint's handler (`POST /_mock/webhooks/endpoints/{id}/probe`): forged, altered and replayed
   * deliveries it must refuse, duplicate and out-of-order ones it must accept.
   * @example expect((await ws.probeWebhook(endpoint.id)).verdict).toBe('pass');
   */
  probeWebhook(endpointId: string): Promise<ProbeReport>;
}
