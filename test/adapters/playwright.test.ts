import { describeInBrowser } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';
import { bin, runRunner } from '../helpers/run-runner';

/**
 * The real Playwright Test runs test/runners/playwright in Chromium: one mock for the run
 * (payments-mock/playwright/global-setup), a `paymentsMock` workspace per worker, a page the mock serves (the
 * 3-D Secure challenge) completed by clicking, and a worker's clock moved without moving the server's.
 */
describeInBrowser('payments-mock/playwright under the real Playwright Test', () => {
  beforeAll(() => requireBuild());

  it('runs both specs green, on two workers', async () => {
    const { code, output } = await runRunner('playwright', bin('playwright'), ['test']);
    expect(output).toMatch(/3 passed/);
    expect(output).toContain('a person completes 3-D Secure on the page the mock serves');
    expect(code).toBe(0);
  }, 90_000);
});
