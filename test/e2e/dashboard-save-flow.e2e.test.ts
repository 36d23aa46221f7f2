import { readFileSync } from 'node:fs';
import { Browser } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { keysByRole } from '../../src/adapters/jest/workspace';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';
import { httpDriver, recordSession, replayedStatuses } from '../helpers/session';

// The Requests view as a person uses it in headless Chromium: "Save as flow" downloads the session, which replays
// on a fresh mock (same fixtures, clock and seed) with the statuses the session got; and a request detail names
// the workspace that holds an id another workspace's key did not find.
const OPTIONS = { port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 } as const;

describeInBrowser('the dashboard keeps a session as a flow', () => {
  let recorded: MockServer;
  let fresh: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    [recorded, fresh] = await Promise.all([startMock(OPTIONS), startMock(OPTIONS)]);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([recorded?.close(), fresh?.close()]);
  });

  it('"Save as flow" downloads a flow that replays on a fresh mock with the same statuses', async () => {
    const statuses = await recordSession(httpDriver(recorded.url, keysByRole(recorded.keys.filter((key) => key.workspace === 'acme'))));
    const page = await browser.newPage({ acceptDownloads: true });
    const errors = consoleErrors(page);
    await page.goto(`${recorded.url}/_mock/dashboard#requests`);
    await page.locator('[data-live="live"]').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save as flow' }).click()]);
    expect(download.suggestedFilename()).toBe('session-acme.flow.json');
    const flow = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
    expect(flow).toMatchObject({ workspace: 'acme', livemode: false });
    const replay = await fetch(`${fresh.url}/_mock/flows`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(flow) });
    expect(replay.status).toBe(200);
    const run = (await replay.json()) as { steps: Array<{ kind: string; status: number }> };
    expect(run.steps.filter((step) => step.kind === 'request').map((step) => step.status)).toEqual(replayedStatuses(statuses));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a request detail names the workspace that holds an id the request did not find', async () => {
    const globex = keysByRole(recorded.keys.filter((key) => key.workspace === 'globex')).secret;
    const acme = keysByRole(recorded.keys.filter((key) => key.workspace === 'acme')).secret;
    const made = (await (
      await fetch(`${recorded.url}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${globex}` },
        body: new URLSearchParams({ email: 'g@example.com' }),
      })
    ).json()) as { id: string };
    const missed = await fetch(`${recorded.url}/v1/customers/${made.id}`, { headers: { Authorization: `Bearer ${acme}` } });
    expect(missed.status).toBe(404);
    expect(await missed.text()).not.toContain('globex');
    const page = await browser.newPage();
    await page.goto(`${recorded.url}/_mock/dashboard#requests`);
    await page.locator(`[data-request="${missed.headers.get('request-id')}"] button`).click();
    await page.locator('.near-miss').waitFor();
    expect((await page.locator('.near-miss').textContent())?.replace(/\s+/g, ' ')).toContain(`${made.id} is held by workspace globex in test mode`);
    await page.close();
  });
});
