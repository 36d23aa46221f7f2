import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium } from 'playwright-core';
import { MockServer, startMock } from 'payments-mock';

// A browser test of the shop's page, as you would write one for your own: the mock on a free port, the shop
// pointed at it, Chromium typing into the card element's frame. (Debian's chromium here; any Chromium works.)
const CHROMIUM = '/usr/bin/chromium';
const describeWithBrowser = existsSync(CHROMIUM) ? describe : describe.skip;

describeWithBrowser('the checkout page', () => {
  let mock: MockServer;
  let shop: ChildProcess;
  let shopUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z' });
    shop = spawn(process.execPath, [join(__dirname, 'server.js')], { env: { ...process.env, PAYMENTS_MOCK_URL: mock.url, PORT: '0' } });
    shopUrl = await new Promise<string>((resolve) => {
      shop.stdout?.on('data', (chunk: Buffer) => {
        const listening = /checkout listening on (\S+)/.exec(chunk.toString());
        if (listening) resolve(listening[1] as string);
      });
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  });

  afterAll(async () => {
    await browser.close();
    shop.kill();
    await mock.close();
  });

  async function payWith(number: string) {
    const page = await browser.newPage();
    await page.goto(shopUrl);
    const card = page.frameLocator('iframe[title="Secure card payment input"]');
    await card.getByLabel('Card number').fill(number);
    await card.getByLabel('Expiry date (MM / YY)').fill('12 / 30');
    await card.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    return page;
  }

  it('pays with a test card', async () => {
    const page = await payWith('4242424242424242');
    await page.getByText(/^Paid: pay_\w+\. Thank you!$/).waitFor();
  });

  it('shows a decline', async () => {
    const page = await payWith('4000000000000002');
    await page.getByText('Your card was declined.').waitFor();
  });

  it('walks 3-D Secure in the modal', async () => {
    const page = await payWith('4000002500003155');
    const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
    await challenge.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText(/^Paid: pay_/).waitFor();
  });
});
