import { ADMIN_TOKEN_VARIABLE, URL_VARIABLE } from './global-setup';
import { keysByRole, WorkspaceKeys } from '../../workspaces/keys-by-role';
import type { FlowResult } from '../../triggers/flow-types';
import type { TriggerResult } from '../../triggers/trigger';
import { withEnv } from '../../triggers/env-references';
import type { TestWorkspace, WorkspaceClock, WorkspaceKey, WorkspaceScenario } from '../test-workspace';
import { TestHooks, workspaceForFile } from '../workspace-client';
import type { ProbeReport } from '../../review/probe-types';
import type { ReviewReport } from '../../review/review-types';
import { assertReviewClean } from '../../review/review-text';
import type { RuleId } from '../../review/rules';

export { keysByRole };
export type { TestWorkspace, WorkspaceClock, WorkspaceKey, WorkspaceKeys, WorkspaceScenario };

export interface CreateOptions {
  /** The mock's URL; default `PAYMENTS_MOCK_URL`, which the global setup sets. */
  url?: string;
  name?: string;
  /** Needed when the mock runs with --admin-token; default `PAYMENTS_MOCK_ADMIN_TOKEN`. */
  adminToken?: string;
}

/**
 * Creates an isolated workspace on a running mock (`POST /_mock/workspaces`). Parallel test files each take
 * their own, so they share one server without seeing each other's data.
 *
 * @example
 * const ws = await createWorkspace();
 * const res = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
 * await ws.delete();
 */
export async function createWorkspace(options: CreateOptions | string = {}): Promise<TestWorkspace> {
  const { url: given, name, adminToken = process.env[ADMIN_TOKEN_VARIABLE] } = typeof options === 'string' ? { url: options } : options;
  const url = (given ?? process.env[URL_VARIABLE])?.replace(/\/+$/, '');
  if (!url) {
    throw new Error(
      `payments-mock: no mock URL. Add globalSetup: 'payments-mock/jest/global-setup' to your Jest config, or set ${URL_VARIABLE} to a running mock.`,
    );
  }
  const adminHeaders: Record<string, string> = { 'Content-Type': 'application/json', ...(adminToken ? { Authorization: `Bearer ${adminToken}` } : {}) };
  const res = await fetch(`${url}/_mock/workspaces`, { method: 'POST', headers: adminHeaders, body: JSON.stringify(name ? { name } : {}) });
  const created = (await res.json()) as { workspace: string; account: string; keys: WorkspaceKey[]; error?: { message: string } };
  if (!res.ok) throw new Error(`payments-mock: POST ${url}/_mock/workspaces answered ${res.status}: ${created.error?.message ?? ''}`);
  const keys = keysByRole(created.keys);
  const base = `${url}/_mock/workspaces/${created.workspace}`;
  /** An admin call: the JSON answer, or an Error carrying the mock's message. */
  const call = async <T>(method: string, address: string, body?: unknown): Promise<T> => {
    const response = await fetch(address, { method, headers: adminHeaders, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const answer = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(`payments-mock: ${method} ${address} answered ${response.status}: ${answer.error?.message ?? ''}`);
    return answer;
  };
  /** An admin call for this workspace. */
  const admin = <T>(method: string, path: string, body?: unknown): Promise<T> => call<T>(method, `${base}${path}`, body);
  return {
    url,
    id: created.workspace,
    workspace: created.workspace,
    account: created.account,
    keys,
    entries: created.keys,
    request: async (method, path, body, withKey = keys.secret) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${withKey}` },
        ...(body ? { body: new URLSearchParams(Object.entries(body).map(([name, value]): [string, string] => [name, String(value)])) } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    clock: {
      state: () => admin<WorkspaceClock>('GET', '/clock'),
      now: async () => (await admin<WorkspaceClock>('GET', '/clock')).now,
      advance: (by) => admin<WorkspaceClock>('POST', '/clock/advance', { by }),
      set: (mode, now) => admin<WorkspaceClock>('PUT', '/clock', now === undefined ? { mode } : { mode, now }),
    },
    setScenario: (scenario, scenarioOptions) =>
      admin<WorkspaceScenario>('PUT', '/scenario', scenarioOptions === undefined ? { scenario } : { scenario, options: scenarioOptions }),
    scenario: () => admin<WorkspaceScenario>('GET', '/scenario'),
    reset: async () => {
      await admin('POST', '/reset', {});
    },
    delete: async () => {
      const gone = await fetch(base, { method: 'DELETE', headers: adminHeaders });
      if (!gone.ok && gone.status !== 404) throw new Error(`payments-mock: could not delete workspace ${created.workspace}: ${gone.status}`);
      await gone.body?.cancel();
    },
    trigger: (type, triggerOptions = {}) =>
      call<TriggerResult>('POST', `${url}/_mock/trigger`, { event: type, ...triggerOptions, workspace: created.workspace }),
    runFlow: async (document) => {
      if (document.workspace !== undefined && document.workspace !== created.workspace)
        throw new Error(
          `payments-mock: the flow names workspace ${document.workspace}, but runs in ${created.workspace} (this workspace): remove "workspace".`,
        );
      return call<FlowResult>('POST', `${url}/_mock/flows`, { ...withEnv(document, process.env), workspace: created.workspace });
    },
    review: (reviewOptions = {}) => call<ReviewReport>('GET', reviewAddress(url, created.workspace, reviewOptions.since)),
    assertReviewClean: async ({ failOn, since } = {}) =>
      assertReviewClean(await call<ReviewReport>('GET', reviewAddress(url, created.workspace, since)), failOn),
    setReviewRulesOff: async (rules) => (await admin<{ rules_off: RuleId[] }>('PUT', '/review', { rules_off: rules })).rules_off,
    probeWebhook: async (endpointId) => {
      const report = await call<ProbeReport>('POST', `${url}/_mock/webhooks/endpoints/${encodeURIComponent(endpointId)}/probe`, {});
      if (report.workspace !== created.workspace)
        throw new Error(`payments-mock: webhook endpoint ${endpointId} belongs to workspace ${report.workspace}, not to this one (${created.workspace}).`);
      return report;
    },
  };
}

function reviewAddress(url: string, workspace: string, since: string | undefined): string {
  return `${url}/_mock/review?${new URLSearchParams({ workspace, ...(since !== undefined ? { since } : {}) }).toString()}`;
}

/**
 * Gives the calling test file its own workspace: created in `beforeAll`, deleted in `afterAll`. Read its fields
 * inside tests (they exist once `beforeAll` has run).
 *
 * @example
 * const ws = useWorkspace();
 * it('creates a payment', async () => {
 *   const res = await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' });
 *   expect(res.status).toBe(200);
 * });
 */
export function useWorkspace(options: CreateOptions = {}): TestWorkspace {
  const { beforeAll, afterAll } = globalThis as unknown as Partial<TestHooks>;
  if (!beforeAll || !afterAll) throw new Error('payments-mock: useWorkspace() must be called in a Jest test file (it uses beforeAll and afterAll).');
  return workspaceForFile({ beforeAll, afterAll }, () => createWorkspace(options));
}
