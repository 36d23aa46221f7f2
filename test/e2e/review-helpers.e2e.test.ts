import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockServer, startMock } from '../../src';
import { createWorkspace } from '../../src/adapters/jest';

// The review through the code doors: the runners' workspace helper (over HTTP) and the in-process mock and workspace.
let mock: MockServer;
let handler: Server;
let handlerUrl: string;

beforeAll(async () => {
  mock = await startMock({ port: 0, fixtures: 'none', seed: 5 });
  handler = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
  handlerUrl = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/webhooks`;
});
afterAll(async () => {
  await mock.close();
  handler.closeAllConnections();
  await new Promise((resolve) => handler.close(resolve));
});

const twice = async (request: (path: string, body: Record<string, string>) => Promise<{ headers: Headers }>) => {
  const ids: string[] = [];
  for (let i = 0; i < 2; i++) ids.push((await request('/v1/payments', { amount: '2000', currency: 'usd' })).headers.get('request-id') as string);
  return ids;
};

describe('the workspace helper of the test runners (Jest, Vitest, Playwright)', () => {
  it('review(), assertReviewClean() with a readable error, setReviewRulesOff() and probeWebhook()', async () => {
    const ws = await createWorkspace({ url: mock.url });
    try {
      await expect(ws.assertReviewClean()).resolves.toBeUndefined();
      const ids = await twice((path, body) => ws.request('POST', path, body));
      const report = await ws.review();
      expect(report.findings.map((f) => f.rule)).toEqual(['duplicate_object', 'idempotency_key_missing', 'version_not_pinned']);
      const error = await ws.assertReviewClean({ failOn: 'critical' }).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message.split('\n').slice(0, 2)).toEqual(['payments-mock review: 1 finding at or above critical:', `CRITICAL duplicate_object (${ws.id})`]);
      expect(error?.message).toContain(`evidence: ${ids.join(', ')}`);
      expect(error?.message).toContain(`fix: ${mock.url}/docs/review#duplicate_object`);
      await expect(ws.assertReviewClean({ failOn: 'info' })).rejects.toThrow(/3 findings at or above info/);

      expect(await ws.setReviewRulesOff(['duplicate_object'])).toEqual(['duplicate_object']);
      await expect(ws.assertReviewClean()).resolves.toBeUndefined();
      expect((await ws.review()).rules_off).toEqual([{ workspace: ws.id, rules: ['duplicate_object'] }]);
      await expect(ws.setReviewRulesOff(['nope' as never])).rejects.toThrow(/Unknown review rule: nope/);

      const endpoint = (await ws.request('POST', '/v1/webhook_endpoints', { url: handlerUrl, 'enabled_events[]': '*' })).body as { id: string };
      expect((await ws.probeWebhook(endpoint.id)).verdict).toBe('critical');
    } finally {
      await ws.delete();
    }
  });
});

describe('the in-process mock and workspace', () => {
  it('mock.review() and mock.assertReviewClean(), ws.review() and ws.assertReviewClean() see the same findings', async () => {
    const ws = await mock.createWorkspace();
    const call = (path: string, body: Record<string, string>) =>
      fetch(`${mock.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${ws.keys.secret}` }, body: new URLSearchParams(body) });
    await twice(call);
    expect(ws.review().findings.map((f) => f.rule)).toEqual(['duplicate_object', 'idempotency_key_missing', 'version_not_pinned']);
    expect(mock.review({ workspace: ws.id })).toEqual(ws.review());
    expect(() => ws.assertReviewClean()).toThrow(/CRITICAL duplicate_object/);
    expect(() => mock.assertReviewClean({ workspace: ws.id, failOn: 'warning' })).toThrow(/2 findings at or above warning/);
    ws.setReviewRulesOff(['duplicate_object', 'idempotency_key_missing']);
    expect(() => ws.assertReviewClean({ failOn: 'warning' })).not.toThrow();
    const endpoint = (await (
      await fetch(`${mock.url}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ws.keys.secret}` },
        body: new URLSearchParams({ url: handlerUrl, 'enabled_events[]': '*' }),
      })
    ).json()) as { id: string };
    expect((await ws.probeWebhook(endpoint.id)).counts.critical).toBe(4);
    // Refused before anything is made: the probe's payment and refund would land in the endpoint's workspace.
    const payments = async () =>
      ((await (await fetch(`${mock.url}/v1/payments?limit=100`, { headers: { Authorization: `Bearer ${ws.keys.secret}` } })).json()) as { data: unknown[] })
        .data.length;
    const before = await payments();
    await expect(mock.workspace(mock.keys[0]!.workspace).probeWebhook(endpoint.id)).rejects.toThrow(/No webhook endpoint '.*' in workspace /);
    expect(await payments()).toBe(before);
  });
});
