import { createContext } from '../../../src/app/create-context';
import { MockContext } from '../../../src/context/mock-context';
import { handleRequest } from '../../../src/http/handle-request';
import { WebhookDelivery } from '../../../src/schemas/resources';
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from '../../../src/webhooks/retry-schedule';
import { Answer, Receiver, startReceiver } from '../../helpers/receiver';

const FROZEN_AT = '2026-01-01T00:00:00Z';
const T0 = Date.parse(FROZEN_AT) / 1000;

/**
 * A fresh mock (no fixtures, a frozen clock: only clock moves make retries come due) driven in-process through
 * handleRequest, with one webhook endpoint for payment.created pointing at a real receiver on 127.0.0.1:0.
 */
async function rig(answers: Answer[]) {
  const ctx = createContext({ fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 1 });
  const receiver = await startReceiver(answers);
  opened.push({ ctx, receiver });
  const secret = [...ctx.store.keys.values()].find((key) => key.kind === 'secret' && !key.livemode)?.key as string;

  async function call(method: string, url: string, body?: Record<string, string>) {
    const json = url.startsWith('/_mock/');
    const text = body === undefined ? '' : json ? JSON.stringify(body) : new URLSearchParams(body).toString();
    const headers = {
      ...(json ? {} : { authorization: `Bearer ${secret}` }),
      ...(text ? { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' } : {}),
    };
    const res = await handleRequest(ctx, { method, url, headers, body: Buffer.from(text) });
    const parsed = JSON.parse(res.body) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${res.body}`);
    return parsed;
  }

  /** The delivery log, oldest first. */
  async function log(): Promise<WebhookDelivery[]> {
    return ((await call('GET', '/_mock/webhooks/deliveries')).data as WebhookDelivery[]).reverse();
  }

  const endpoint = (await call('POST', '/v1/webhook_endpoints', { url: receiver.url, 'enabled_events[]': 'payment.created' })).id as string;
  return {
    ctx,
    receiver,
    endpoint,
    call,
    log,
    /** Creates a payment (one payment.created event, so one delivery) and waits for its first attempt. */
    async pay(): Promise<string> {
      const payment = await call('POST', '/v1/payments', { amount: '2000', currency: 'usd' });
      await call('POST', '/_mock/webhooks/flush');
      return payment.id as string;
    },
    advance: (by: string | number) => call('POST', '/_mock/clock/advance', { by: String(by) }),
    /** The one delivery there should be. */
    async only(): Promise<WebhookDelivery> {
      const deliveries = await log();
      expect(deliveries).toHaveLength(1);
      return deliveries[0] as WebhookDelivery;
    },
  };
}

let opened: Array<{ ctx: MockContext; receiver: Receiver }> = [];
afterEach(async () => {
  for (const { ctx, receiver } of opened) {
    ctx.close();
    await receiver.close();
  }
  opened = [];
});

/** When each attempt is made, in seconds after the first, if every one fails: 0, 5, 305, 2105, … */
const ATTEMPT_OFFSETS = RETRY_DELAYS_SECONDS.reduce<number[]>((offsets, delay) => [...offsets, (offsets.at(-1) as number) + delay], [0]);

describe('the retry schedule', () => {
  it('is 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: eight attempts in all', () => {
    expect(RETRY_DELAYS_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(ATTEMPT_OFFSETS).toEqual([0, 5, 305, 2105, 9305, 27305, 63305, 99305]);
  });

  it.each(RETRY_DELAYS_SECONDS.map((delay, i) => [i + 2, delay, ATTEMPT_OFFSETS[i] as number]))(
    'attempt %i is made %i s after the one before, not a second earlier',
    async (attempt, delay, before) => {
      const { pay, advance, only } = await rig([500]);
      await pay();
      await advance(before + delay - 1);
      const waiting = await only();
      expect(waiting.status).toBe('pending');
      expect(waiting.attempts).toHaveLength(attempt - 1);
      expect(waiting.next_attempt_at).toBe(T0 + before + delay);
      await advance(1);
      const attempted = await only();
      expect(attempted.attempts.map((a) => a.at - T0)).toEqual(ATTEMPT_OFFSETS.slice(0, attempt));
    },
  );
});

describe('delivery state transitions', () => {
  it.each<[string, Answer[], number, WebhookDelivery['status'], Array<number | null>, number | null]>([
    ['a 200 at the first attempt: succeeded after one attempt', [200], 0, 'succeeded', [200], null],
    ['any 2xx is a success: 204', [204], 0, 'succeeded', [204], null],
    ['a failed first attempt leaves it pending, the next due 5 s later', [500], 0, 'pending', [500], T0 + 5],
    ['a 4xx is a failed attempt too', [404], 0, 'pending', [404], T0 + 5],
    ['a redirect is not followed: a failed attempt', [{ status: 302, headers: { location: '/elsewhere' } }], 0, 'pending', [302], T0 + 5],
    ['fails twice, then succeeds: succeeded after three attempts', [500, 500, 200], 400, 'succeeded', [500, 500, 200], null],
    ['a clock move that stops short of the next attempt leaves it pending', [500, 500, 200], 304, 'pending', [500, 500], T0 + 305],
    ['always failing: eight attempts, then failed for good', [500], 2 * 86400, 'failed', Array<number>(8).fill(500), null],
    [
      'succeeding at the eighth and last attempt: succeeded',
      [...Array<Answer>(7).fill(503), 200],
      2 * 86400,
      'succeeded',
      [...Array<number>(7).fill(503), 200],
      null,
    ],
  ])('%s', async (_rule, answers, advanceBy, status, statuses, nextAt) => {
    const { pay, advance, only } = await rig(answers);
    await pay();
    if (advanceBy > 0) await advance(advanceBy);
    const delivery = await only();
    expect(delivery.status).toBe(status);
    expect(delivery.attempts.map((attempt) => attempt.response_status)).toEqual(statuses);
    expect(delivery.attempts.map((attempt) => attempt.at - T0)).toEqual(ATTEMPT_OFFSETS.slice(0, statuses.length));
    expect(delivery.next_attempt_at).toBe(nextAt);
  });

  it('a failed delivery gets no more attempts however far the clock moves', async () => {
    const { pay, advance, only, receiver } = await rig([500]);
    await pay();
    await advance('2d');
    await advance('20d');
    expect((await only()).attempts).toHaveLength(8);
    expect(receiver.received).toHaveLength(8);
  });

  it.each([
    ['a finished delivery stays in the log while its event is under 30 days old', 30 * 86400 - 1, 1],
    ['a delivery leaves the log with its event, at exactly 30 days', 30 * 86400, 0],
  ])('%s', async (_rule, age, count) => {
    const { pay, advance, log } = await rig([200]);
    await pay();
    await advance(age);
    expect(await log()).toHaveLength(count);
  });

  it('each attempt is logged with its number, time, status, duration, error and the start of the answer', async () => {
    const { pay, advance, only } = await rig([{ status: 500, body: 'try later' }, 200]);
    await pay();
    await advance(5);
    const [first, second] = (await only()).attempts;
    expect(first).toMatchObject({ n: 1, at: T0, response_status: 500, error: null, response_body: 'try later' });
    expect(second).toMatchObject({ n: 2, at: T0 + 5, response_status: 200, error: null, response_body: 'ok' });
    expect(first?.duration_ms).toBeGreaterThanOrEqual(0);
  });
});

describe('endpoints that change cancel what is pending', () => {
  it.each<[string, (r: Awaited<ReturnType<typeof rig>>) => Promise<unknown>]>([
    ['disabling the endpoint cancels its pending delivery', ({ call, endpoint }) => call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'true' })],
    ['deleting the endpoint cancels its pending delivery', ({ call, endpoint }) => call('DELETE', `/v1/webhook_endpoints/${endpoint}`)],
  ])('%s, keeps its log, and no clock move makes another attempt', async (_rule, change) => {
    const made = await rig([500]);
    await made.pay();
    await change(made);
    await made.advance('2d');
    const delivery = await made.only();
    expect(delivery.status).toBe('canceled');
    expect(delivery.next_attempt_at).toBeNull();
    expect(delivery.attempts.map((attempt) => attempt.response_status)).toEqual([500]);
    expect(made.receiver.received).toHaveLength(1);
  });

  it.each<[string, (r: Awaited<ReturnType<typeof rig>>) => Promise<unknown>]>([
    [
      'disabling the endpoint leaves a succeeded delivery succeeded',
      ({ call, endpoint }) => call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'true' }),
    ],
    ['deleting the endpoint leaves a succeeded delivery succeeded', ({ call, endpoint }) => call('DELETE', `/v1/webhook_endpoints/${endpoint}`)],
  ])('%s', async (_rule, change) => {
    const made = await rig([200]);
    await made.pay();
    await change(made);
    expect((await made.only()).status).toBe('succeeded');
  });

  it('a disabled endpoint gets no delivery for a new event; enabled again, it gets the next one but not the ones it missed', async () => {
    const { call, endpoint, pay, log } = await rig([200]);
    await call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'true' });
    await pay();
    expect(await log()).toEqual([]);
    await call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'false' });
    await pay();
    expect((await log()).map((delivery) => [delivery.event_type, delivery.status])).toEqual([['payment.created', 'succeeded']]);
  });

  it('enabling the endpoint again does not bring a canceled delivery back', async () => {
    const { call, endpoint, pay, advance, only } = await rig([500, 200]);
    await pay();
    await call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'true' });
    await call('POST', `/v1/webhook_endpoints/${endpoint}`, { disabled: 'false' });
    await advance('1h');
    expect(await only()).toMatchObject({ status: 'canceled', next_attempt_at: null });
  });
});

describe('a retry by hand', () => {
  it.each<[string, Answer[], string | number, WebhookDelivery['status'], Answer, WebhookDelivery['status'], number | null]>([
    ['a failed delivery retried by hand to a receiver that answers 200 ends succeeded', [500], '2d', 'failed', 200, 'succeeded', null],
    ['a failed delivery retried by hand that fails again ends failed, with no schedule', [500], '2d', 'failed', 500, 'failed', null],
    ['a succeeded delivery retried by hand that fails ends failed', [200], 0, 'succeeded', 500, 'failed', null],
    ['a pending delivery retried by hand that fails goes on with its schedule', [500], 0, 'pending', 500, 'pending', T0 + 300],
    ['a pending delivery retried by hand that succeeds ends succeeded', [500], 0, 'pending', 200, 'succeeded', null],
  ])('%s', async (_rule, answers, advanceBy, before, answer, after, nextAt) => {
    const { pay, advance, only, call, receiver } = await rig(answers);
    await pay();
    if (advanceBy !== 0) await advance(advanceBy);
    const delivery = await only();
    expect(delivery.status).toBe(before);
    receiver.answer([answer]);
    const retried = await call('POST', `/_mock/webhooks/deliveries/${delivery.id}/retry`);
    expect(retried).toMatchObject({ status: after, next_attempt_at: nextAt });
    expect((retried.attempts as unknown[]).length).toBe(delivery.attempts.length + 1);
    expect(await only()).toEqual(retried);
  });
});
