import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Browser, chromium, Locator, Page, Route } from 'playwright-core';

/**
 * Debian's Chromium, driven by playwright-core (which downloads no browser of its own). `.ci/run` installs it
 * with apt-get; locally `sudo apt-get install chromium`. Without it the browser suites are skipped with a note,
 * except under CI=true, where a missing browser fails the run instead of passing it untested.
 */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM as string, args: [...ARGS, ...extraArgs] });
}

/** `describe` when Chromium is there; otherwise a skip with a note, or under CI a failing test saying why. */
export function describeInBrowser(name: string, body: () => void): void {
  if (CHROMIUM) return describe(name, body);
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium: CI=true does not skip browser tests', () => {
        throw new Error('No chromium at /usr/bin/chromium: install it (apt-get install chromium); .ci/run does this.');
      });
    });
    return;
  }
  console.warn(`${name}: no chromium found (apt-get install chromium); skipping the browser tests`);
  describe.skip(name, body);
}

/**
 * Pages used again within a suite. A new tab costs Chromium about 0.6 s of CPU (a renderer starting), loading a
 * page into an open one about 0.1 s: with dozens of pages a run, that is most of what the browser suites cost.
 * `open` hands out a page of the given size with nothing attached to it; `close` gives it back blank, its
 * listeners and routes removed and the storage of the origin it showed cleared, so the next test starts as on a
 * new tab of the same browser context.
 */
export class PagePool {
  private readonly idle: Page[] = [];

  constructor(private readonly browser: Browser) {}

  async open(viewport: { width: number; height: number } = { width: 1280, height: 720 }): Promise<Page> {
    const reused = this.idle.pop();
    if (!reused) return this.browser.newPage({ viewport });
    await reused.setViewportSize(viewport);
    return reused;
  }

  async close(page: Page): Promise<void> {
    page.removeAllListeners();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // In the page: its globals are the browser's, which this Node project does not type.
    await page.evaluate('sessionStorage.clear(); localStorage.clear()').catch(() => undefined);
    await page.goto('about:blank');
    this.idle.push(page);
  }
}

/**
 * Where the tests put their screenshots: a temporary folder, or `SCREENSHOT_DIR` (`npm run screenshots` writes
 * the README's pictures into docs/screenshots that way).
 */
export function screenshotDir(): string {
  const dir = process.env.SCREENSHOT_DIR ? resolve(process.env.SCREENSHOT_DIR) : join(tmpdir(), 'payments-mock-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screenshotDir(), `${name}.png`) });
}

/** Collects what the page logs as an error, and uncaught exceptions. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Resolves once the element has the focus in its document (and, with `window: true`, that document has the
 * window's focus too). Focus that another frame's message, an effect after a render or a key moving between frames
 * (a frame of another origin runs in another process) puts somewhere lands after the action that caused it has
 * returned: a test waits for it here, then asserts, instead of looking once.
 */
export async function waitForFocus(locator: Locator, options: { window?: boolean; timeout?: number } = {}): Promise<void> {
  const element = await locator.elementHandle({ timeout: options.timeout });
  try {
    const frame = await element.ownerFrame();
    if (!frame) throw new Error('the element is in no frame');
    await frame.waitForFunction(
      ([target, window]) => {
        const doc = (target as { ownerDocument: { activeElement: unknown; hasFocus(): boolean } }).ownerDocument;
        return doc.activeElement === target && (!window || doc.hasFocus());
      },
      [element, options.window === true] as const,
      { timeout: options.timeout },
    );
  } finally {
    await element.dispose();
  }
}

/**
 * From now on the dashboard's reads of the request list (GET /_mock/requests) go unanswered until the returned
 * function lets them through: a row that shows up meanwhile can only have come from the live stream. A test proves
 * "live" this way, not with a wall-clock bound (a second, say) that a loaded machine misses.
 */
export async function holdRequestListReads(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  const isList = (url: URL) => url.pathname.endsWith('/_mock/requests');
  const hold = (route: Route) => void held.push(route);
  await page.route(isList, hold);
  return async () => {
    // The held ones first: unroute hands what is still held to the next handler itself.
    await Promise.all(held.splice(0).map((route) => route.continue()));
    await page.unroute(isList, hold);
  };
}
