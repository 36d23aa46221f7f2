// The checkout's browser tests under Playwright Test: one mock for the run, a workspace per worker
// (payments-mock/playwright). Run from this folder with `npx playwright test` while nothing else is needed: the
// global setup starts the mock, each worker starts the shop against its own workspace.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw.ts',
  globalSetup: require.resolve('payments-mock/playwright/global-setup'),
  workers: 2,
  fullyParallel: true,
  reporter: 'list',
  outputDir: join(tmpdir(), 'payments-mock-checkout-results'),
  use: {
    headless: true,
    // Debian's chromium here; leave executablePath out to use the browser `npx playwright install` downloads.
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
