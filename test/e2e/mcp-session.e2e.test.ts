import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, closeAgents, connectAgent, textOf } from '../helpers/mcp-agent';
import { Receiver, startReceiver } from '../helpers/receiver';

/**
 * An agent debugging a webhook handler through `payments-mock mcp`: it makes a payment, sees the delivery fail,
 * moves the clock to see the retries, fixes the handler and retries the delivery, all with the MCP SDK's client.
 */
const FROZEN_UNIX = Date.parse('2026-01-01T00:00:00Z') / 1000;

let agent: Agent;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver([500]);
  agent = await connectAgent(['--start', '--fixtures', 'none', '--clock', 'frozen@2026-01-01T00:00:00Z', '--seed', '3']);
});

afterAll(async () => {
  await closeAgents();
  await receiver.close();
});

it('makes a payment, reads the failed delivery, advances the clock to read the retries, then retries one', async () => {
  const { workspaces, keys } = await agent.ok('list_workspaces');
  expect(workspaces).toHaveLength(1);
  expect(keys.map((key: { kind: string }) => key.kind)).toEqual(expect.arrayContaining(['secret', 'publishable', 'restricted']));

  const endpoint = await agent.ok('request', {
    method: 'POST',
    path: '/v1/webhook_endpoints',
    params: { url: receiver.url, enabled_events: ['payment.succeeded'] },
  });
  expect(endpoint.body.secret).toMatch(/^whsec_/);

  const payment = await agent.ok('request', { method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } });
  expect(payment.body).toMatchObject({ object: 'payment', status: 'requires_confirmation' });
  // Scenario happy: the mock confirms it itself just after answering.
  const retrieved = await agent.ok('request', { method: 'GET', path: `/v1/payments/${payment.body.id}` });
  expect(retrieved.body).toMatchObject({ status: 'succeeded', amount_received: 2000 });

  // The first attempt is made just after the API answered; the receiver answers 500.
  expect(await agent.ok('flush_webhooks')).toMatchObject({ pending: 1, succeeded: 0, timed_out: false });
  const [failed] = (await agent.ok('list_deliveries', { endpoint: endpoint.body.id })).data;
  expect(failed).toMatchObject({ status: 'pending', event_type: 'payment.succeeded', next_attempt_at: FROZEN_UNIX + 5 });
  expect(failed.attempts).toEqual([expect.objectContaining({ n: 1, at: FROZEN_UNIX, response_status: 500, error: null, response_body: 'no' })]);

  // Retries come 5 s, 5 min and 30 min after each failure: an hour on the clock makes three more.
  expect(await agent.ok('advance_clock', { by: '1h' })).toMatchObject({ now: FROZEN_UNIX + 3600 });
  const [retried] = (await agent.ok('list_deliveries', { status: 'pending' })).data;
  expect(retried.attempts.map((attempt: { at: number; response_status: number }) => [attempt.at - FROZEN_UNIX, attempt.response_status])).toEqual([
    [0, 500],
    [5, 500],
    [5 + 300, 500],
    [5 + 300 + 1800, 500],
  ]);
  expect(retried.next_attempt_at).toBe(FROZEN_UNIX + 5 + 300 + 1800 + 7200);
  expect(receiver.received).toHaveLength(4);

  // The handler is fixed: retrying now delivers.
  receiver.answer([200]);
  const delivered = await agent.ok('retry_delivery', { id: retried.id });
  expect(delivered.status).toBe('succeeded');
  expect(delivered.attempts.at(-1)).toMatchObject({ n: 5, at: FROZEN_UNIX + 3600, response_status: 200 });
  expect(receiver.events().map((event) => event.data.object.id)).toEqual(Array(5).fill(payment.body.id));

  // And the journal shows what the agent's calls sent.
  const journal = (await agent.ok('list_requests', { method: 'POST', path: '/v1/payments' })).data;
  expect(journal).toEqual([expect.objectContaining({ id: payment.request_id, status: 200, request_body: { amount: 2000, currency: 'usd' } })]);
});

