import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';
import { MswPage, serveMswPage } from '../helpers/msw-page';

/**
 * The sandbox inside a browser page, no server of the mock's at all: a tiny static server gives Chromium a page,
 * MSW's service worker and a bundle of the page's script (`payments-mock/msw` resolved through its `browser`
 * export: the prebuilt dist/adapters/msw/browser.mjs). The page creates, confirms and lists payments with fetch at
 * https://api.payments.test, a name that resolves nowhere: only the handlers in the page can answer.
 */
const ROOT = join(__dirname, '..', '..');

describeInBrowser('payments-mock/msw in Chromium with setupWorker', () => {
  let site: MswPage;
  let url: string;
  let browser: Browser;
  let served: string[];

  beforeAll(async () => {
    requireBuild();
    site = await serveMswPage(join(ROOT, 'test', 'runners', 'msw-browser', 'page.js'), { workingDir: ROOT });
    ({ url, served } = site);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('creates, confirms and lists payments through fetch at the production base URL', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(url);
    await page.waitForFunction(() => typeof (globalThis as unknown as { run?: unknown }).run === 'function');
    const result = await page.evaluate(() => (globalThis as unknown as { run: () => Promise<any> }).run());
    expect(result.created.status).toBe(200);
    expect(result.confirmed.body.status).toBe('succeeded');
    expect(result.list.body.data.map((payment: { id: string }) => payment.id)).toContain(result.created.body.id);
    expect(result.declined.status).toBe(402);
    expect(result.declined.body.error.code).toBe('card_declined');
    // The admin API answers at the base URL too: the whole store, exported in the page.
    expect(result.state).toEqual({ status: 200, payments: 2 });
    expect(result.declined.body.error.doc_url).toBe('https://api.payments.test/docs/errors#card_declined');
    // Only the page, its script and MSW's worker came from a server; no API call did.
    expect(served.every((line) => /^GET \/(page\.js|mockServiceWorker\.js)?$/.test(line))).toBe(true);
    // Chromium logs the declined payment's 402 as a failed resource; nothing else may go wrong in the page.
    expect(errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
    await page.close();
  }, 60_000);

  it('refuses what a page cannot do (a state file, a fixture file, the node:http transport, webhooks to this machine), saying what to do instead', async () => {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => typeof (globalThis as unknown as { run?: unknown }).run === 'function');
    const result = await page.evaluate(() => (globalThis as unknown as { run: () => Promise<any> }).run());
    expect(result.refused).toEqual({
      state: expect.stringMatching(/cannot use state files \(state\): a page has no file system\. Export the state with GET \/_mock\/state/),
      fixtureFile: expect.stringMatching(/cannot read the fixture file "fixtures\/shop\.json": import the JSON and pass the document as fixtures/),
      nodeTransport: expect.stringMatching(/delivers webhooks with fetch only/),
      localWebhook: expect.stringMatching(/cannot deliver webhooks to http:\/\/localhost:3000\/webhooks: browsers block/),
    });
    await page.close();
  }, 60_000);
});
