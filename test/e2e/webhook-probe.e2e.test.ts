import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { Webhook } from 'standardwebhooks';
import { MockServer, startMock } from '../../src';
import type { ProbeReport } from '../../src/review/probe-webhook';

// A real webhook handler written the wrong way, and the same handler done right with the official verifiers, each an
// Express app on 127.0.0.1, probed through the admin API of a real mock.

const stripe = new Stripe('sk_test_unused');
let mock: MockServer;
const servers: Server[] = [];

beforeEach(async () => {
  mock = await startMock({ port: 0, fixtures: 'none', seed: 7 });
});
afterEach(async () => {
  await mock.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const secretKey = () => mock.keys.find((k) => k.kind === 'secret' && !k.livemode && k.expires_at === null)!.key;

async function listen(app: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

async function register(url: string): Promise<{ id: string; secret: string }> {
  const res = await fetch(`${mock.url}/v1/webhook_endpoints`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, enabled_events: ['*'] }),
  });
  const endpoint = (await res.json()) as { id: string; secret: string };
  secretOf = () => endpoint.secret;
  return endpoint;
}

async function probe(id: string): Promise<ProbeReport> {
  const res = await fetch(`${mock.url}/_mock/webhooks/endpoints/${id}/probe`, { method: 'POST' });
  expect(res.status).toBe(200);
  return (await res.json()) as ProbeReport;
}

const verdicts = (report: ProbeReport) => Object.fromEntries(report.probes.map((p) => [p.id, p.verdict]));

/** Parses JSON, trusts it, ships the order: what the probe exists to catch. */
function naiveHandler(shipped: string[]) {
  const app = express();
  app.post('/webhooks', express.json(), (req, res) => {
    if (req.body.type === 'payment.succeeded') shipped.push(req.body.data.object.id);
    res.json({ received: true });
  });
  return app;
}

/** Verifies the raw body, refuses what does not verify, skips duplicates, takes events in any order. */
function rightHandler(secret: string, scheme: 'both' | 'stripe', seen = new Set<string>()) {
  const app = express();
  app.post('/webhooks', express.raw({ type: 'application/json' }), (req, res) => {
    const raw = (req.body as Buffer).toString('utf8');
    let event: { id: string };
    try {
      event = stripe.webhooks.constructEvent(raw, req.headers['service-signature'] as string, secret) as unknown as { id: string };
      if (scheme === 'both') new Webhook(secret).verify(raw, req.headers as Record<string, string>);
    } catch (error) {
      res.status(400).send(`Webhook error: ${(error as Error).message.split('\n')[0]}`);
      return;
    }
    if (seen.has(event.id)) {
      res.json({ received: true, duplicate: true });
      return;
    }
    seen.add(event.id);
    res.json({ received: true });
  });
  return app;
}

/** The secret exists only once the endpoint is registered: the handler is built on its first request. */
let secretOf: () => string = () => '';
function lateBound(build: (secret: string) => express.Express): express.Express {
  const app = express();
  let handler: express.Express | undefined;
  app.use((req, res, next) => (handler ??= build(secretOf()))(req, res, next));
  return app;
}

