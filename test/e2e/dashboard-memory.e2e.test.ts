import { Browser } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { fakeHeap } from '../helpers/fake-heap';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';

const MB = 1024 ** 2;

// The header's memory gauge, over GET /_mock/memory and the stream's `memory` messages, in headless Chromium.
describeInBrowser('the dashboard shows memory held against the budget', () => {
  let mock: MockServer;
  let browser: Browser;
  const heap = fakeHeap({ other: 30 * MB });

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', seed: 1, maxMemory: '100mb', heapSource: heap.source });
    heap.collect(0);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('shows held of budget with its percentage, and turns to full when creates are refused', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(`${mock.url}/_mock/dashboard`);
    const gauge = page.locator('[data-header-memory]');
    await gauge.filter({ hasText: '30 MB of 100 MB (30%)' }).waitFor();
    expect(await gauge.getAttribute('data-state')).toBe('ok');

    heap.other = 120 * MB;
    heap.collect(0);
    const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    const refused = await fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}` },
      body: new URLSearchParams({ amount: '100', currency: 'usd' }),
    });
    expect(refused.status).toBe(503);
    // The crossing reaches the page on the stream and the gauge reads the figures again (it also reads them every
    // 5 s: within 3 s, only the stream can have told it).
    await page.locator('[data-header-memory][data-state="full"]').waitFor({ timeout: 3000 });
    expect(await gauge.textContent()).toBe('120 MB of 100 MB (120%)');
    expect(errors).toEqual([]);
  });
});
