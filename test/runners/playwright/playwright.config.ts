// The fixture project test/adapters/playwright.test.ts runs with the real Playwright Test.
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
  // Traces and screenshots of failures go outside the repository.
  outputDir: join(tmpdir(), 'payments-mock-playwright-results'),
  use: {
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] },
  },
});
