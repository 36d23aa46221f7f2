import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockServer, startMock } from '../../src';
import type { MockWorkspace } from '../../src/app/mock-workspace';
import type { ReviewReport } from '../../src/review/review-journal';
import { RULE_IDS } from '../../src/review/rules';

// Each rule of the journal review provoked by a short client script over real HTTP, and found with its evidence.

let mock: MockServer;
let ws: MockWorkspace;
const servers: Server[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0, fixtures: 'none', seed: 3, webhookTimeoutMs: 300 });
});
afterAll(async () => {
  await mock.close();
  await Promise.all(
    servers.map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});
beforeEach(async () => {
  ws = await mock.createWorkspace();
});

const VERSION = { 'Service-Version': '2025-08-27' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client call with the workspace's secret key (form body), as an integration makes it. */
async function call(method: string, path: string, params?: Record<string, string>, headers: Record<string, string> = VERSION) {
  const res = await fetch(`${mock.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ws.keys.secret}`, ...headers },
    ...(params ? { body: new URLSearchParams(params) } : {}),
  });
  return { status: res.status, id: res.headers.get('request-id') as string, body: (await res.json()) as Record<string, unknown> };
}

async function review(): Promise<ReviewReport> {
  const res = await fetch(`${mock.url}/_mock/review?workspace=${ws.id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ReviewReport;
}

const only = async (rule: string) => {
  const report = await review();
  expect(report.findings.map((f) => f.rule)).toEqual([rule]);
  const [finding] = report.findings;
  expect(finding!.doc_url).toBe(`${mock.url}/docs/review#${rule}`);
  return finding!;
};

async function receiver(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

describe('the journal review', () => {
  it('finds nothing in a clean integration: idempotent creates, a pinned version, a healthy webhook handler', async () => {
    await call('POST', '/v1/webhook_endpoints', { url: await receiver((res) => res.end('ok')), 'enabled_events[]': '*' });
    const pay = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-1' });
    await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-1' }); // a retry, replayed
    await call('POST', `/v1/payments/${pay.body.id}/refund`, {}, { ...VERSION, 'Idempotency-Key': 'refund-1' });
    await call('GET', `/v1/payments/${pay.body.id}`);
    // Node's own fetch sends Sec-Fetch-Mode: cors; that alone is not a browser.
    await mock.webhooks.flush();
    const report = await review();
    expect(report.findings).toEqual([]);
    expect(report.coverage).toMatchObject({ requests: 5, complete: true, note: null });
    expect(report.coverage.deliveries).toBeGreaterThan(0);
  });

  it('idempotency_key_missing: a payment created without an Idempotency-Key', async () => {
    const pay = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    const finding = await only('idempotency_key_missing');
    expect(finding).toMatchObject({ severity: 'warning', count: 1, workspace: ws.id, evidence: { requests: [pay.id], deliveries: [] } });
  });

  it('duplicate_object: the same create retried without a key made a second payment (critical)', async () => {
    const first = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    const second = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    const report = await review();
    const finding = report.findings.find((f) => f.rule === 'duplicate_object')!;
    expect(finding).toMatchObject({ severity: 'critical', count: 1, evidence: { requests: [first.id, second.id] } });
    expect(finding.message).toContain(`${first.body.id}`);
    expect(finding.message).toMatch(/charged twice/);
    expect(report.findings[0]!.rule).toBe('duplicate_object'); // the worst first
    expect(report.counts.critical).toBe(1);
  });

  it('retry_after_ignored: a 429 retried sooner than its Retry-After', async () => {
    await ws.setScenario('rate-limited', { limit: 1 });
    await call('GET', '/v1/account');
    const limited = await call('GET', '/v1/account');
    expect(limited.status).toBe(429);
    const early = await call('GET', '/v1/account');
    const finding = (await review()).findings.find((f) => f.rule === 'retry_after_ignored')!;
    expect(finding.severity).toBe('warning');
    expect(finding.evidence.requests).toEqual([limited.id, early.id]);
  });

  it('retry_without_backoff: a 503 retried every 20 ms, four times', async () => {
    await ws.setScenario('outage');
    const ids: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      ids.push((await call('GET', '/v1/payments/pay_missing')).id);
      await wait(20); // the client's retry loop: no backoff
    }
    const finding = (await review()).findings.find((f) => f.rule === 'retry_without_backoff')!;
    expect(finding.evidence.requests).toEqual(ids);
    expect(finding.message).toMatch(/waited \d+, \d+, \d+, \d+ ms/);
  });

  it('retry_without_backoff stays quiet for a client that doubles its wait', async () => {
    await ws.setScenario('outage');
    // Real time: a timer of a loaded machine fires late, so the last wait is 16 times the first (backing off needs 2×).
    for (const delay of [10, 40, 160, 0]) {
      await call('GET', '/v1/payments/pay_missing');
      await wait(delay);
    }
    expect((await review()).findings.map((f) => f.rule)).not.toContain('retry_without_backoff');
  });

  it('secret_key_in_browser: a secret key sent with Origin or Sec-Fetch-Site (critical), not with Sec-Fetch-Mode alone', async () => {
    await call('GET', '/v1/account', undefined, { ...VERSION, 'Sec-Fetch-Mode': 'cors' });
    expect((await review()).findings).toEqual([]);
    const fromPage = await call('GET', '/v1/account', undefined, { ...VERSION, Origin: 'http://localhost:3000', 'Sec-Fetch-Site': 'cross-site' });
    const finding = await only('secret_key_in_browser');
    expect(finding).toMatchObject({ severity: 'critical', evidence: { requests: [fromPage.id] } });
    expect(finding.message).toContain('sk_test_');
  });

  it('declined_card_retried: the same declined card confirmed three times', async () => {
    await ws.setScenario('manual');
    const pay = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-9' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const declined = await call('POST', `/v1/payments/${pay.body.id}/confirm`, { payment_method: 'pm_card_chargeDeclined' });
      expect(declined.status).toBe(402);
      ids.push(declined.id);
    }
    const finding = await only('declined_card_retried');
    expect(finding).toMatchObject({ count: 3, evidence: { requests: ids } });
    expect(finding.message).toContain('pm_card_chargeDeclined (3 declines)');
  });

  it('payment_polling: one payment read ten times in a few milliseconds', async () => {
    const pay = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-2' });
    for (let i = 0; i < 10; i++) await call('GET', `/v1/payments/${pay.body.id}`);
    const finding = await only('payment_polling');
    expect(finding.evidence.requests).toHaveLength(10);
    expect(finding.message).toContain(`${pay.body.id} read 10 times`);
  });

  it('version_not_pinned: no request sent Service-Version (info)', async () => {
    const read = await call('GET', '/v1/account', undefined, {});
    expect(await only('version_not_pinned')).toMatchObject({ severity: 'info', evidence: { requests: [read.id] } });
  });

  it('webhook_failing and webhook_timeout: an endpoint that answers 500, one that never answers', async () => {
    const failing = await call('POST', '/v1/webhook_endpoints', { url: await receiver((res) => res.writeHead(500).end('down')), 'enabled_events[]': '*' });
    const silent = await call('POST', '/v1/webhook_endpoints', { url: await receiver(() => undefined), 'enabled_events[]': 'payment.succeeded' });
    await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-3' });
    await mock.webhooks.flush();
    const report = await review();
    const byRule = Object.fromEntries(report.findings.map((f) => [f.rule, f]));
    expect(Object.keys(byRule).sort()).toEqual(['webhook_failing', 'webhook_timeout']);
    expect(byRule.webhook_failing!.message).toContain(`${failing.body.id}`);
    expect(byRule.webhook_timeout!.message).toContain(`${silent.body.id}`);
    const deliveries = mock.webhooks.deliveries({ workspace: ws.id });
    expect(byRule.webhook_timeout!.evidence.deliveries).toEqual(deliveries.filter((d) => d.endpoint === silent.body.id).map((d) => d.id));
  });

  it('webhook_slow: an endpoint that takes over 2 s to answer (info)', async () => {
    // The default 10 s delivery timeout (this file's mock times out at 300 ms).
    await mock.close();
    mock = await startMock({ port: 0, fixtures: 'none', seed: 3 });
    ws = await mock.createWorkspace();
    await call('POST', '/v1/webhook_endpoints', {
      url: await receiver((res) => setTimeout(() => res.end('ok'), 2100)),
      'enabled_events[]': 'payment.succeeded',
    });
    await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' }, { ...VERSION, 'Idempotency-Key': 'order-4' });
    await mock.webhooks.flush();
    expect(await only('webhook_slow')).toMatchObject({ severity: 'info', count: 1 });
  });

  it('switches a rule off per workspace, lists it as off, and refuses an unknown rule id', async () => {
    await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    const put = await fetch(`${mock.url}/_mock/workspaces/${ws.id}/review`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules_off: ['idempotency_key_missing'] }),
    });
    expect(await put.json()).toEqual({ object: 'review_settings', workspace: ws.id, rules_off: ['idempotency_key_missing'], rules: RULE_IDS });
    const report = await review();
    expect(report.findings).toEqual([]);
    expect(report.rules_off).toEqual([{ workspace: ws.id, rules: ['idempotency_key_missing'] }]);
    const bad = await fetch(`${mock.url}/_mock/workspaces/${ws.id}/review`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules_off: ['polling'] }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/Unknown review rule: polling\. The rules are: duplicate_object/);
    ws.setReviewRulesOff([]);
    expect((await review()).findings.map((f) => f.rule)).toEqual(['idempotency_key_missing']);
  });

  it("leaves out the sandbox's own requests (triggers), and says when the journal kept only the last N requests", async () => {
    await ws.trigger('payment.succeeded');
    expect((await review()).findings).toEqual([]);
    const small = await startMock({ port: 0, fixtures: 'none', journalSize: 3 });
    const key = small.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
    for (let i = 0; i < 5; i++) await fetch(`${small.url}/v1/account`, { headers: { Authorization: `Bearer ${key}`, ...VERSION } });
    const report = small.review();
    expect(report.coverage).toMatchObject({ requests: 3, recorded: 5, journal_capacity: 3, complete: false });
    expect(report.coverage.note).toMatch(/keeps the last 3 requests: the 2 before them were not reviewed/);
    await small.close();
  });

  it('refuses an unknown workspace, and a missing or malformed rules_off', async () => {
    const unknown = await fetch(`${mock.url}/_mock/review?workspace=ws_nope`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'resource_missing', param: 'workspace' });
    const settings = await fetch(`${mock.url}/_mock/workspaces/ws_nope/review`);
    expect(settings.status).toBe(404);
    expect(((await settings.json()) as { error: { code: string } }).error.code).toBe('resource_missing');
    const put = (body: unknown) =>
      fetch(`${mock.url}/_mock/workspaces/${ws.id}/review`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const missing = await put({});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'parameter_missing', param: 'rules_off' });
    const notList = await put({ rules_off: 'payment_polling' });
    expect(notList.status).toBe(400);
    expect(((await notList.json()) as { error: { code: string; param: string } }).error).toMatchObject({ code: 'parameter_invalid', param: 'rules_off' });
  });

  it('reviews from a Request-Id on, and refuses a since that is neither', async () => {
    await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
    const later = await call('GET', '/v1/account');
    const res = await fetch(`${mock.url}/_mock/review?workspace=${ws.id}&since=${later.id}`);
    expect(((await res.json()) as ReviewReport).findings).toEqual([]);
    const bad = await fetch(`${mock.url}/_mock/review?since=req_nope`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { param: string } }).error.param).toBe('since');
  });
});

describe('coverage', () => {
  it('reads every kept delivery, past the newest 1,000', async () => {
    const receiver = createServer((_req, res) => res.end('ok'));
    servers.push(receiver);
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await call('POST', '/v1/webhook_endpoints', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      'enabled_events[]': 'customer.created',
    });
    const headers = { authorization: `Bearer ${ws.keys.secret}`, 'content-type': 'application/x-www-form-urlencoded' };
    for (let i = 0; i < 1001; i++) await mock.inject({ method: 'POST', url: '/v1/customers', headers, body: 'email=a%40example.com' });
    expect(ws.review().coverage.deliveries).toBe(1001);
  }, 60_000);
});
