import type {} from 'vitest';
import { createWorkspace, CreateOptions, TestWorkspace } from '../jest/workspace';
import { TestHooks, workspaceForFile } from '../workspace-client';
import type { ProvidedPaymentsMock } from './global-setup';

export { createGlobalSetup } from './global-setup';
export type { ProvidedPaymentsMock } from './global-setup';
export { createWorkspace, keysByRole } from '../jest/workspace';
export type { TestWorkspace, WorkspaceClock, WorkspaceKey, WorkspaceKeys, WorkspaceScenario } from '../jest/workspace';

declare module 'vitest' {
  export interface ProvidedContext {
    paymentsMock: ProvidedPaymentsMock;
  }
}

/** Vitest's hooks and `inject`, which `index.mjs` imports from the test file's own Vitest. */
export interface VitestApi extends TestHooks {
  inject(key: 'paymentsMock'): ProvidedPaymentsMock | undefined;
}

export type UseWorkspaceOptions = Omit<CreateOptions, 'url'> & { url?: string };

/**
 * Gives the calling Vitest file its own workspace on the run's mock (`payments-mock/vitest/global-setup`): its
 * own data, keys, clock, scenario and reset, so parallel files (threads or forks) never disturb each other. The
 * same client as the Jest helper's.
 *
 * Vitest must be imported, never required (it refuses), so the ES module entry (`index.mjs`, what `import` gets)
 * passes Vitest's own hooks in; `require('payments-mock/vitest')` works only with Vitest's `globals: true`.
 *
 * @example
 * import { expect, it } from 'vitest';
 * import { useWorkspace } from 'payments-mock/vitest';
 * const ws = useWorkspace();
 * it('creates a payment', async () => {
 *   expect((await ws.request('POST', '/v1/payments', { amount: 2000, currency: 'usd' })).status).toBe(200);
 * });
 */
export function useWorkspace(options: UseWorkspaceOptions = {}): TestWorkspace {
  const api = globalThis as unknown as Partial<VitestApi>;
  if (!api.beforeAll || !api.afterAll) {
    throw new Error("payments-mock: load payments-mock/vitest with import (Vitest cannot be required), or turn on Vitest's globals: true.");
  }
  return useWorkspaceIn({ beforeAll: api.beforeAll, afterAll: api.afterAll, inject: api.inject ?? (() => undefined) }, options);
}

/** {@link useWorkspace} with Vitest's API handed in. @example useWorkspaceIn({ beforeAll, afterAll, inject }) */
export function useWorkspaceIn(vitest: VitestApi, options: UseWorkspaceOptions = {}): TestWorkspace {
  return workspaceForFile(vitest, () => {
    const provided = options.url ? undefined : vitest.inject('paymentsMock');
    const url = options.url ?? provided?.url;
    if (!url) {
      throw new Error(
        "payments-mock: no mock URL. Add globalSetup: ['payments-mock/vitest/global-setup'] to your Vitest config, or pass useWorkspace({ url }).",
      );
    }
    const adminToken = options.adminToken ?? provided?.adminToken;
    return createWorkspace({ ...options, url, ...(adminToken ? { adminToken } : {}) });
  });
}
