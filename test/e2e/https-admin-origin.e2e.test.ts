import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { MockServer, startMock } from '../../src';
import { describeInBrowser, launchChromium } from '../helpers/browser';

// The mock clock counts Unix seconds, as the API's `created` does.
const DAY_S = 24 * 60 * 60;

// The admin guard's Origin check over HTTPS: a dashboard served at https://<name>:<tls port> sends its own https:
// origin with every write, and the guard must take it as the page's own; a page on any other origin is refused.
// Chromium trusts the local CA by its key's hash (--ignore-certificate-errors-spki-list), on loopback only.
describeInBrowser('the admin API from an HTTPS page, in a browser', () => {
  let dir: string;
  let mock: MockServer;
  let browser: Browser;
  let site: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-https-admin-'));
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 5, tls: { caDir: join(dir, 'ca') } });
    port = Number(new URL(mock.url).port);
    site = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>some site</title>'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium([`--ignore-certificate-errors-spki-list=${mock.ca?.spkiSha256}`]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A same-origin write from the page, as the dashboard makes them: the browser adds the page's Origin. */
  const advanceFrom = (page: Page, api: string, mode: 'cors' | 'no-cors') =>
    page.evaluate(
      async ([url, fetchMode]) => {
        const res = await fetch(`${url}/_mock/clock/advance`, {
          method: 'POST',
          mode: fetchMode as 'cors' | 'no-cors',
          headers: fetchMode === 'cors' ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'text/plain' },
          body: '{"by":"1d"}',
        }).catch(() => undefined);
        return res ? { status: res.status, type: res.type } : { status: 0, type: 'error' };
      },
      [api, mode] as const,
    );

  it.each(['localhost', '127.0.0.1'])('the dashboard at https://%s:<tls port> moves the clock from its own origin', async (name) => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`https://${name}:${port}/_mock/dashboard`);
      expect(response?.status()).toBe(200);
      expect(await page.evaluate(() => location.origin)).toBe(`https://${name}:${port}`);
      const before = mock.clock.now();
      expect(await advanceFrom(page, '', 'cors')).toEqual({ status: 200, type: 'basic' });
      expect(mock.clock.now() - before).toBe(DAY_S);
    } finally {
      await page.close();
    }
  });

  it('a page on another origin (http://localhost:<its port>) can neither reset the store nor move the clock', async () => {
    const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    const created = await mock.inject({
      method: 'POST',
      url: '/v1/payments',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=2000&currency=usd',
    });
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.body as string) as { id: string }).id;
    const page = await browser.newPage();
    try {
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`);
      const before = mock.clock.now();
      // Simple requests need no preflight: the browser sends them, and only the guard can refuse them.
      await page.evaluate(async (api) => {
        await fetch(`${api}/_mock/reset`, { method: 'POST', mode: 'no-cors' }).catch(() => undefined);
      }, `https://localhost:${port}`);
      await advanceFrom(page, `https://localhost:${port}`, 'no-cors');
      expect(mock.clock.now()).toBe(before);
      const still = await mock.inject({ url: `/v1/payments/${id}`, headers: { authorization: `Bearer ${secret}` } });
      expect(still.status).toBe(200);
    } finally {
      await page.close();
    }
  });

  it.each([
    ['https://localhost:<tls port> (the page itself)', 200, (p: number) => `https://localhost:${p}`],
    ['http://localhost:<tls port> (the same host and port, another scheme)', 403, (p: number) => `http://localhost:${p}`],
  ])('over HTTPS, Origin %s is answered %i', async (_what, status, origin) => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(
        `https://localhost:${port}/_mock/clock/advance`,
        {
          method: 'POST',
          ca: readFileSync(mock.ca?.certPath as string),
          headers: { origin: origin(port), 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('{"by":"1s"}');
    });
    expect(answer.status).toBe(status);
    if (status === 403) expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
  });
});

// The page's globals are the browser's, which this Node project does not type.
declare const location: { origin: string };
