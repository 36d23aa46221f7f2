import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { connectAgent } from '../helpers/mcp-agent';
import { killAll, spawnCli } from '../helpers/cli-process';
import { startReceiver } from '../helpers/receiver';

/**
 * No warning of Node's on stderr, on whichever Node runs this (`npm run test:matrix` runs it on 20, 22, 24 and
 * 26): the CLI started as a user starts it, with nothing that silences warnings (no --no-warnings, no
 * NODE_NO_WARNINGS), through a session that reaches the parts that load late (webhooks signed and sent, the
 * dashboard, the OpenAPI document, a --state save at SIGTERM) and the MCP server. Any line on stderr fails, with
 * the line in the message: a deprecation or experimental warning is the usual one.
 */
const quiet = { NODE_OPTIONS: '', NODE_NO_WARNINGS: '' };

/** The lines on stderr that payments-mock did not write (its own start with `payments-mock`). */
const notOurs = (stderr: string) => stderr.split('\n').filter((line) => line !== '' && !line.startsWith('payments-mock'));

afterEach(() => killAll());

describe(`on Node ${process.versions.node}, nothing but our own output`, () => {
  it('the CLI: start, a paid payment with a signed webhook, the dashboard and the OpenAPI document, a --state save at SIGTERM', async () => {
    const state = join(mkdtempSync(join(tmpdir(), 'no-warnings-')), 'state.json');
    const receiver = await startReceiver();
    const cli = spawnCli(['--port', '0', '--state', state, '--seed', '1'], quiet);
    try {
      const url = (await cli.waitForLine((line) => line.includes('listening on'), 'the listening line')).match(/(http:\/\/\S+)/)![1]!;
      const keys = (await (await fetch(`${url}/_mock/keys`)).json()) as { data: Array<{ kind: string; livemode: boolean; key: string }> };
      const key = keys.data.find((entry) => entry.kind === 'secret' && !entry.livemode)!.key;
      const post = (path: string, params: Record<string, string>) =>
        fetch(`${url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: new URLSearchParams(params) }).then(async (answer) => ({
          status: answer.status,
          body: (await answer.json()) as any,
        }));
      const endpoint = await post('/v1/webhook_endpoints', { url: receiver.url, 'enabled_events[]': 'payment.succeeded' });
      expect(endpoint.status).toBe(200);
      // The default scenario ("happy") confirms it right after it is made, and the event goes out.
      expect((await post('/v1/payments', { amount: '2000', currency: 'usd' })).status).toBe(200);
      await fetch(`${url}/_mock/webhooks/flush`, { method: 'POST' });
      const [delivery] = receiver.received;
      expect(new Webhook(endpoint.body.secret).verify(delivery!.body, delivery!.headers as Record<string, string>)).toMatchObject({
        type: 'payment.succeeded',
      });
      expect((await fetch(`${url}/_mock/dashboard`)).status).toBe(200);
      expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
      cli.child.kill('SIGTERM');
      expect(await cli.exited).toBe(0);
      expect(JSON.parse(readFileSync(state, 'utf8'))).toBeTruthy();
      expect(notOurs(cli.stderr())).toEqual([]);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('the MCP server over stdio (payments-mock mcp --start)', async () => {
    const agent = await connectAgent(['--start', '--seed', '1'], quiet);
    try {
      expect((await agent.client.listTools()).tools.length).toBeGreaterThan(5);
      await agent.ok('get_clock');
    } finally {
      await agent.close();
    }
    expect(notOurs(agent.stderr())).toEqual([]);
  }, 30_000);
});
