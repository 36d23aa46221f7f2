import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Browser } from 'playwright-core';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';

/**
 * The setupWorker example of docs/test-runners.md, run as written: its two files (test/runners/msw-browser/mocks.js
 * and main.js) bundled as a consumer's bundler would, served by a static server that has what `npx msw init public/`
 * puts in public/ (MSW's mockServiceWorker.js, at /), and opened in Chromium. No API server exists.
 */
const ROOT = join(__dirname, '..', '..');

describeInBrowser('the setupWorker example of docs/test-runners.md in Chromium', () => {
  let server: Server;
  let url: string;
  let browser: Browser;
  const served: string[] = [];

  beforeAll(async () => {
    requireBuild();
    const bundle = await build({
      entryPoints: [join(ROOT, 'test', 'runners', 'msw-browser', 'main.js')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      tsconfigRaw: {},
      logLevel: 'error',
    });
    const files: Record<string, { type: string; body: string | Buffer }> = {
      '/': {
        type: 'text/html',
        body: '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><p id="status">loading</p><script type="module" src="/main.js"></script>',
      },
      '/main.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.text },
      // What `npx msw init public/` copies: the worker script of the msw package the page bundles.
      '/mockServiceWorker.js': { type: 'text/javascript', body: readFileSync(join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')) },
    };
    server = createServer((req, res) => {
      served.push(`${req.method} ${req.url}`);
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': file.type }).end(file.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('creates and lists a payment through fetch at the API base URL, answered by the worker', async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    await page.goto(url);
    await page.locator('#status').filter({ hasNotText: 'loading' }).waitFor({ timeout: 30_000 });
    expect(await page.textContent('#status')).toMatch(/^pay_\w+ requires_confirmation; 1 payment\(s\)$/);
    // The worker was registered from /mockServiceWorker.js, where `npx msw init public/` puts it; no API call reached a server.
    expect(served).toContain('GET /mockServiceWorker.js');
    expect(served.every((line) => /^GET \/(main\.js|mockServiceWorker\.js)?$/.test(line))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
