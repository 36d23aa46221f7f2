import type { KeyEntry } from '../../start-mock';
import { ADMIN_TOKEN_VARIABLE, URL_VARIABLE } from './global-setup';
import { keysByRole, WorkspaceKeys } from '../../workspaces/keys-by-role';
import type { FlowDocument, FlowResult } from '../../triggers/flow-types';
import type { TriggerOptions, TriggerResult } from '../../triggers/trigger';
import { withEnv } from '../../triggers/env-references';
import { TestHooks, workspaceForFile } from '../workspace-client';

export { keysByRole };
export type { WorkspaceKeys };

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
}

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
  };
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
