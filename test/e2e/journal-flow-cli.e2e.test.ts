import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockServer, startMock } from '../../src';
import { keysByRole } from '../../src/adapters/jest/workspace';
import { killAll, requireBuild, runCli } from '../helpers/cli-process';
import { expectNoSecret } from '../helpers/secrets';
import { httpDriver, recordSession, replayedStatuses } from '../helpers/session';

// `payments-mock journal --as-flow` as a user runs it: a session recorded on one mock, written to a file, and
// replayed with `payments-mock flow` on a fresh mock with the same fixtures and seed.
const OPTIONS = { port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 } as const;
let folder: string;
const mocks: MockServer[] = [];

beforeAll(() => {
  requireBuild();
  folder = mkdtempSync(join(tmpdir(), 'payments-mock-journal-'));
});

afterAll(async () => {
  await killAll();
  await Promise.all(mocks.map((mock) => mock.close()));
  rmSync(folder, { recursive: true, force: true });
});

async function mock(): Promise<MockServer> {
  const started = await startMock(OPTIONS);
  mocks.push(started);
  return started;
}

describe('payments-mock journal --as-flow', () => {
  it('writes the session to --out, and `payments-mock flow` replays it on a fresh mock with the same statuses', async () => {
    const recorded = await mock();
    const keys = keysByRole(recorded.keys.filter((key) => key.workspace === 'acme'));
    const statuses = await recordSession(httpDriver(recorded.url, keys));
    const file = join(folder, 'session.flow.json');
    const written = await runCli(['journal', '--as-flow', '--out', file, '--url', recorded.url]);
    expect(written).toMatchObject({ code: 0, stderr: '' });
    expect(written.stdout).toMatch(/^✓ wrote a flow of \d+ steps \(workspace acme, test mode\) to .*session\.flow\.json$/);
    const document = JSON.parse(readFileSync(file, 'utf8'));
    expect(document.workspace).toBe('acme');

    const replayed = await runCli(['flow', file, '--json', '--url', (await mock()).url]);
    expect(replayed).toMatchObject({ code: 0, stderr: '' });
    const run = JSON.parse(replayed.stdout) as { steps: Array<{ kind: string; status: number }> };
    expect(run.steps.filter((step) => step.kind === 'request').map((step) => step.status)).toEqual(replayedStatuses(statuses));
  });

  it('says on stderr, in the document and with exit 0, that a journal cut by --journal dropped the request that made an id the flow uses', async () => {
    const recorded = await startMock({ ...OPTIONS, journalSize: 2 });
    mocks.push(recorded);
    const key = keysByRole(recorded.keys.filter((entry) => entry.workspace === 'acme')).secret;
    const post = async (path: string, body: Record<string, string>) =>
      (await fetch(`${recorded.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: new URLSearchParams(body) })).json();
    const payment = (await post('/v1/payments', { amount: '2000', currency: 'usd' })) as { id: string };
    await post(`/v1/payments/${payment.id}/refund`, { amount: '100' });
    await post(`/v1/payments/${payment.id}/refund`, { amount: '100' });
    const file = join(folder, 'cut.flow.json');
    const written = await runCli(['journal', '--as-flow', '--out', file, '--url', recorded.url]);
    expect(written.code).toBe(0);
    expect(written.stdout).toMatch(/^✓ wrote a flow of 2 steps/);
    expect(written.stderr.trimEnd()).toBe(
      `! Steps 0, 1 use ${payment.id}, made by requests this flow does not hold: a replay on a fresh mock will not find it. To keep the whole session, the journal keeps the latest 2 requests and dropped 1: start the mock with a larger --journal <n> (PAYMENTS_MOCK_JOURNAL).`,
    );
    expect(JSON.parse(readFileSync(file, 'utf8')).warnings).toEqual([written.stderr.trimEnd().slice(2)]);
  });

  it('prints a flow with no key body and no card number, wherever the session sent them (the masker, through the CLI)', async () => {
    const recorded = await mock();
    const key = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';
    const headers = { Authorization: `Bearer ${key}`, 'Idempotency-Key': `k-${key}` };
    const send = (path: string, body: string, type = 'application/x-www-form-urlencoded') =>
      fetch(`${recorded.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': type }, body });
    await send('/v1/payments', `amount=2000&currency=usd&description=oops+${key}&metadata[4000056655665556]=x`);
    await send('/v1/payments', '{"amount":100,"currency":"usd","metadata":{"c":4242424242424242}}', 'application/json');
    await fetch(`${recorded.url}/v1/payments/4000056655665556`, { headers });
    const out = await runCli(['journal', '--as-flow', '--url', recorded.url]);
    expect(out).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(out.stdout).steps).toHaveLength(3);
    expectNoSecret(out.stdout, [key], ['4000056655665556', '4242424242424242'], 'payments-mock journal --as-flow');
    const journal = await runCli(['journal', '--url', recorded.url]);
    expectNoSecret(journal.stdout, [key], ['4000056655665556', '4242424242424242'], 'payments-mock journal');
  });

  it('writes to stdout without --out, keeps the session since a Request-Id, and says in one line what is wrong', async () => {
    const recorded = await mock();
    const key = keysByRole(recorded.keys.filter((entry) => entry.workspace === 'globex')).secret;
    const post = (email: string) =>
      fetch(`${recorded.url}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    await post('a@example.com');
    const second = (await post('b@example.com')).headers.get('request-id') as string;
    const out = await runCli(['journal', '--as-flow', '--workspace', 'globex', '--since', second, '--url', recorded.url]);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual({
      workspace: 'globex',
      livemode: false,
      steps: [{ name: 'customer_1', method: 'POST', path: '/v1/customers', params: { email: 'b@example.com' }, expect_status: 200 }],
    });
    const wrong = await runCli(['journal', '--as-flow', '--since', 'req_nothing', '--url', recorded.url]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr.trimEnd()).toMatch(/^payments-mock: No request 'req_nothing' in the journal .* \(400 resource_missing\)$/);
    const journal = await runCli(['journal', '--url', recorded.url]);
    expect(JSON.parse(journal.stdout)).toMatchObject({ object: 'list', data: [{ id: second, workspace: 'globex' }, { path: '/v1/customers' }] });
    const noFlow = await runCli(['journal', '--since', second, '--url', recorded.url]);
    expect(noFlow.stderr.trimEnd()).toBe('payments-mock: --workspace and --since choose the session of a flow: add --as-flow.');
  });
});

describe('docs/triggers-and-flows.md: the recording commands, as written', () => {
  it('writes the session, replays it on the other mock, and keeps one workspace since a time', async () => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'triggers-and-flows.md'), 'utf8');
    const block = /<!-- commands:journal-flow -->\n```sh\n([\s\S]*?)```/.exec(doc)?.[1];
    if (block === undefined) throw new Error('docs/triggers-and-flows.md lacks the <!-- commands:journal-flow --> block');
    const recorded = await mock();
    const other = await mock();
    const statuses = await recordSession(httpDriver(recorded.url, keysByRole(recorded.keys.filter((key) => key.workspace === 'acme'))));
    const bin = join(folder, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'payments-mock'), `#!/bin/sh\nexec "${process.execPath}" "${join(__dirname, '..', '..', 'bin', 'payments-mock.js')}" "$@"\n`);
    chmodSync(join(bin, 'payments-mock'), 0o755);
    const outputs: string[] = [];
    for (const command of block.trim().split('\n')) {
      // The second mock of the docs listens on :4011; this run's listens on port 0.
      const written = command.replace('http://127.0.0.1:4011', other.url);
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          'sh',
          ['-c', written],
          { cwd: folder, env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, PAYMENTS_MOCK_URL: recorded.url } },
          (error, out, err) => resolve({ code: error ? 1 : 0, stdout: out, stderr: err }),
        ),
      );
      expect({ command, code, stderr }).toEqual({ command, code: 0, stderr: '' });
      outputs.push(stdout);
    }
    // `payments-mock flow` prints a line a step: `  /steps/<i> <name> <method> <path> → <status> <Request-Id>`.
    const replayed = [...(outputs[1] as string).matchAll(/^ {2}\/steps\/\d+ .* → (\d+) req_\w+$/gm)].map((match) => Number(match[1]));
    expect(replayed).toEqual(replayedStatuses(statuses));
    expect(JSON.parse(outputs[2] as string)).toMatchObject({ workspace: 'acme', livemode: false });
  });
});
