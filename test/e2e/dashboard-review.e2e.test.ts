import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Browser } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { keysByRole } from '../../src/adapters/jest/workspace';
import { consoleErrors, describeInBrowser, launchChromium, screenshot } from '../helpers/browser';

// The dashboard's Review view and the Webhooks view's Probe button, as a person uses them in headless Chromium.
describeInBrowser("the dashboard's review", () => {
  let mock: MockServer;
  let browser: Browser;
  let handler: Server;

  beforeAll(async () => {
    mock = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
    browser = await launchChromium();
    // A webhook handler that parses JSON and never verifies.
    handler = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
    handler.closeAllConnections();
    await new Promise((resolve) => handler.close(resolve));
  });

  const acme = () => keysByRole(mock.keys.filter((key) => key.workspace === 'acme'));

  it('Review shows a secret key a real browser sent as critical, and its evidence opens the request', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = consoleErrors(page);
    await page.goto(`${mock.url}/_mock/dashboard#review`);
    await page.locator('[data-live="live"]').waitFor();
    await page.locator('[data-review-counts]').waitFor();
    // The page itself (Chromium adds Sec-Fetch-Site and Sec-Fetch-Dest) calls /v1 with a secret key: the mistake.
    const requestId = await page.evaluate(async (key) => {
      const res = await fetch('/v1/account', { headers: { Authorization: `Bearer ${key}` } });
      return res.headers.get('request-id');
    }, acme().secret);
    const finding = page.locator('[data-rule="secret_key_in_browser"]');
    await finding.waitFor();
    expect(await finding.locator('.pill').first().textContent()).toBe('critical');
    expect(await finding.textContent()).toContain('from a browser');
    expect(await finding.getByRole('link', { name: 'How to fix' }).getAttribute('href')).toBe(`${mock.url}/docs/review#secret_key_in_browser`);
    await finding.locator(`[data-evidence="${requestId}"]`).click();
    const detail = page.locator('aside[aria-label="Request detail"]');
    await detail.locator('h4').first().waitFor();
    expect(await detail.textContent()).toContain('sec-fetch-site');
    await screenshot(page, 'review');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Probe sends a handler's endpoint forged deliveries and shows each verdict", async () => {
    const url = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/webhooks`;
    const created = await fetch(`${mock.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${acme().secret}` },
      body: new URLSearchParams({ url, 'enabled_events[]': '*' }),
    });
    const endpoint = (await created.json()) as { id: string };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = consoleErrors(page);
    await page.goto(`${mock.url}/_mock/dashboard#webhooks`);
    const row = page.locator('tr', { has: page.locator(`code:text-is("${endpoint.id}")`) });
    await row.getByRole('button', { name: 'Probe' }).click();
    const report = page.locator(`[data-probe-report="${endpoint.id}"]`);
    await report.waitFor();
    expect(await report.locator('h3 .pill').textContent()).toBe('critical');
    expect(await report.locator('[data-probe="no_signature"] .pill').first().textContent()).toBe('critical');
    expect(await report.locator('[data-probe="valid"] .pill').first().textContent()).toBe('pass');
    expect(await report.locator('[data-probe="replayed"]').textContent()).toContain('a recorded delivery can be replayed');
    await screenshot(page, 'probe');
    expect(errors).toEqual([]);
    await page.close();
  });
});
