import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { describeInBrowser, launchChromium } from '../helpers/browser';
import { MockServer, startMock } from '../../src/start-mock';

// The browser half of a checkout that needs 3-D Secure, offline: the shop sends the customer to the payment's
// next_action url, the mock's challenge page is answered with a click (or the keyboard), and the customer lands
// back on the shop's return_url. Needs Debian's chromium (test/helpers/browser.ts: skipped with a note locally, a failure under CI=true).

interface Pending {
  id: string;
  client_secret: string;
  status: string;
  next_action: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };
}

describeInBrowser('3-D Secure in a real browser (Chromium)', () => {
  let mock: MockServer;
  let shop: Server;
  let shopUrl: string;
  let browser: Browser;
  let secret: string;

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', seed: 11, scenario: 'manual', clock: 'frozen@2026-01-01T00:00:00Z' });
    secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key ?? '';
    // The shop's return page shows what the mock sent back, as a real shop would read it.
    shop = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://shop').searchParams;
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(`<!doctype html><title>shop</title><h1 id="status">${query.get('redirect_status')}</h1><p id="payment">${query.get('payment')}</p>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    // localhost vs 127.0.0.1: the shop is another origin than the mock, as in real life.
    shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => shop?.close(resolve));
    await mock?.close();
  });

  const api = async (method: string, path: string, form?: Record<string, string>) => {
    const res = await fetch(`${mock.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${secret}` },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    return (await res.json()) as Record<string, any>;
  };

  /** A payment confirmed with the 3-D Secure test card: requires_action, with the page to send the customer to. */
  async function paymentNeedingAuthentication(): Promise<Pending> {
    const created = await api('POST', '/v1/payments', { amount: '4999', currency: 'eur' });
    const confirmed = (await api('POST', `/v1/payments/${created.id}/confirm`, {
      payment_method: 'pm_card_authenticationRequired',
      return_url: `${shopUrl}/checkout/done`,
    })) as Pending;
    expect(confirmed).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: `${shopUrl}/checkout/done` } },
    });
    return confirmed;
  }

  /** Opens the challenge in a fresh tab, collecting console errors. */
  async function openChallenge(payment: Pending): Promise<{ tab: Page; errors: string[] }> {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(payment.next_action.redirect_to_url.url);
    await expectHeading(tab, '3-D Secure test challenge');
    return { tab, errors };
  }

  async function expectHeading(tab: Page, text: string): Promise<void> {
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(text);
  }

  it('follows the challenge to return_url and sees the payment succeed', async () => {
    const payment = await paymentNeedingAuthentication();
    const { tab, errors } = await openChallenge(payment);
    expect(await tab.getByText('€49.99').count()).toBe(1);
    await Promise.all([tab.waitForURL(`${shopUrl}/checkout/done?**`), tab.getByRole('button', { name: 'Complete authentication' }).click()]);

    const back = new URL(tab.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ payment: payment.id, payment_client_secret: payment.client_secret, redirect_status: 'succeeded' });
    expect(await tab.locator('#status').textContent()).toBe('succeeded');
    expect(errors).toEqual([]);
    await tab.close();

    expect(await api('GET', `/v1/payments/${payment.id}`)).toMatchObject({ status: 'succeeded', amount_received: 4999, next_action: null });
    const events = (await api('GET', '/v1/events?limit=2')).data as Array<{ type: string }>;
    expect(events.map((event) => event.type)).toEqual(['payment.succeeded', 'payment.requires_action']);
  }, 30_000);

  it('fails the challenge with the keyboard alone, and the payment awaits another payment method', async () => {
    const payment = await paymentNeedingAuthentication();
    const { tab, errors } = await openChallenge(payment);
    // "Complete" has the focus when the page opens; Tab moves to "Fail", Enter presses it.
    expect(await tab.evaluate('document.activeElement?.textContent')).toBe('Complete authentication');
    await tab.keyboard.press('Tab');
    expect(await tab.evaluate('document.activeElement?.textContent')).toBe('Fail authentication');
    await Promise.all([tab.waitForURL(`${shopUrl}/checkout/done?**`), tab.keyboard.press('Enter')]);

    expect(new URL(tab.url()).searchParams.get('redirect_status')).toBe('failed');
    expect(await tab.locator('#status').textContent()).toBe('failed');
    expect(errors).toEqual([]);

    // The challenge is over: going back to it finds nothing to answer.
    const again = await tab.goto(payment.next_action.redirect_to_url.url);
    expect(again?.status()).toBe(404);
    await tab.close();

    expect(await api('GET', `/v1/payments/${payment.id}`)).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure' },
    });
    expect(((await api('GET', '/v1/events?limit=1')).data as Array<{ type: string }>)[0]?.type).toBe('payment.payment_failed');
  }, 30_000);
});
