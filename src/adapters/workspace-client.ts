import type { TestWorkspace } from './test-workspace';

/** The suite hooks of a test runner (Jest's globals, Vitest's imports, node:test's before/after). */
export interface TestHooks {
  beforeAll(fn: () => Promise<void>): void;
  afterAll(fn: () => Promise<void>): void;
}

/**
 * A workspace for one test file, whatever the runner: made by `create` before the file's tests, deleted after
 * them. The handle is there at once; its fields and calls work from the first test on. The Jest, Vitest and
 * Playwright helpers all hand out this same client, so moving runners changes imports, not tests.
 * @example const ws = workspaceForFile({ beforeAll, afterAll }, () => createWorkspace({ url }));
 */
export function workspaceForFile({ beforeAll, afterAll }: TestHooks, create: () => Promise<TestWorkspace>): TestWorkspace {
  let current: TestWorkspace | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    await current?.delete();
    current = undefined;
  });
  const ready = (): TestWorkspace => {
    if (!current) throw new Error('payments-mock: the workspace is not ready: read it inside a test or a hook, not at the top of the file.');
    return current;
  };
  return {
    get url() {
      return ready().url;
    },
    get id() {
      return ready().id;
    },
    get workspace() {
      return ready().workspace;
    },
    get account() {
      return ready().account;
    },
    get keys() {
      return ready().keys;
    },
    get entries() {
      return ready().entries;
    },
    request: (...args) => ready().request(...args),
    clock: {
      state: () => ready().clock.state(),
      now: () => ready().clock.now(),
      advance: (by) => ready().clock.advance(by),
      set: (mode, now) => ready().clock.set(mode, now),
    },
    setScenario: (name, scenarioOptions) => ready().setScenario(name, scenarioOptions),
    scenario: () => ready().scenario(),
    reset: () => ready().reset(),
    delete: () => ready().delete(),
    trigger: (type, triggerOptions) => ready().trigger(type, triggerOptions),
    runFlow: (document) => ready().runFlow(document),
    review: (reviewOptions) => ready().review(reviewOptions),
    assertReviewClean: (reviewOptions) => ready().assertReviewClean(reviewOptions),
    setReviewRulesOff: (rules) => ready().setReviewRulesOff(rules),
    probeWebhook: (endpointId) => ready().probeWebhook(endpointId),
  };
}
