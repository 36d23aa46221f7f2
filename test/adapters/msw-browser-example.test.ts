import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';
import { MswPage, serveMswPage } from '../helpers/msw-page';

/**
 * The setupWorker example of docs/test-runners.md, run as written: its two files (test/runners/msw-browser/mocks.js
 * and main.js) bundled as a consumer's bundler would, served by a static server that has what `npx msw init public/`
 * puts in public/ (MSW's mockServiceWorker.js, at /), and opened in Chromium. No API server exists.
 */
const ROOT = join(__dirname, '..', '..');

describeInBrowser('the setupWorker example of docs/test-runners.md in Chromium', () => {
  let site: MswPage;
  let url: string;
  let browser: Browser;
  let served: string[];

  beforeAll(async () => {
    requireBuild();
    site = await serveMswPage(join(ROOT, 'test', 'runners', 'msw-browser', 'main.js'), { workingDir: ROOT, body: '<p id="status">loading</p>' });
    ({ url, served } = site);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('creates and lists a payment through fetch at the API base URL, answered by the worker', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(url);
    await page.locator('#status').filter({ hasNotText: 'loading' }).waitFor({ timeout: 30_000 });
    expect(await page.textContent('#status')).toMatch(/^pay_\w+ requires_confirmation; 1 payment\(s\)$/);
    // The worker was registered from /mockServiceWorker.js, where `npx msw init public/` puts it; no API call reached a server.
    expect(served).toContain('GET /mockServiceWorker.js');
    expect(served.every((line) => /^GET \/(main\.js|mockServiceWorker\.js)?$/.test(line))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
