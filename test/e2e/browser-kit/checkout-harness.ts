import { ChildProcess, spawn } from 'node:child_process';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Frame, FrameLocator, Page, Request } from 'playwright-core';

const ROOT = join(__dirname, '..', '..', '..');

/** The test cards the checkout tests type, each as digits. */
export const CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
} as const;

export interface Shop {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts examples/checkout exactly as the README says (`node examples/checkout/server.js`), pointed at the mock,
 * on a free port, and resolves once it prints where it listens. Served as `localhost`, so the shop is another
 * origin than the mock (127.0.0.1), as in real life.
 */
export function startShop(mockUrl: string): Promise<Shop> {
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'examples', 'checkout', 'server.js')], {
    env: { ...process.env, PAYMENTS_MOCK_URL: mockUrl, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /checkout listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) {
        resolve({
          url: `http://localhost:${match[1]}`,
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the checkout example exited with ${code}: ${out}`)));
  });
}

/** A page of the test's own on another origin, that loads payments.js from the mock: "your own page". */
export async function startOwnPage(html: (query: URLSearchParams) => string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://page').searchParams;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html(query));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

/** The card element's frame, once its page loaded. */
export function cardFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Secure card payment input"]');
}

/** Types like a person: one key at a time, so every input event and reformatting happens. */
export async function typeCard(page: Page, number: string, expiry: string, cvc: string): Promise<void> {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').pressSequentially(number);
  await frame.getByLabel('Expiry date (MM / YY)').pressSequentially(expiry);
  await frame.getByLabel('Security code (CVC)').pressSequentially(cvc);
}

/** Every request the host page's own scripts make (the main frame's), with its body. */
export function hostRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.frame() === page.mainFrame()) seen.push(request);
  });
  return seen;
}

/** The card number, as typed and as formatted, must appear nowhere in this text. */
export function expectNoCardNumber(text: string, numbers: readonly string[]): void {
  for (const number of numbers) {
    expect(text).not.toContain(number);
    expect(text).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  }
}

/** The main frame's DOM as HTML, plus the text of every request its scripts sent. */
export async function hostPageTexts(page: Page, requests: Request[]): Promise<string> {
  const dom = await page.mainFrame().content();
  const sent = requests.map((request) => `${request.method()} ${request.url()} ${request.postData() ?? ''}`).join('\n');
  return `${dom}\n${sent}`;
}

export function frameOf(page: Page, title: string): Frame | undefined {
  return page.frames().find((frame) => frame !== page.mainFrame() && frame.name() === title);
}
