import type { ClockMode, ClockState } from '../clock/clock';
import type { KeyEntry } from '../domain/key-entry';
import { MockApi } from '../mcp/mock-api';
import type { ScenarioName, ScenarioOptions } from '../scenarios/scenarios';
import type { WebhookDelivery, WebhookEndpoint } from '../schemas/resources';
import type { JournalEntry, JournalFilter } from '../store/journal';
import { withEnv } from '../triggers/env-references';
import type { FlowDocument, FlowResult } from '../triggers/flow-types';
import type { JournalFlowOptions } from '../triggers/journal-flow';
import type { TriggerOptions, TriggerResult } from '../triggers/trigger';
import type { DeliveryCounts, DeliveryFilter } from '../webhooks/delivery-reads';
import { createWorkspace } from './jest/workspace';
import type { TestWorkspace } from './test-workspace';

/**
 * `startMock`'s controls for a mock that runs elsewhere (a container, another process), over its admin API: the
 * same names, each a promise because it is a request. Workspaces are the runner helpers' client (`createWorkspace`
 * of payments-mock/jest), so a test written against one works against the other.
 */
export interface RemoteControls {
  /** The mock's base URL, e.g. `http://127.0.0.1:32771`. */
  readonly url: string;
  /** Every key of every workspace, whole (`GET /_mock/keys`). */
  keys(): Promise<KeyEntry[]>;
  clock: {
    state(): Promise<ClockState>;
    /** Unix seconds on the server's clock. */
    now(): Promise<number>;
    /** Moves the clock; resolves once every webhook attempt that came due on the way has been made. */
    advance(by: string | number): Promise<ClockState>;
    set(mode: ClockMode, now?: string | number): Promise<ClockState>;
  };
  setScenario(name: ScenarioName, options?: ScenarioOptions): Promise<void>;
  webhooks: {
    /** Every endpoint of every workspace, with its secret. */
    endpoints(): Promise<Array<WebhookEndpoint & { workspace: string }>>;
    /** Deliveries newest first, with every attempt. */
    deliveries(filter?: DeliveryFilter): Promise<WebhookDelivery[]>;
    /** Waits until no attempt is due now or in flight; then the deliveries by status. */
    flush(options?: { timeoutMs?: number }): Promise<DeliveryCounts & { timed_out: boolean }>;
    retry(id: string): Promise<WebhookDelivery>;
    redeliver(eventId: string, endpointId: string): Promise<WebhookDelivery>;
  };
  /** The request journal, newest first (`GET /_mock/requests`). */
  journal(filter?: JournalFilter): Promise<JournalEntry[]>;
  /** The session in the journal as a flow document (`GET /_mock/requests?as=flow`). */
  sessionAsFlow(options?: JournalFlowOptions): Promise<FlowDocument & { workspace: string; livemode: boolean }>;
  trigger(type: string, options?: TriggerOptions): Promise<TriggerResult>;
  /** Runs a flow document; `${env:NAME}` is filled from this process's environment. */
  runFlow(document: FlowDocument): Promise<FlowResult>;
  /** A fresh, empty, isolated workspace: the client the Jest, Vitest and Playwright helpers hand out. */
  createWorkspace(options?: { name?: string }): Promise<TestWorkspace>;
  /** Back to the fixtures (store, keys, journal, faults); the clock and scenario stay. */
  reset(): Promise<void>;
}

/**
 * The controls of the mock at `url` (with its `--admin-token`, if it has one). Every call that the mock refuses
 * rejects with an Error carrying the mock's own message.
 * @example const mock = remoteControls('http://127.0.0.1:32771'); await mock.clock.advance('25h');
 */
export function remoteControls(url: string, adminToken?: string): RemoteControls {
  const api = new MockApi(url.replace(/\/+$/, ''), adminToken);
  const call = async <T>(method: string, path: string, body?: unknown, query?: URLSearchParams): Promise<T> => {
    const answer = await api.admin(method, path, { ...(body === undefined ? {} : { body }), ...(query?.size ? { query: query.toString() } : {}) });
    if (answer.status >= 400) {
      const error = (answer.body as { error?: { message?: string } } | null)?.error;
      throw new Error(`payments-mock: ${method} ${path} answered ${answer.status}: ${error?.message ?? JSON.stringify(answer.body)}`);
    }
    return answer.body as T;
  };
  const queryOf = (filter: object = {}): URLSearchParams =>
    new URLSearchParams(Object.entries(filter).flatMap(([name, value]): Array<[string, string]> => (value === undefined ? [] : [[name, String(value)]])));
  const list = async <T>(path: string, filter?: object): Promise<T[]> => (await call<{ data: T[] }>('GET', path, undefined, queryOf(filter))).data;
  return {
    url: api.url,
    keys: () => list<KeyEntry>('/_mock/keys'),
    clock: {
      state: () => call<ClockState>('GET', '/_mock/clock'),
      now: async () => (await call<ClockState>('GET', '/_mock/clock')).now,
      advance: (by) => call<ClockState>('POST', '/_mock/clock/advance', { by }),
      set: (mode, now) => call<ClockState>('PUT', '/_mock/clock', now === undefined ? { mode } : { mode, now }),
    },
    setScenario: async (scenario, options) => {
      await call('PUT', '/_mock/scenario', options === undefined ? { scenario } : { scenario, options });
    },
    webhooks: {
      endpoints: () => list('/_mock/webhooks/endpoints'),
      deliveries: (filter) => list('/_mock/webhooks/deliveries', filter),
      flush: (options) => call('POST', '/_mock/webhooks/flush', options?.timeoutMs === undefined ? {} : { timeout_ms: options.timeoutMs }),
      retry: (id) => call('POST', `/_mock/webhooks/deliveries/${encodeURIComponent(id)}/retry`, {}),
      redeliver: (eventId, endpointId) => call('POST', `/_mock/events/${encodeURIComponent(eventId)}/deliver`, { endpoint: endpointId }),
    },
    journal: (filter) => list('/_mock/requests', filter),
    sessionAsFlow: (options) => call('GET', '/_mock/requests', undefined, queryOf({ as: 'flow', ...options })),
    trigger: (type, options = {}) => call('POST', '/_mock/trigger', { event: type, ...options }),
    // `${env:NAME}` is filled from this process's environment, as mock.runFlow and the workspace client fill it.
    runFlow: (document) => call('POST', '/_mock/flows', withEnv(document, process.env)),
    createWorkspace: (options = {}) => createWorkspace({ url: api.url, ...options, ...(adminToken === undefined ? {} : { adminToken }) }),
    reset: async () => {
      await call('POST', '/_mock/reset', {});
    },
  };
}
