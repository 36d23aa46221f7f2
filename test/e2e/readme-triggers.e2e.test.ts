import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Stripe from 'stripe';
import { webhookApp } from '../../examples/webhooks/receiver';
import { MockServer, startMock } from '../../src';
import { requireBuild } from '../helpers/cli-process';

/**
 * Runs the README's "Triggers and flows" commands as written, each through `sh` in this clone (`npx payments-mock`
 * runs the built CLI), against a mock started as the README says (`--webhook <your receiver>`): PAYMENTS_MOCK_URL points
 * the commands at it (they default to :4010), and the `evt_…` / `we_…` placeholders get the ids of this run.
 * The receiver is examples/webhooks/receiver.ts, which verifies every delivery with the stripe package.
 */
const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const stripe = new Stripe('sk_test_unused');

function commands(): Array<{ comment: string; command: string }> {
  const block = /<!-- commands:triggers -->\n```sh\n([\s\S]*?)```/.exec(README)?.[1];
  if (block === undefined) throw new Error('README.md lacks the <!-- commands:triggers --> sh block');
  const found: Array<{ comment: string; command: string }> = [];
  let comment = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('# ')) comment = line;
    else if (line.trim()) found.push({ comment, command: line });
  }
  return found;
}

describe('the README’s Triggers and flows commands', () => {
  let mock: MockServer;
  let receiver: Server;
  let failing = true;
  const handled: Array<{ id: string; type: string; amount: number }> = [];
  const raw: Array<{ body: string; signature: string }> = [];

  beforeAll(async () => {
    requireBuild();
    receiver = createServer();
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
    mock = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1, webhooks: [url] });
    const secret = mock.context.cliEndpoints[0]!.secret;
    // Keeps every raw delivery (to verify with either secret later), then hands it to the README's receiver.
    const app = webhookApp(secret, (event) => {
      if (event.type === 'payment.payment_failed' && failing) throw new Error('handler bug');
      handled.push({ id: event.id, type: event.type, amount: (event as unknown as { data: { object: { amount: number } } }).data.object.amount });
    });
    receiver.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => raw.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['service-signature']) }));
      app(req, res);
    });
  });

  afterAll(async () => {
    await mock?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    rmSync(join(ROOT, 'checkout.flow.json'), { force: true });
  });

  const sh = (command: string, url?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAYMENTS_MOCK_') && name !== 'ORDER_ID'));
      execFile(
        'sh',
        ['-c', command],
        // In this clone, as a reader types them: `npx payments-mock` runs this package's own bin (no install, no network).
        { cwd: ROOT, env: { ...clean, npm_config_offline: 'true', PAYMENTS_MOCK_URL: url ?? mock.url } },
        (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it('trigger, flow (green and red), deliver after the fix, and a secret roll, as written', async () => {
    const [trigger, flowGreen, flowRed, deliver, rotate] = commands();
    expect(commands()).toHaveLength(5);
    const endpoint = mock.context.cliEndpoints[0]!;

    // 1. The receiver (stripe-verified) gets payment.payment_failed for 5000; its handler fails the first time.
    const triggered = await sh(trigger!.command);
    expect(triggered).toMatchObject({ code: 0, stderr: '' });
    await mock.webhooks.flush();
    const event = /^ {2}(evt_\w+) {2}payment\.payment_failed$/m.exec(triggered.stdout)![1]!;
    const declined = raw.find((delivery) => JSON.parse(delivery.body).id === event)!;
    expect(stripe.webhooks.constructEvent(declined.body, declined.signature, endpoint.secret)).toMatchObject({
      type: 'payment.payment_failed',
      data: { object: { amount: 5000 } },
    });
    expect(mock.webhooks.deliveries({ event })[0]).toMatchObject({ status: 'pending', attempts: [{ response_status: 500 }] });

    // 2. The flow runs green with ORDER_ID, red without.
    const green = await sh(flowGreen!.command);
    expect(green).toMatchObject({ code: 0, stderr: '' });
    expect(green.stdout).toMatch(/"order": "42"/);
    const red = await sh(flowRed!.command);
    expect({ code: red.code, stdout: red.stdout }).toEqual({ code: 1, stdout: '' });
    expect(red.stderr.trimEnd().split('\n')).toEqual([expect.stringContaining('/steps/0/params/metadata/order: ${env:ORDER_ID}: ORDER_ID is not set')]);

    // 3. The handler is fixed; the event is delivered again and handled.
    failing = false;
    const delivered = await sh(deliver!.command.replace('evt_…', event).replace('we_…', endpoint.id));
    expect(delivered).toMatchObject({ code: 0, stderr: '' });
    expect(delivered.stdout).toMatch(/succeeded \(first attempt: 200\)/);
    expect(handled).toContainEqual({ id: event, type: 'payment.payment_failed', amount: 5000 });

    // 4. The roll: deliveries verify with either secret until 24 h of mock time have passed.
    const rolled = await sh(`${rotate!.command.replace('we_…', endpoint.id)} --json`);
    expect(rolled).toMatchObject({ code: 0, stderr: '' });
    const fresh = (JSON.parse(rolled.stdout) as { secret: string }).secret;
    const latest = async () => {
      await mock.trigger('customer.created');
      await mock.webhooks.flush();
      return raw.at(-1)!;
    };
    const during = await latest();
    for (const secret of [endpoint.secret, fresh]) expect(stripe.webhooks.constructEvent(during.body, during.signature, secret).type).toBe('customer.created');
    await mock.clock.advance('24h');
    const after = await latest();
    expect(() => stripe.webhooks.constructEvent(after.body, after.signature, endpoint.secret)).toThrow();
    expect(stripe.webhooks.constructEvent(after.body, after.signature, fresh).type).toBe('customer.created');
    // Five commands, each an npx start (about a second on a quiet machine): the 20 s default is too tight under load.
  }, 60_000);

  it('keeps a session as a flow and replays it on a fresh mock, with the commands of "A session kept as a flow"', async () => {
    const prose = README.slice(README.indexOf('### A session kept as a flow')).replace(/\s*\n\s*/g, ' ');
    const [, keep, replay] =
      /`(npx payments-mock journal --as-flow --out checkout\.flow\.json)`.*?`(npx payments-mock flow checkout\.flow\.json)`/.exec(prose) ?? [];
    expect([keep, replay]).toEqual([expect.any(String), expect.any(String)]);
    const session = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
    const fresh = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
    try {
      await session.trigger('payment.succeeded');
      const kept = await sh(keep!, session.url);
      expect(kept).toMatchObject({ code: 0, stderr: '' });
      expect(kept.stdout).toMatch(/^✓ wrote a flow of \d+ steps/);
      const replayed = await sh(replay!, fresh.url);
      expect(replayed).toMatchObject({ code: 0, stderr: '' });
    } finally {
      await session.close();
      await fresh.close();
    }
  }, 30_000);
});
