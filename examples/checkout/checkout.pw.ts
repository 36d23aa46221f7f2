import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test as base } from 'payments-mock/playwright';

// The shop, started once per worker against that worker's own workspace: its payments, clock and scenario are
// nobody else's, so the specs run in parallel.
const test = base.extend<object, { shopUrl: string }>({
  shopUrl: [
    async ({ paymentsMock }, use) => {
      const shop = spawn(process.execPath, [join(__dirname, 'server.js')], {
        env: {
          ...process.env,
          PAYMENTS_MOCK_URL: paymentsMock.url,
          PAYMENTS_MOCK_SECRET_KEY: paymentsMock.keys.secret,
          PAYMENTS_MOCK_PUBLISHABLE_KEY: paymentsMock.keys.publishable,
          PORT: '0',
        },
      });
      const url = await new Promise<string>((resolve) => {
        shop.stdout.on('data', (chunk: Buffer) => {
          const listening = /checkout listening on (\S+)/.exec(chunk.toString());
          if (listening) resolve(listening[1] as string);
        });
      });
      await use(url);
      shop.kill();
    },
    { scope: 'worker' },
  ],
});

async function payWith(page: import('@playwright/test').Page, shopUrl: string, number: string) {
  await page.goto(shopUrl);
  const card = page.frameLocator('iframe[title="Secure card payment input"]');
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry date (MM / YY)').fill('12 / 30');
  await card.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Pay $20.00' }).click();
}

test('pays with 4242 4242 4242 4242, and the payment is in this worker’s workspace', async ({ page, shopUrl, paymentsMock }) => {
  await payWith(page, shopUrl, '4242424242424242');
  const paid = page.getByText(/^Paid: pay_\w+\. Thank you!$/);
  await expect(paid).toBeVisible();
  const id = /pay_\w+/.exec((await paid.textContent()) ?? '')?.[0];
  const payment = await paymentsMock.request('GET', `/v1/payments/${id}`);
  expect(payment.body).toMatchObject({ status: 'succeeded', amount: 2000 });
});

test('shows a decline inline', async ({ page, shopUrl }) => {
  await payWith(page, shopUrl, '4000000000000002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
});

test('walks 3-D Secure in the modal', async ({ page, shopUrl }) => {
  await payWith(page, shopUrl, '4000002500003155');
  const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText(/^Paid: pay_\w+\. Thank you!$/)).toBeVisible();
});
