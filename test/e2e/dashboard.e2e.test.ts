import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { consoleErrors, describeInBrowser, PagePool, holdRequestListReads, launchChromium, screenshot, waitForFocus } from '../helpers/browser';

const FROZEN = '2026-01-01T00:00:00Z';
const FROZEN_UNIX = Date.parse(FROZEN) / 1000;

// The dashboard as a person uses it, in headless Chromium: live requests, the controls, webhooks, keyboard and
// phone width. Every wait is Playwright's auto-waiting on what the page shows, never a sleep.
describeInBrowser('the dashboard in a browser', () => {
  let mock: MockServer;
  let browser: Browser;
  let pages: PagePool;
  let receiver: Server;
  let received: IncomingMessage[];
  let secret: string;

  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN}`, seed: 1 });
    secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    received = [];
    // A webhook receiver that always fails, so deliveries have failed attempts to show and retry.
    receiver = createServer((req, res) => {
      received.push(req);
      req.resume();
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('receiver is down');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
    pages = new PagePool(browser);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await mock?.close();
  });

  async function open(view: string, width = 1440): Promise<{ page: Page; errors: string[] }> {
    const page = await pages.open({ width, height: width < 600 ? 844 : 900 });
    const errors = consoleErrors(page);
    await page.goto(`${mock.url}/_mock/dashboard#${view}`);
    await page.locator('[data-live="live"]').waitFor();
    return { page, errors };
  }

  const v1 = (path: string, body?: Record<string, string>) =>
    fetch(`${mock.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${secret}` },
      ...(body ? { body: new URLSearchParams(body) } : {}),
    });

  it('opens from / in a browser, loads with no console errors and shows it is live', async () => {
    const page = await pages.open();
    const errors = consoleErrors(page);
    const response = await page.goto(`${mock.url}/`);
    expect(page.url()).toBe(`${mock.url}/_mock/dashboard`);
    expect(response?.status()).toBe(200);
    await page.locator('[data-live="live"]').waitFor();
    await expect(page.locator('[data-header-clock]').textContent()).resolves.toContain('2026-01-01T00:00:00.000Z');
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('shows a request made with curl live, from the stream, and opens its bodies', async () => {
    // A request made before the page opened: its row comes from the page's first read of the list, so once it shows,
    // that read is done (and cannot land later over what the stream adds).
    const earlier = (await v1('/v1/account')).headers.get('request-id') as string;
    const { page, errors } = await open('requests');
    await page.locator(`[data-request="${earlier}"]`).waitFor();
    // No list read is answered from here: the new row can only come from the stream. (Not "within a second": a wall
    // clock bound says nothing a loaded machine does not break.)
    const release = await holdRequestListReads(page);
    const res = await v1('/v1/payments', { amount: '2000', currency: 'usd', 'metadata[order]': 'A-1042' });
    const requestId = res.headers.get('request-id') as string;
    const row = page.locator(`[data-request="${requestId}"]`);
    await row.waitFor({ timeout: 10_000 });
    await release();
    await row.getByRole('button').click();
    const detail = page.getByRole('complementary', { name: 'Request detail' });
    await detail.getByText(requestId).first().waitFor();
    await detail.getByText('"A-1042"').first().waitFor();
    // Headers too: the request's (its key masked) and the answer's.
    await detail.getByText('Request headers').waitFor();
    await detail.getByText('application/x-www-form-urlencoded').first().waitFor();
    await detail.getByText('service-version').first().waitFor();
    expect(await detail.textContent()).not.toContain(secret);
    await screenshot(page, 'requests');
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('shows a request once, whether the stream or the first read of the list brings it first', async () => {
    const earlier = (await v1('/v1/account')).headers.get('request-id') as string;
    const page = await pages.open();
    const errors = consoleErrors(page);
    // The page's first read of the list is held until a request the stream also sends has been made: the read and
    // the stream's batch then both carry its row, in whichever order they arrive.
    const release = await holdRequestListReads(page);
    await page.goto(`${mock.url}/_mock/dashboard#requests`);
    await page.locator('[data-live="live"]').waitFor();
    const both = (await v1('/v1/account')).headers.get('request-id') as string;
    await release();
    // The earlier row can only come from the list read, and the last one from the stream, after the other's batch.
    await page.locator(`[data-request="${earlier}"]`).waitFor({ timeout: 10_000 });
    const last = (await v1('/v1/account')).headers.get('request-id') as string;
    await page.locator(`[data-request="${last}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator(`[data-request="${both}"]`).count()).toBe(1);
    expect(await page.locator(`[data-request="${earlier}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('says when the stream is down and falls back to polling the admin API', async () => {
    const page = await pages.open();
    // The stream fails (a proxy that cuts it, say); everything else works.
    await page.route('**/_mock/stream', (route) => route.abort());
    await page.goto(`${mock.url}/_mock/dashboard#requests`);
    await page.locator('[data-live="polling"]', { hasText: 'polling' }).waitFor();
    const res = await v1('/v1/account');
    // Polling reads every 2 s; the bound is generous (a loaded machine), as nothing else could bring the row.
    await page.locator(`[data-request="${res.headers.get('request-id')}"]`).waitFor({ timeout: 15_000 });
    await pages.close(page);
  });

  it('picks up admin changes that say nothing on the stream (a workspace made by a script) when the tab regains focus', async () => {
    const { page, errors } = await open('keys');
    await page
      .getByRole('heading', { name: /— test/ })
      .first()
      .waitFor();
    const made = (await (
      await fetch(`${mock.url}/_mock/workspaces`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Worker 7"}' })
    ).json()) as { workspace: string };
    await page.evaluate('window.dispatchEvent(new Event("focus"))');
    await page.getByRole('heading', { name: 'Worker 7 — test' }).waitFor();
    await fetch(`${mock.url}/_mock/workspaces/${made.workspace}`, { method: 'DELETE' });
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('moves the server clock and switches the scenario from Controls', async () => {
    const { page, errors } = await open('controls');
    await page.getByRole('button', { name: '+1d' }).click();
    await page.locator('[data-header-clock]', { hasText: '2026-01-02T00:00:00.000Z' }).waitFor();
    expect(mock.clock.now()).toBe(FROZEN_UNIX + 86400);
    await page.locator('[data-scenario]').selectOption('decline');
    await page.locator('[data-header-scenario]', { hasText: 'decline' }).waitFor();
    expect(mock.context.scenario.scenario).toBe('decline');
    await screenshot(page, 'controls');
    await page.locator('[data-scenario]').selectOption('happy');
    await page.locator('[data-header-scenario]', { hasText: 'happy' }).waitFor();
    await mock.clock.set('frozen', FROZEN);
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('shows a failing webhook delivery with its attempts, and Retry now makes a new attempt', async () => {
    const endpoint = await fetch(`${mock.url}/v1/webhook_endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, enabled_events: ['*'] }),
    });
    expect(endpoint.status).toBe(200);
    await v1('/v1/customers', { email: 'grace@example.com' });
    await mock.webhooks.flush();
    const [delivery] = mock.webhooks.deliveries();
    expect(delivery).toMatchObject({ event_type: 'customer.created', status: 'pending', attempts: [{ n: 1, response_status: 500 }] });
    const { page, errors } = await open('webhooks');
    const item = page.locator(`[data-delivery="${delivery!.id}"]`);
    await item.locator('[data-attempt="1"]', { hasText: '500' }).waitFor();
    const before = received.length;
    await item.getByRole('button', { name: 'Retry now' }).click();
    await item.locator('[data-attempt="2"]', { hasText: '500' }).waitFor();
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.headers['service-delivery-attempt']).toBe('2');
    expect(mock.webhooks.deliveries().find((d) => d.id === delivery!.id)?.attempts).toHaveLength(2);
    await screenshot(page, 'webhooks');
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('Deliver again, from an event in Events and from a delivery in Webhooks, makes a new delivery signed now', async () => {
    // The endpoint of the test above (every event, a receiver that answers 500) is still registered.
    await v1('/v1/customers', { email: 'ada@example.com' });
    await mock.webhooks.flush();
    const original = mock.webhooks.deliveries().find((d) => d.event_type === 'customer.created' && d.status === 'pending');
    const event = original!.event;
    const count = () => mock.webhooks.deliveries({ event, limit: 1000 }).length;
    expect(count()).toBe(1);

    const { page, errors } = await open('events');
    await page.getByRole('button', { name: event }).click();
    const control = page.locator(`[data-deliver-again="${event}"]`);
    await control.getByRole('combobox', { name: 'Endpoint' }).waitFor();
    const before = received.length;
    await control.getByRole('button', { name: 'Deliver again' }).click();
    await control.getByRole('status').getByText('pending').waitFor();
    expect(count()).toBe(2);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)?.headers['webhook-id']).toBe(event);
    expect(received.at(-1)?.headers['service-delivery-attempt']).toBe('1');

    await page.getByRole('tab', { name: 'Webhooks' }).click();
    const item = page.locator(`[data-delivery="${original!.id}"]`);
    await item.getByRole('button', { name: 'Deliver again' }).click();
    await item.getByRole('status').waitFor();
    expect(count()).toBe(3);
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('shows Webhooks with an endpoint and a delivery on a 390 px phone without sideways scrolling', async () => {
    if (mock.webhooks.endpoints().length === 0) {
      await fetch(`${mock.url}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, enabled_events: ['*'] }),
      });
    }
    await v1('/v1/customers', { email: 'phone@example.com' });
    await mock.webhooks.flush();
    const [delivery] = mock.webhooks.deliveries();
    const { page, errors } = await open('webhooks', 390);
    // Measured once the endpoint and the delivery with its attempt are on the page, not before they load.
    await page.locator(`[data-delivery="${delivery!.id}"] [data-attempt="1"]`).waitFor();
    await page.locator('td', { hasText: '/hooks' }).first().waitFor();
    expect(await page.evaluate('document.scrollingElement.scrollWidth')).toBeLessThanOrEqual(390);
    await screenshot(page, 'webhooks-phone');
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('opens a payment with its refunds and events in Objects, and marks the 30-day edge in Events', async () => {
    const payment = (await (await v1('/v1/payments', { amount: '5000', currency: 'usd' })).json()) as { id: string };
    await v1(`/v1/payments/${payment.id}/refund`, { amount: '1000' });
    const { page, errors } = await open('objects');
    await page.getByRole('button', { name: payment.id }).click();
    const detail = page.getByRole('complementary', { name: 'Object detail' });
    await detail.getByText('refund.created').first().waitFor();
    await detail.getByRole('heading', { name: 'Refunds' }).waitFor();
    await screenshot(page, 'objects');
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByText('30-day edge').waitFor();
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('flags the events about to leave the 30-day feed, and the feed follows the clock', async () => {
    // The bundled fixtures spread events over 40 days; 9.5 days on, the ones from 20 days ago are in their last day.
    const fixtures = await startMock({ port: 0, clock: `frozen@${FROZEN}`, seed: 1 });
    try {
      await fixtures.clock.advance('228h');
      const page = await pages.open({ width: 1440, height: 900 });
      const errors = consoleErrors(page);
      await page.goto(`${fixtures.url}/_mock/dashboard#events`);
      const leaving = page.locator('tr.near-edge');
      await leaving.first().waitFor();
      const count = await leaving.count();
      expect(count).toBeGreaterThan(0);
      await leaving
        .first()
        .getByText(/leaves in 12 h/)
        .waitFor();
      const leavingId = (await leaving.first().locator('code').first().textContent()) as string;
      const edge = page.getByText('30-day edge');
      await edge.scrollIntoViewIfNeeded();
      await screenshot(page, 'events');
      // A day later they are gone from the feed and the page, live.
      await fixtures.clock.advance('1d');
      await page.getByText(leavingId, { exact: true }).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await pages.close(page);
    } finally {
      await fixtures.close();
    }
  });

  it('lists keys, creates one and rotates one from Keys', async () => {
    const { page, errors } = await open('keys');
    const count = mock.keys.length;
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('table.keys tbody tr').nth(count).waitFor();
    expect(mock.keys.length).toBe(count + 1);
    await page.getByRole('button', { name: 'Rotate' }).first().click();
    await page
      .locator('table.keys tbody tr')
      .nth(count + 1)
      .waitFor();
    expect(mock.keys.filter((k) => k.expires_at !== null)).toHaveLength(1);
    await page.getByRole('button', { name: 'Copy', exact: true }).first().click();
    await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    await screenshot(page, 'keys');
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('queues a fault, exports the state as a file and imports it back from Controls', async () => {
    const { page, errors } = await open('controls');
    await page.getByLabel('Path').fill('/v1/refunds*');
    await page.getByRole('button', { name: 'Queue fault' }).click();
    await page.getByText('/v1/refunds*').waitFor();
    expect(mock.context.faults.list()).toMatchObject([{ path: '/v1/refunds*', phase: 'before', error: 'api_error', times: 1 }]);
    await page.getByRole('button', { name: 'Clear faults' }).click();
    await page.getByText('/v1/refunds*').waitFor({ state: 'detached' });
    expect(mock.context.faults.list()).toEqual([]);

    const customer = (await (await v1('/v1/customers', { email: 'saved@example.com' })).json()) as { id: string };
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export (download JSON)' }).click()]);
    expect(download.suggestedFilename()).toBe('payments-mock-state.json');
    const file = await download.path();
    mock.reset();
    expect((await v1(`/v1/customers/${customer.id}`)).status).toBe(404);
    await page.getByLabel('Import a state file').setInputFiles(file);
    await page
      .getByRole('status')
      .filter({ hasText: /^Imported / })
      .waitFor();
    expect((await v1(`/v1/customers/${customer.id}`)).status).toBe(200);
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('resets the store from Controls', async () => {
    const payment = (await (await v1('/v1/payments', { amount: '700', currency: 'usd' })).json()) as { id: string };
    const { page, errors } = await open('controls');
    await page.getByRole('button', { name: 'Reset…' }).click();
    await page.getByRole('button', { name: 'Yes, reset everything' }).click();
    await page.getByRole('status').filter({ hasText: 'Reset done.' }).waitFor();
    expect((await v1(`/v1/payments/${payment.id}`)).status).toBe(404);
    expect(mock.webhooks.deliveries()).toEqual([]);
    expect(errors).toEqual([]);
    await pages.close(page);
  });

  it('is usable by keyboard: arrow keys move between views, Enter opens a request, Escape closes it', async () => {
    const res = await v1('/v1/customers', { email: 'kb@example.com' });
    const requestId = res.headers.get('request-id') as string;
    const { page } = await open('requests');
    await page.getByRole('tab', { name: 'Requests' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tab', { name: 'Objects', selected: true }).waitFor();
    expect(await page.evaluate('document.activeElement?.id')).toBe('tab-objects');
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('tab', { name: 'Requests', selected: true }).waitFor();
    await page.locator(`[data-request="${requestId}"] button`).focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: 'Request detail' });
    await detail.getByText(requestId).first().waitFor();
    // The panel takes the focus in an effect after it renders, which may come after its text shows.
    await waitForFocus(detail);
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Request detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await pages.close(page);
  });

  it.each([390, 1440])(
    'fits a %i px wide screen without sideways scrolling of the page',
    async (width) => {
      await v1('/v1/payments', { amount: '2000', currency: 'usd' });
      for (const view of ['requests', 'objects', 'webhooks', 'keys', 'controls']) {
        const { page, errors } = await open(view, width);
        await page.locator('main h2').waitFor();
        const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
        expect([view, overflow]).toEqual([view, 0]);
        if (width === 390 && (view === 'requests' || view === 'controls')) await screenshot(page, `${view}-phone`);
        expect(errors).toEqual([]);
        await pages.close(page);
      }
    },
    60_000,
  );
});
