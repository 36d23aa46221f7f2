import { join } from 'node:path';
import { MockServer, startMock } from '../../src';
import { killAll, requireBuild, runCli } from '../helpers/cli-process';
import { Receiver, startReceiver } from '../helpers/receiver';

// The flows shipped in examples/flows/, each run through `payments-mock flow` as the README shows, against a
// fresh mock: they must run green, and do what their names say.
const EXAMPLES = join(__dirname, '..', '..', 'examples', 'flows');
let mock: MockServer;
let receiver: Receiver;

beforeEach(async () => {
  requireBuild();
  mock = await startMock({ port: 0, clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
});

afterEach(async () => {
  await killAll();
  await mock.close();
  await receiver?.close();
});

async function runExample(file: string, env: NodeJS.ProcessEnv = {}) {
  const { code, stdout, stderr } = await runCli(['flow', join(EXAMPLES, file), '--url', mock.url, '--json'], env);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout) as { answers: Record<string, any>; events: Array<{ type: string }> };
}

describe('the example flows', () => {
  it('refund-after-25h.json: pays, lets 25 hours pass (the idempotency key expires), refunds part of it', async () => {
    const { answers } = await runExample('refund-after-25h.json', { ORDER_ID: '1001' });
    expect(answers.pay).toMatchObject({ amount: 2000, metadata: { order: '1001' } });
    expect(answers.clock.now - answers.pay.created).toBe(25 * 3600);
    expect(answers.refund).toMatchObject({ object: 'refund', amount: 500, created: answers.clock.now });
    expect(answers.payment).toMatchObject({ status: 'succeeded', amount_refunded: 500 });
    // The same idempotency key after 25 h makes a new payment: the saved answer expired after 24 h.
    const again = await runExample('refund-after-25h.json', { ORDER_ID: '1001' });
    expect(again.answers.pay.id).not.toBe(answers.pay.id);
  });

  it('decline-then-retry.json: the card is declined, another decline is expected, another card succeeds', async () => {
    const { answers, events } = await runExample('decline-then-retry.json');
    expect(answers.declined).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    expect(answers.second_try.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
    expect(answers.other_card).toMatchObject({ status: 'succeeded', amount_received: 4200 });
    expect(events.map((event) => event.type)).toEqual([
      'payment.created',
      'payment.payment_failed',
      'payment_method.created',
      'payment.payment_failed',
      'payment_method.created',
      'payment.succeeded',
    ]);
    expect(mock.context.scenario.scenario).toBe('happy');
  });

  it('three-d-secure-webhook-retries.json: 3-D Secure, then a receiver that fails at first gets the retries once the clock moves', async () => {
    receiver = await startReceiver([500, 500, 200]);
    const { answers } = await runExample('three-d-secure-webhook-retries.json', { WEBHOOK_URL: receiver.url });
    expect(answers.challenge).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url' } });
    expect(answers.authenticated).toMatchObject({ status: 'succeeded' });
    // The receiver fails the first two requests (one attempt of each event); advancing 6 minutes makes the retries.
    expect(receiver.events().map((event) => event.type)).toEqual([
      'payment.requires_action',
      'payment.succeeded',
      'payment.requires_action',
      'payment.succeeded',
    ]);
    expect(answers.first_attempts).toMatchObject({ pending: 2, succeeded: 0 });
    expect(answers.retried).toMatchObject({ pending: 0, succeeded: 2 });
    const deliveries = mock.webhooks.deliveries({ endpoint: answers.hook.id });
    expect(deliveries.map((d) => d.attempts.map((a) => a.response_status))).toEqual([
      [500, 200],
      [500, 200],
    ]);
    expect(answers.removed).toMatchObject({ id: answers.hook.id, deleted: true });
  });
});
