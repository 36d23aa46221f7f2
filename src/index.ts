/**
 * payments-mock: a strict, stateful, in-memory sandbox of the payments API.
 *
 * @example
 * import { startMock } from 'payments-mock';
 * const mock = await startMock({ port: 0, fixtures: 'none', seed: 1 });
 */
export { startMock } from './start-mock';
export type { MockServer, KeyEntry, InjectRequest } from './start-mock';
export type { MockWorkspace, WorkspaceClockState } from './app/mock-workspace';
export type { WorkspaceKeys } from './workspaces/keys-by-role';
export { createApp } from './create-app';
export type { MockOptions } from './app/mock-options';
export { createContext } from './app/create-context';
export { createAppFromContext } from './http/express-app';
export type { MockApp } from './http/express-app';
export type { MockRequest, MockResponse } from './request-response';
export { createFetchHandler } from './adapters/fetch-handler';
export type { FetchHandler, FetchHandlerOptions, FetchHandlerMount, FetchRequest, FetchResponse } from './adapters/fetch-handler';
export type { MockControls } from './app/mock-controls';
export type { ClockMode, ClockState } from './clock/clock';
export type { ScenarioName, ScenarioOptions } from './scenarios/scenarios';
export { SCENARIOS } from './scenarios/scenarios';
export { TEST_CARDS, TEST_PAYMENT_METHODS } from './domain/test-cards';
export { VERSIONS, LATEST_VERSION } from './domain/versions';
export { ERROR_CATALOG } from './errors/catalog';
export type { ErrorCode } from './errors/catalog';
export type * from './schemas/resources';
export type { FixtureDocument } from './state/fixture-types';
export type {
  FlowDocument,
  FlowStep,
  FlowResult,
  FlowEvent,
  StepReport,
  RequestStep,
  AdvanceStep,
  ScenarioStep,
  FlushStep,
  FlowValue,
} from './triggers/flow-types';
export type { OverrideValue, TriggerOptions, TriggerResult } from './triggers/trigger';
export type { JournalFlowOptions } from './triggers/journal-flow';
export { FIXTURE_SCHEMA } from './schemas/fixtures';