it('reads every resource', async () => {
  const { resources } = await agent.client.listResources();
  expect(resources.map((resource) => resource.uri)).toEqual([
    'payments-mock://openapi.json',
    'payments-mock://errors',
    'payments-mock://test-cards',
    'payments-mock://behaviour',
  ]);
  const read = async (uri: string) => {
    const [content] = (await agent.client.readResource({ uri })).contents;
    return content && 'text' in content ? content.text : '';
  };
  const openapi = JSON.parse(await read('payments-mock://openapi.json'));
  expect(openapi.openapi).toBe('3.1.0');
  expect(openapi.paths['/v1/payments']).toBeDefined();
  expect(await read('payments-mock://errors')).toMatch(/\| `card_declined` \| 402 \| card_error \|/);
  expect(JSON.parse(await read('payments-mock://test-cards')).payment_methods).toContainEqual({ id: 'pm_card_chargeDeclined', number: '4000000000000002' });
  expect(await read('payments-mock://behaviour')).toMatch(/^# Behaviour reference\n/);
});

it('answers an unknown resource with an error that names the resources', async () => {
  await expect(agent.client.readResource({ uri: 'payments-mock://secrets' })).rejects.toThrow(
    /Unknown resource: payments-mock:\/\/secrets\. The resources are: /,
  );
});

describe('the README', () => {
  const ROOT = join(__dirname, '..', '..');
  const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

  /** When the session started (the transcript's 00:00:00), in Unix seconds; `hh:mm:ss` from then in seconds. */
  let started = 0;
  const seconds = (time: string) => time.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
  /** What each answer line of the transcript says, checked against the tool's structured answer. */
  const SAYS: Record<string, (out: any, shown: string) => void> = {
    list_workspaces: (out) => {
      expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(out.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual(expect.arrayContaining(['acme', 'globex']));
      const keys = out.keys.map((key: { key: string }) => key.key);
      expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(/^sk_test_acme_/), expect.stringMatching(/^pk_test_acme_/)]));
    },
    request: (out, shown) => {
      const [, status, prefix, state] = /^(\d{3}) (\w+)_…(?: (\w+))?/.exec(shown) ?? [];
      expect(out.status).toBe(Number(status));
      expect(out.body.id).toMatch(new RegExp(`^${prefix}_`));
      if (shown.includes('whsec_')) expect(out.body.secret).toMatch(/^whsec_/);
      if (state && state !== 'with') expect(out.body.status).toBe(state);
    },
    flush_webhooks: (out, shown) => expect(out).toMatchObject({ pending: Number(/^pending (\d+)/.exec(shown)?.[1]), timed_out: false }),
    list_deliveries: (out, shown) => {
      const [, type, at, status, body, next] = /^whd_… ([\w.]+): attempt 1 at ([\d:]+) answered (\d{3}) "(\w*)"; next_attempt_at ([\d:]+)$/.exec(shown) ?? [];
      const [first] = out.data;
      expect(first).toMatchObject({ id: expect.stringMatching(/^whd_/), event_type: type, status: 'pending' });
      expect(first.attempts).toEqual([expect.objectContaining({ n: 1, response_status: Number(status), response_body: body })]);
      // The transcript's times count from the start of the session (00:00:00), whatever the clock's date.
      started = first.attempts[0].at - seconds(at!);
      expect(first.next_attempt_at - started).toBe(seconds(next!));
    },
    advance_clock: (out, shown) => {
      const [, time] = /^([\d:]+);/.exec(shown) ?? [];
      expect(out.now - started).toBe(seconds(time!));
    },
    retry_delivery: (out, shown) => {
      const [, status, n, code] = /^(\w+): attempt (\d+) answered (\d{3})$/.exec(shown) ?? [];
      expect(out).toMatchObject({ status, attempts: { length: Number(n) } });
      expect(out.attempts[Number(n) - 1]).toMatchObject({ n: Number(n), response_status: Number(code) });
    },
  };

  it('runs the transcript as written, with the mcpServers entry it shows', async () => {
    const config = JSON.parse(readFileSync(join(ROOT, 'examples', 'mcp', 'mcp.json'), 'utf8'));
    const { command, args } = config.mcpServers['payments-mock'];
    expect([command, ...args.slice(0, 2)]).toEqual(['npx', 'payments-mock', 'mcp']);
    // As configured, but on a free port: `npx payments-mock` is this checkout's bin/payments-mock.js.
    const options = (args.slice(2) as string[]).map((arg, i, all) => (all[i - 1] === '--port' ? '0' : arg));
    const readmeAgent = await connectAgent(options);
    const handler = await startReceiver([500]);
    try {
      const transcript = /<!-- mcp-transcript -->\n```text\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
      const lines = transcript.trim().split('\n');
      expect(lines.filter((line) => line.startsWith('agent: ')).length).toBeGreaterThan(5);
      let delivery = '';
      for (const [index, line] of lines.entries()) {
        if (!line.startsWith('agent: ')) continue;
        const [, name = '', json = ''] = /^agent: (\w+) (.*)$/.exec(line) ?? [];
        const args = JSON.parse(json.replace('http://localhost:3000/webhooks', handler.url).replace('whd_…', delivery));
        // The handler is fixed before the delivery is retried.
        if (name === 'retry_delivery') handler.answer([200]);
        const result = await readmeAgent.call(name, args);
        const shown = (lines[index + 1] ?? '').replace(/^mock: +/, '');
        // An error line is the tool's text, word for word; any other line is what its answer holds.
        if (result.isError) expect(textOf(result)).toBe(shown);
        else {
          expect(SAYS[name]).toBeDefined();
          SAYS[name]!(result.structuredContent, shown);
        }
        if (name === 'list_deliveries' && !result.isError) delivery = (result.structuredContent as any).data[0].id;
      }
      expect(handler.received).toHaveLength(2 + 3 + 3 + 1);
    } finally {
      await handler.close();
    }
  });
});
