import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { MockServer, startMock } from '../../src/start-mock';
import { describeInBrowser, launchChromium } from '../helpers/browser';

// A real browser on another origin, as a frontend developer's checkout page would run: tokenise a card with the
// publishable key, confirm with the client_secret, read the exposed headers. Needs Debian's chromium
// (.ci/run installs it); without it the suite is skipped with a note, and fails under CI=true.

/** The checkout page's script: runs in the browser, talks to the mock across origins with fetch. */
const CHECKOUT_SCRIPT = `
async function checkout(api, publishableKey, paymentId, clientSecret, cardNumber) {
  const form = (step, fields) => ({ method: 'POST', headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': step + '-' + paymentId }, body: new URLSearchParams(fields) });
  const method = await (await fetch(api + '/v1/payment_methods', form('tokenise', { 'card[number]': cardNumber, 'card[exp_month]': '12', 'card[exp_year]': '2030' }))).json();
  const answer = await fetch(api + '/v1/payments/' + paymentId + '/confirm', form('confirm', { payment_method: method.id, client_secret: clientSecret }));
  const body = await answer.json();
  return { status: answer.status, requestId: answer.headers.get('Request-Id'), version: answer.headers.get('Service-Version'), body, card: method.card };
}`;

describeInBrowser('a checkout page in a real browser (Chromium, another origin)', () => {
  let mock: MockServer;
  let page: Server;
  let pageUrl: string;
  let browser: Browser;
  let keys: { secret: string; publishable: string };

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', seed: 5, scenario: 'manual' });
    const key = (kind: string) => mock.keys.find((k) => k.kind === kind && !k.livemode)?.key ?? '';
    keys = { secret: key('secret'), publishable: key('publishable') };
    page = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<!doctype html><title>shop</title><script>${CHECKOUT_SCRIPT}</script>`),
    );
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    // localhost vs 127.0.0.1: a different origin from the mock, so every call is a CORS request.
    pageUrl = `http://localhost:${(page.address() as AddressInfo).port}/`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.close(resolve));
    await mock?.close();
  });

  async function createPayment(): Promise<{ id: string; client_secret: string }> {
    const res = await fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${keys.secret}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    return (await res.json()) as { id: string; client_secret: string };
  }

  async function checkoutInBrowser(cardNumber: string) {
    const payment = await createPayment();
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    const result = await tab.evaluate(
      ([api, pk, id, secret, card]) =>
        (globalThis as unknown as { checkout: (...args: string[]) => Promise<Record<string, unknown>> }).checkout(
          api as string,
          pk as string,
          id as string,
          secret as string,
          card as string,
        ),
      [mock.url, keys.publishable, payment.id, payment.client_secret, cardNumber],
    );
    await tab.close();
    return {
      payment,
      result: result as { status: number; requestId: string | null; version: string | null; body: Record<string, any>; card: Record<string, unknown> },
    };
  }

  it('tokenises a card and confirms the payment across origins, reading Request-Id and Service-Version', async () => {
    const { payment, result } = await checkoutInBrowser('4242424242424242');
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ id: payment.id, status: 'succeeded', amount_received: 2000 });
    expect(result.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(result.requestId).toMatch(/^req_/);
    expect(result.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 30_000);

  it('shows the browser a decline as a 402 card_error with decline_code, and the payment awaits another method', async () => {
    const { payment, result } = await checkoutInBrowser('4000000000000002');
    expect(result.status).toBe(402);
    expect(result.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    const retrieved = await fetch(`${mock.url}/v1/payments/${payment.id}`, { headers: { Authorization: `Bearer ${keys.secret}` } });
    expect(((await retrieved.json()) as { status: string }).status).toBe('requires_payment_method');
  }, 30_000);
});
