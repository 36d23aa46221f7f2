/**
 * Jest helpers: one mock per run (`payments-mock/jest/global-setup` and `…/global-teardown`), and a fresh
 * workspace per test file.
 *
 * @example
 * import { useWorkspace } from 'payments-mock/jest';
 * const ws = useWorkspace();
 * it('works', async () => expect((await ws.request('GET', '/v1/account')).status).toBe(200));
 */
export { createWorkspace, keysByRole, useWorkspace } from './workspace';
export type { TestWorkspace, WorkspaceClock, WorkspaceKey, WorkspaceKeys, WorkspaceScenario } from './workspace';
export { setupPaymentsMock, teardownPaymentsMock, URL_VARIABLE, ADMIN_TOKEN_VARIABLE } from './global-setup';
export { default as globalSetup } from './global-setup';
export { default as globalTeardown } from './global-teardown';