describe('webhook handler probes', () => {
  it('finds a handler that parses JSON and never verifies: the forged, altered and replayed deliveries come back critical', async () => {
    const shipped: string[] = [];
    const endpoint = await register(await listen(naiveHandler(shipped)));
    const report = await probe(endpoint.id);
    expect(report.verdict).toBe('critical');
    expect(verdicts(report)).toEqual({
      no_signature: 'critical',
      wrong_secret: 'critical',
      altered_body: 'critical',
      replayed: 'critical',
      future_timestamp: 'fail',
      out_of_order: 'pass',
      valid: 'pass',
      duplicate: 'pass',
    });
    const forged = report.probes.find((p) => p.id === 'no_signature')!;
    expect(forged.answer.status).toBe(200);
    expect(forged.why).toMatch(/anyone who knows its URL can forge/);
    expect(forged.sent.headers['Service-Signature']).toBeUndefined();
    // The handler really was fooled: it shipped the probe's payment for each delivery it took.
    expect(shipped.length).toBe(7);
    expect(shipped.every((id) => id === report.objects.payment)).toBe(true);
  });

  it('passes every probe for the handler done right with stripe.webhooks.constructEvent and standardwebhooks Webhook.verify', async () => {
    const endpoint = await register(await listen(lateBound((secret) => rightHandler(secret, 'both'))));
    const report = await probe(endpoint.id);
    expect(verdicts(report)).toEqual(Object.fromEntries(report.probes.map((p) => [p.id, 'pass'])));
    expect(report.verdict).toBe('pass');
    expect(report.counts).toEqual({ pass: 8, warning: 0, fail: 0, critical: 0 });
    // The valid delivery verifies with both official verifiers; the refused ones got the verifier's own 400.
    expect(report.probes.find((p) => p.id === 'wrong_secret')!.answer).toMatchObject({ status: 400 });
  });

  it("fails only the future timestamp for a handler that relies on stripe's constructEvent alone (it checks only the age)", async () => {
    const endpoint = await register(await listen(lateBound((secret) => rightHandler(secret, 'stripe'))));
    const report = await probe(endpoint.id);
    expect(report.verdict).toBe('fail');
    expect(Object.entries(verdicts(report)).filter(([, v]) => v !== 'pass')).toEqual([['future_timestamp', 'fail']]);
    expect(report.probes.find((p) => p.id === 'future_timestamp')!.why).toMatch(/constructEvent` checks only the age/);
  });

  it('probes are not deliveries: nothing in the delivery log, no retry after a failure, the endpoint stays enabled', async () => {
    const app = express();
    app.post('/webhooks', (_req, res) => {
      res.status(500).send('down');
    });
    const endpoint = await register(await listen(app));
    // In process this time: mock.webhooks.probe is the same probe as the admin API's.
    const report = await mock.webhooks.probe(endpoint.id);
    expect(report.counts.fail).toBe(3);
    expect(mock.webhooks.deliveries({ endpoint: endpoint.id })).toEqual([]);
    await mock.clock.advance('30d');
    expect(mock.webhooks.deliveries({ endpoint: endpoint.id })).toEqual([]);
    const got = await fetch(`${mock.url}/v1/webhook_endpoints/${endpoint.id}`, { headers: { Authorization: `Bearer ${secretKey()}` } });
    expect(((await got.json()) as { status: string }).status).toBe('enabled');
    // The objects it made are real: the handler could fetch them.
    const payment = await fetch(`${mock.url}/v1/payments/${report.objects.payment}`, { headers: { Authorization: `Bearer ${secretKey()}` } });
    expect(((await payment.json()) as { amount_refunded: number }).amount_refunded).toBe(2000);
  });

  it('probes over the fetch transport too (what createFetchHandler and MSW send deliveries with)', async () => {
    await mock.close();
    mock = await startMock({ port: 0, fixtures: 'none', seed: 7, webhookTransport: 'fetch' });
    const endpoint = await register(await listen(lateBound((secret) => rightHandler(secret, 'both'))));
    const report = await mock.webhooks.probe(endpoint.id);
    expect(report.counts).toEqual({ pass: 8, warning: 0, fail: 0, critical: 0 });
  });

  it('reports a handler that answers nothing within the delivery timeout as failed, and an unknown endpoint as 404', async () => {
    await mock.close();
    mock = await startMock({ port: 0, fixtures: 'none', seed: 7, webhookTimeoutMs: 200 });
    const app = express();
    app.post('/webhooks', () => undefined);
    const endpoint = await register(await listen(app));
    const report = await probe(endpoint.id);
    expect(report.probes.every((p) => p.verdict === 'fail' && p.answer.error === 'timeout')).toBe(true);
    expect(report.probes[0]!.why).toMatch(/No answer within 0.2 s/);
    const missing = await fetch(`${mock.url}/_mock/webhooks/endpoints/we_nope/probe`, { method: 'POST' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('resource_missing');
  });
});
