import { requireBuild } from '../helpers/cli-process';
import { bin, runRunner } from '../helpers/run-runner';

/**
 * The real Vitest runs test/runners/vitest: one mock for the run (payments-mock/vitest/global-setup), two files
 * at once, each with its own workspace (useWorkspace). One moves its clock 31 days and declines; the other checks
 * it is unaffected. They meet through the mock (rendezvous.ts), which only works if both run at the same time.
 * A third file (checkout.vitest.ts) is the README's example.
 */
describe('payments-mock/vitest under the real Vitest', () => {
  beforeAll(() => requireBuild());

  it.each(['threads', 'forks'])(
    'keeps two files running in parallel (pool %s) apart',
    async (pool) => {
      const { code, output } = await runRunner('vitest', bin('vitest'), ['run', '--config', 'vitest.config.mjs', '--pool', pool, '--reporter', 'verbose']);
      expect(output).toMatch(/Tests\s+4 passed \(4\)/);
      expect(output).toContain('declines a month from now');
      expect(output).toContain('keeps its clock and scenario while the declining file changes its own');
      expect(code).toBe(0);
    },
    90_000,
  );
});
