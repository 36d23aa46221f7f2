import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockServer, startMock } from '../../src';
import { killAll, requireBuild, runCli } from '../helpers/cli-process';
import { Receiver, startReceiver } from '../helpers/receiver';

// `payments-mock trigger`, `flow`, `deliver` and `rotate-secret` as a user runs them, against a real mock: what
// they print, and one line on stderr with exit 1 for every mistake.
let mock: MockServer;
let receiver: Receiver;
let folder: string;

beforeAll(async () => {
  requireBuild();
  mock = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
  receiver = await startReceiver();
  folder = mkdtempSync(join(tmpdir(), 'payments-mock-flows-'));
});

afterAll(async () => {
  await killAll();
  await mock.close();
  await receiver.close();
  rmSync(folder, { recursive: true, force: true });
});

const cli = (args: string[], env?: NodeJS.ProcessEnv) => runCli([...args, '--url', mock.url], env);

function flowFile(name: string, document: unknown): string {
  const file = join(folder, name);
  writeFileSync(file, JSON.stringify(document));
  return file;
}

/** A mistake: nothing on stdout, one line on stderr, exit 1. */
async function expectOneLine(run: Promise<{ code: number | null; stdout: string; stderr: string }>, message: RegExp): Promise<string> {
  const { code, stdout, stderr } = await run;
  expect({ code, stdout, lines: stderr.trimEnd().split('\n').length }).toEqual({ code: 1, stdout: '', lines: 1 });
  expect(stderr.trimEnd()).toMatch(message);
  return stderr.trimEnd();
}

