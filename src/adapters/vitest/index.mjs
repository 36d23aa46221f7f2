// The ES module entry of payments-mock/vitest: Vitest refuses require(), so its hooks are imported here, from
// the same Vitest the test file imports, and handed to the CommonJS implementation (index.js).
import { afterAll, beforeAll, inject } from 'vitest';
import adapter from './index.js';

export const { createGlobalSetup, createWorkspace, keysByRole, useWorkspaceIn } = adapter;

/** See index.d.ts. */
export function useWorkspace(options) {
  return adapter.useWorkspaceIn({ beforeAll, afterAll, inject }, options);
}
