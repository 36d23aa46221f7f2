import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, Server } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { MockServer, startMock } from '../../../src';
import { describeInBrowser, launchChromium } from '../../helpers/browser';
import { CARDS, cardFrame, Shop, startShop, typeCard } from './checkout-harness';

// The functions given to page.waitForFunction / evaluate run in the browser, whose globals this project does not type.
declare const document: any;
declare const window: any;
declare const EventSource: any;

// The checkout on an HTTPS origin other than localhost (https://shop.test, https://127.0.0.1), against the sandbox
// served over HTTPS alone. Chromium trusts the local CA by its key's hash (--ignore-certificate-errors-spki-list
// with the CA's SPKI SHA-256: the documented way to trust a CA without an NSS database), and maps shop.test to
// 127.0.0.1 itself (--host-resolver-rules): nothing leaves the loopback address.
describeInBrowser('the checkout over HTTPS, on a secure origin that is not localhost', () => {
  let dir: string;
  let mock: MockServer;
  let shop: Shop;
  let front: Server;
  let frontPort: number;
  let browser: Browser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-https-browser-'));
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 21, tls: { caDir: dir }, allowedHosts: ['shop.test'] });
    expect(mock.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    // The shop's server calls the sandbox over HTTPS too: it trusts the CA as any Node program does.
    const saved = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = mock.ca?.certPath;
    shop = await startShop(mock.url);
    if (saved === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = saved;
    // The shop served over HTTPS (its page is then a secure context) with a leaf of the same CA, which names shop.test.
    const leaf = readFileSync(join(dir, 'leaf.pem'), 'utf8');
    const chain = `${leaf.slice(leaf.indexOf('-----BEGIN CERTIFICATE'))}${readFileSync(join(dir, 'ca.pem'), 'utf8')}`;
    front = createHttpsServer({ cert: chain, key: leaf.slice(leaf.indexOf('-----BEGIN PRIVATE KEY')) }, (req, res) => {
      const upstream = httpRequest(`${shop.url}${req.url}`, { method: req.method, headers: { ...req.headers, host: new URL(shop.url).host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontPort = (front.address() as AddressInfo).port;
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${mock.ca?.spkiSha256}`, '--host-resolver-rules=MAP shop.test 127.0.0.1']);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    front?.closeAllConnections();
    front?.close();
    await shop?.stop();
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['shop.test', '127.0.0.1'])(
    'pays with 3-D Secure on https://%s, with no certificate warning',
    async (name) => {
      const page: Page = await browser.newPage();
      try {
        const response = await page.goto(`https://${name}:${frontPort}/`);
        expect(response?.status()).toBe(200);
        expect(await response?.securityDetails()).toMatchObject({ protocol: expect.stringMatching(/^TLS/) });
        expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
        await cardFrame(page).getByLabel('Card number').waitFor();
        await typeCard(page, CARDS.threeDSecure, '1230', '123');
        await page.getByRole('button', { name: 'Pay $20.00' }).click();
        const challenge = page.frameLocator('iframe[title="3-D Secure authentication"]');
        await challenge.getByRole('heading', { name: '3-D Secure test challenge' }).waitFor();
        await challenge.getByRole('button', { name: 'Complete authentication' }).click();
        await page.waitForFunction(() => (document.getElementById('result')?.textContent ?? '').startsWith('Paid'));
        expect(await page.getByRole('status').textContent()).toMatch(/^Paid: pay_\w+\. Thank you!$/);
        // The card iframe and the 3-D Secure page came from the sandbox over https.
        expect(
          page
            .frames()
            .map((frame) => frame.url())
            .filter((url) => url.startsWith(mock.url)).length,
        ).toBeGreaterThan(0);
      } finally {
        await page.close();
      }
    },
    45_000,
  );

  it("updates the dashboard's stream over HTTPS", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${mock.url}/_mock/dashboard`);
      const seen = page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const source = new EventSource('/_mock/stream');
            source.addEventListener('request', (event: { data: string }) => {
              source.close();
              resolve(event.data);
            });
          }),
      );
      const secret = mock.keys.find((key) => key.kind === 'secret' && !key.livemode)?.key as string;
      // The page subscribes first; the create is then sent until the stream reports it (its first write may race the subscription).
      let data = '';
      for (let i = 0; i < 40 && !data; i += 1) {
        await mock.inject({ method: 'POST', url: '/v1/customers', headers: { authorization: `Bearer ${secret}` }, body: 'email=a@example.com' });
        data = await Promise.race([seen, new Promise<string>((resolve) => setTimeout(() => resolve(''), 250))]);
      }
      expect(data).toContain('/v1/customers');
    } finally {
      await page.close();
    }
  }, 30_000);
});
