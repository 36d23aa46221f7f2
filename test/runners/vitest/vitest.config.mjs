// The fixture project test/adapters/vitest.test.ts runs with the real Vitest, under --pool threads and forks.
export default {
  test: {
    include: ['*.vitest.ts'],
    globalSetup: ['payments-mock/vitest/global-setup'],
    fileParallelism: true,
    // Two files at once even on a machine with two cores (Vitest's default there is one worker).
    maxWorkers: 2,
    testTimeout: 30_000,
  },
};
