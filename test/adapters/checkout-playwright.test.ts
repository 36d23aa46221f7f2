import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describeInBrowser } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';
import { bin } from '../helpers/run-runner';

/**
 * examples/checkout's browser tests under the real Playwright Test, with the payments-mock/playwright fixture: one
 * mock for the run, a workspace per worker, the shop started per worker against it.
 */
describeInBrowser('the checkout example under Playwright Test with the paymentsMock fixture', () => {
  beforeAll(() => requireBuild());

  it('pays, declines and walks 3-D Secure, green on two workers', async () => {
    const { FORCE_COLOR: _force, JEST_WORKER_ID: _worker, ...env } = process.env;
    const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        bin('playwright'),
        ['test'],
        { cwd: join(__dirname, '..', '..', 'examples', 'checkout'), env: { ...env, NO_COLOR: '1' }, timeout: 90_000 },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(output).toMatch(/3 passed/);
    expect(code).toBe(0);
  }, 120_000);
});
