import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { describeInBrowser, holdRequestListReads, launchChromium, screenshot } from '../helpers/browser';

const OPTIONS = { port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 } as const;

// What a web page elsewhere can do to the admin surface (nothing), and the --admin-token flow of the page.
describeInBrowser('the admin surface against other web pages, in a browser', () => {
  let mock: MockServer;
  let browser: Browser;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    mock = await startMock(OPTIONS);
    site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>some site</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    // localhost vs 127.0.0.1: another origin than the mock's. rebind.test stands for a DNS-rebinding name.
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;
    browser = await launchChromium(['--host-resolver-rules=MAP rebind.test 127.0.0.1']);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await mock?.close();
  });

  it('a page on another origin cannot read /_mock/keys, nor reset the store or move the clock', async () => {
    const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    const payment = (await (
      await fetch(`${mock.url}/v1/payments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}` },
        body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
      })
    ).json()) as { id: string };
    const page = await browser.newPage();
    await page.goto(siteUrl);
    const outcome = await page.evaluate(async (api) => {
      const read = await fetch(`${api}/_mock/keys`).then(
        (res) => res.text(),
        (error: Error) => `blocked: ${error.name}`,
      );
      // Simple requests need no preflight: the browser sends them, and only the server can refuse them.
      await fetch(`${api}/_mock/reset`, { method: 'POST', mode: 'no-cors' }).catch(() => undefined);
      await fetch(`${api}/_mock/clock/advance`, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' }, body: '{"by":"30d"}' }).catch(
        () => undefined,
      );
      const v1 = await fetch(`${api}/v1/events`).then(
        (res) => res.status,
        () => 0,
      );
      return { read, v1 };
    }, mock.url);
    expect(outcome.read).toBe('blocked: TypeError');
    expect(outcome.read).not.toContain(secret);
    // /v1 keeps its CORS: the browser shows the page the 401 for a missing key.
    expect(outcome.v1).toBe(401);
    expect(mock.clock.now()).toBe(Date.parse(OPTIONS.clock.slice(7)) / 1000);
    expect((await fetch(`${mock.url}/v1/payments/${payment.id}`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(200);
    await page.close();
  });

  it('answers a DNS-rebinding name 403 host_not_allowed, even though it resolves to this machine', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`http://rebind.test:${mock.port}/_mock/keys`);
    expect(response?.status()).toBe(403);
    const body = (await response?.json()) as { error: { code: string } };
    expect(body.error.code).toBe('host_not_allowed');
    await page.close();
  });

  it('with --admin-token asks for the token once, then uses it for the data and the stream', async () => {
    const guarded = await startMock({ ...OPTIONS, adminToken: 'open-sesame' });
    try {
      const secret = guarded.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
      // Made before any page is open, so no stream ever carries it: only the Requests view's first read of the list.
      const earlier = await fetch(`${guarded.url}/v1/account`, { headers: { Authorization: `Bearer ${secret}` } });
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${guarded.url}/_mock/dashboard#keys`);
      const dialog = page.getByRole('dialog', { name: 'Admin token' });
      await dialog.waitFor();
      await screenshot(page, 'token');
      await dialog.getByLabel('Token').fill('wrong');
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      await dialog.getByText('That token was not accepted.').waitFor();
      await dialog.getByLabel('Token').fill('open-sesame');
      await dialog.getByRole('button', { name: 'Unlock' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(secret).waitFor();
      await page.locator('[data-live="live"]').waitFor();
      // The stream carries the token too: a request shows up live. The view's first read of the list is done once
      // the earlier request shows; from then on list reads go unanswered, so the next row can only come from the
      // stream (rather than a wall-clock bound, which a loaded machine misses).
      await page.getByRole('tab', { name: 'Requests' }).click();
      await page.locator(`[data-request="${earlier.headers.get('request-id')}"]`).waitFor();
      const release = await holdRequestListReads(page);
      const res = await fetch(`${guarded.url}/v1/account`, { headers: { Authorization: `Bearer ${secret}` } });
      await page.locator(`[data-request="${res.headers.get('request-id')}"]`).waitFor({ timeout: 10_000 });
      await release();
      // Asked once: a reload in the same tab goes straight in.
      await page.reload();
      await page.locator('[data-live="live"]').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.close();
    } finally {
      await guarded.close();
    }
  });
});