describe('payments-mock trigger', () => {
  it('prints the objects made and the events emitted, with overrides applied', async () => {
    const { code, stdout } = await cli(['trigger', 'payment.payment_failed', '--override', 'amount=5000', '--override', 'metadata[order]=42']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^✓ payment\.payment_failed triggered in acme \(test mode\)$/m);
    expect(stdout).toMatch(/^ {2}payment {2}pay_\w+ {2}requires_payment_method {2}5000 usd$/m);
    expect(stdout).toMatch(/^ {2}evt_\w+ {2}payment\.created\n {2}evt_\w+ {2}payment_method\.created\n {2}evt_\w+ {2}payment\.payment_failed$/m);
    const payment = /pay_\w+/.exec(stdout)![0];
    expect(mock.context.store.workspaces.get('acme')!.test.payments.get(payment)).toMatchObject({ amount: 5000, metadata: { order: '42' } });
  });

  it('prints one JSON document with --json, in the workspace and mode asked for', async () => {
    const { code, stdout } = await cli(['trigger', 'customer.created', '--workspace', 'globex', '--live', '--json']);
    expect(code).toBe(0);
    const answer = JSON.parse(stdout);
    expect(answer).toMatchObject({
      object: 'trigger',
      type: 'customer.created',
      workspace: 'globex',
      livemode: true,
      objects: [{ object: 'customer', livemode: true }],
    });
    expect(answer.events.map((event: { type: string }) => event.type)).toEqual(['customer.created']);
  });

  it.each([
    [
      'an unknown event type, listing the known ones',
      ['trigger', 'payment.exploded'],
      /^payments-mock: Unknown event type "payment\.exploded"\. .*customer\.created, .*payment_method\.created\. \(400 parameter_invalid\)$/,
    ],
    [
      'an override the API refuses',
      ['trigger', 'payment.succeeded', '--override', 'amout=5000'],
      /Received unknown parameter: amout\. Did you mean amount\? \(400 parameter_unknown\)$/,
    ],
    ['an override with a bad value', ['trigger', 'payment.succeeded', '--override', 'amount=12.5'], /amount.*\(400 parameter_invalid_integer\)$/],
    ['an override without =', ['trigger', 'payment.succeeded', '--override', 'amount'], /expected param=value/],
    ['a workspace that does not exist', ['trigger', 'customer.created', '--workspace', 'ws_nope'], /No such workspace: 'ws_nope'/],
    ['a missing event type', ['trigger'], /missing required argument/],
  ])('refuses %s: one line, exit 1', async (_case, args, message) => {
    await expectOneLine(cli(args), message);
  });

  it('says when no mock answers, and how to start one', async () => {
    await expectOneLine(
      runCli(['trigger', 'customer.created', '--url', 'http://127.0.0.1:9']),
      /no mock answers at http:\/\/127\.0\.0\.1:9\b.*Start one with `npx payments-mock`/,
    );
    await expectOneLine(runCli(['trigger', 'customer.created', '--url', 'not a url']), /Invalid --url not a url: give the mock's address/);
  });

  it('sends --admin-token, and says so when the mock wants one', async () => {
    const guarded = await startMock({ port: 0, fixtures: 'none', adminToken: 's3cret' });
    try {
      await expectOneLine(runCli(['trigger', 'customer.created', '--url', guarded.url]), /--admin-token/);
      expect((await runCli(['trigger', 'customer.created', '--url', guarded.url, '--admin-token', 's3cret'])).code).toBe(0);
      expect((await runCli(['trigger', 'customer.created', '--url', guarded.url], { PAYMENTS_MOCK_ADMIN_TOKEN: 's3cret' })).code).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});

describe('payments-mock flow', () => {
  const steps = [
    { name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd', metadata: { order: '${env:ORDER_ID}' } } },
    { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund' },
  ];

  it('runs a flow file, filling ${env:…} from its environment, and prints each step and every named answer', async () => {
    const { code, stdout } = await cli(['flow', flowFile('ok.json', { steps: [...steps, { name: 'wait', advance: '25h' }] })], { ORDER_ID: '42' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}\/steps\/1 refund POST \/v1\/payments\/pay_\w+\/refund → 200 req_\w+$/m);
    // A control step says what it did.
    expect(stdout).toMatch(/^ {2}\/steps\/2 wait clock moved 25h to \d{4}-\d\d-\d\dT[\d:.]+Z$/m);
    const answers = JSON.parse(stdout.slice(stdout.indexOf('answers\n') + 'answers\n'.length));
    expect(answers.pay.metadata).toEqual({ order: '42' });
    expect(answers.refund).toMatchObject({ object: 'refund', payment: answers.pay.id });
    const json = JSON.parse((await cli(['flow', flowFile('ok.json', { steps }), '--json', '--workspace', 'globex'], { ORDER_ID: '7' })).stdout);
    expect(json).toMatchObject({ object: 'flow_run', workspace: 'globex', answers: { pay: { metadata: { order: '7' } } } });
  });

  it.each([
    [
      'a dangling reference (validated before running, with its JSON pointer)',
      { steps: [{ method: 'GET', path: '/v1/payments/${pay:id}' }] },
      {},
      /flow_invalid\)$/,
      /\/steps\/0\/path: \$\{pay:id\} refers to no earlier step/,
    ],
    ['an environment variable that is not set', { steps }, {}, /ORDER_ID is not set/, /\/steps\/0\/params\/metadata\/order/],
    [
      'a failing step (naming the step, its request and the API’s error)',
      { steps: [...steps, { method: 'POST', path: '/v1/payments/${pay:id}/refund' }] },
      { ORDER_ID: '1' },
      /Step 2 \(\/steps\/2\): POST \/v1\/payments\/pay_\w+\/refund answered 400 charge_already_refunded: .*\(422 flow_step_failed\)$/,
      /./,
    ],
    [
      'an expect_error that does not happen',
      { steps: [{ method: 'POST', path: '/v1/customers', expect_error: { status: 402 } }] },
      {},
      /expected POST \/v1\/customers to fail with 402, but it answered 200\. \(422 flow_expectation_failed\)$/,
      /./,
    ],
  ])('stops on %s: one line naming the file, exit 1', async (_case, document, env, message, detail) => {
    const line = await expectOneLine(cli(['flow', flowFile('bad.json', document)], env), message);
    expect(line).toMatch(detail);
    expect(line).toMatch(/^payments-mock: \S+bad\.json: /);
  });

  it.each([
    ['a missing file', ['flow', '/nonexistent/flow.json'], /cannot read the flow file \/nonexistent\/flow\.json: no such file/],
    ['a file that is not JSON', ['flow', 'README.md'], /README\.md is not JSON/],
  ])('refuses %s: one line, exit 1', async (_case, args, message) => {
    await expectOneLine(cli(args), message);
  });
});

describe('payments-mock deliver and rotate-secret', () => {
  it('delivers an event again, and rolls a secret', async () => {
    const acme = mock.workspace('acme');
    const endpoint = (await (
      await fetch(`${mock.url}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${acme.keys.secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, enabled_events: ['customer.created'] }),
      })
    ).json()) as { id: string; secret: string };
    const { events } = await acme.trigger('customer.created');
    const delivered = await cli(['deliver', events[0]!.id, '--endpoint', endpoint.id]);
    expect(delivered.code).toBe(0);
    expect(delivered.stdout).toMatch(/^✓ customer\.created evt_\w+ → http:\/\/127\.0\.0\.1:\d+\/webhooks: delivery whd_\w+ succeeded \(first attempt: 200\)$/);
    const rolled = await cli(['rotate-secret', endpoint.id, '--expires-in', '1h', '--json']);
    expect(rolled.code).toBe(0);
    expect(JSON.parse(rolled.stdout).secret).toMatch(/^whsec_/);
    expect(JSON.parse(rolled.stdout).secret).not.toBe(endpoint.secret);

    // Another workspace's endpoint is not found from this event, like one that does not exist.
    const globex = mock.workspace('globex');
    const foreign = (await (
      await fetch(`${mock.url}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${globex.keys.secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, enabled_events: ['*'] }),
      })
    ).json()) as { id: string };
    await expectOneLine(
      cli(['deliver', events[0]!.id, '--endpoint', foreign.id]),
      /No webhook endpoint 'we_\w+' in workspace acme \(test mode\).*\(404 resource_missing\)$/,
    );
    await expectOneLine(
      cli(['rotate-secret', endpoint.id, '--expires-in', '8d']),
      /Invalid expires_in: at most 7 days \(got 8d\)\. \(400 parameter_invalid\)$/,
    );
    await expectOneLine(cli(['rotate-secret', 'we_nope']), /no webhook endpoint we_nope on this mock/);
    await expectOneLine(cli(['deliver', events[0]!.id]), /required option '--endpoint <id>' not specified/);

    await mock.clock.advance('30d');
    await expectOneLine(cli(['deliver', events[0]!.id, '--endpoint', endpoint.id]), /No event 'evt_\w+' in the 30-day window .*\(404 resource_missing\)$/);
  });
});

describe('--help', () => {
  it.each([
    [
      'trigger',
      ['--url', '--workspace', '--live', '--override', '--admin-token', '--json'],
      'payments-mock trigger payment.payment_failed --override amount=5000',
    ],
    ['flow', ['--url', '--workspace', '--live', '--admin-token', '--json'], 'payments-mock flow examples/flows/refund-after-25h.json'],
    ['deliver', ['--endpoint', '--url', '--admin-token', '--json'], 'payments-mock deliver evt_'],
    ['rotate-secret', ['--expires-in', '--url', '--admin-token', '--json'], 'payments-mock rotate-secret we_'],
  ])('of %s lists every option with an example', async (command, options, example) => {
    const { code, stdout } = await runCli([command, '--help']);
    expect(code).toBe(0);
    for (const option of options) expect(stdout).toContain(option);
    expect(stdout).toContain(`$ ${example}`);
  });

  it('of the program lists the new commands', async () => {
    const { stdout } = await runCli(['--help']);
    for (const command of ['trigger', 'flow', 'deliver', 'rotate-secret']) expect(stdout).toMatch(new RegExp(`^ {2}${command} `, 'm'));
  });
});
