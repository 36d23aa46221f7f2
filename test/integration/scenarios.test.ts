import { SCENARIOS } from '../../src/scenarios/scenarios';
import { startMock } from '../../src/start-mock';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, FROZEN_AT, Sandbox, sandbox } from '../helpers/sandbox';

const PAYMENT = { amount: 2000, currency: 'usd' };

const payments = (box: Sandbox) => [...box.ctx.store.workspaces.values()][0]?.test.payments.size ?? 0;
const retrieve = async (box: Sandbox, id: string) => {
  const res = await box.get(`/v1/payments/${id}`);
  expect(res.status).toBe(200);
  expectSchema(res.body, 'Payment');
  return res.body;
};
const eventTypes = async (box: Sandbox) => ((await box.get('/v1/events?limit=100')).body.data as Array<{ type: string }>).map((e) => e.type).reverse();

describe('scenario happy (the default)', () => {
  it('answers the create with requires_confirmation, then the payment has succeeded', async () => {
    const box = sandbox();
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('happy');
    const payment = await createPayment(box);
    expect(payment.status).toBe('requires_confirmation');
    expect(await retrieve(box, payment.id)).toMatchObject({ status: 'succeeded', amount_received: 2000, last_payment_error: null });
    expect(await eventTypes(box)).toEqual(['payment.created', 'payment.succeeded']);
  });
});

describe('scenario manual', () => {
  it('leaves payments in requires_confirmation until POST …/confirm', async () => {
    const box = sandbox({ scenario: 'manual' });
    const payment = await createPayment(box);
    expect((await retrieve(box, payment.id)).status).toBe('requires_confirmation');
    expect(await eventTypes(box)).toEqual(['payment.created']);
    expect((await box.post(`/v1/payments/${payment.id}/confirm`)).body.status).toBe('succeeded');
  });
});

describe('scenario decline', () => {
  it('answers the create with 200 requires_confirmation, then the payment is requires_payment_method with card_declined', async () => {
    const box = sandbox({ scenario: 'decline' });
    const res = await box.post('/v1/payments', PAYMENT);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Payment');
    expect(res.body.status).toBe('requires_confirmation');
    const stored = await retrieve(box, res.body.id);
    expect(stored).toMatchObject({ status: 'requires_payment_method', amount_received: 0 });
    expect(stored.last_payment_error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' });
    expect(await eventTypes(box)).toEqual(['payment.created', 'payment.payment_failed']);
  });

  it('lets the declined payment be confirmed with another card', async () => {
    const box = sandbox({ scenario: 'decline' });
    const payment = await createPayment(box);
    const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });
});

describe('scenario outage', () => {
  it('answers every /v1 request 503 api_error/service_unavailable and creates nothing', async () => {
    const box = sandbox({ scenario: 'outage' });
    const calls = [
      box.post('/v1/payments', PAYMENT),
      box.get('/v1/events'),
      box.get('/v1/account'),
      box.post('/v1/customers', {}),
      box.post('/v1/payment_methods', { 'card[number]': '4242424242424242', 'card[exp_month]': 1, 'card[exp_year]': 2030 }, box.keys.publishable),
      box.get('/v1/account', 'sk_test_unknown'),
      box.http.get('/v1/account'),
    ];
    for (const res of await Promise.all(calls)) {
      expectError(res, 503, 'service_unavailable');
      expect(res.body.error.type).toBe('api_error');
      expect(res.headers['request-id']).toMatch(/^req_/);
    }
    expect(payments(box)).toBe(0);
  });

  it('leaves /_mock working, so the scenario can be switched back', async () => {
    const box = sandbox({ scenario: 'outage' });
    expect((await box.admin('get', '/_mock/health')).status).toBe(200);
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('outage');
    expect((await box.admin('get', '/_mock/clock')).status).toBe(200);
    expect((await box.admin('put', '/_mock/scenario', { scenario: 'happy' })).status).toBe(200);
    expect((await box.post('/v1/payments', PAYMENT)).status).toBe(200);
  });
});

describe('scenario rate-limited', () => {
  /**
   * `limit + 1` requests of one key at once: exactly one is refused. The limit counts per wall-clock second, so a
   * burst that straddles a second boundary proves nothing: it is tried again on a fresh mock (a fresh count).
   */
  async function burst(makeBox: () => Sandbox | Promise<Sandbox>, count: number) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const box = await makeBox();
      const started = Math.floor(Date.now() / 1000);
      const responses = await Promise.all(Array.from({ length: count }, () => box.get('/v1/account')));
      if (Math.floor(Date.now() / 1000) !== started) continue;
      return { box, responses, limited: responses.filter((r) => r.status === 429) };
    }
    throw new Error('three bursts in a row crossed a second boundary');
  }

  it('refuses the 6th request of a key in one second with 429 rate_limit_error and Retry-After', async () => {
    const { responses, limited } = await burst(() => sandbox({ scenario: 'rate-limited', scenarioOptions: { limit: 5 } }), 6);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expect(limited).toHaveLength(1);
    const [refused] = limited;
    if (!refused) throw new Error('no 429');
    expectError(refused, 429, 'rate_limit');
    expect(refused.body.error.type).toBe('rate_limit_error');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("counts per key: another key is not limited by the first one's burst", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const box = sandbox({ scenario: 'rate-limited', scenarioOptions: { limit: 1 } });
      const started = Math.floor(Date.now() / 1000);
      const statuses = [
        (await box.get('/v1/account')).status,
        (await box.get('/v1/account')).status,
        (await box.get('/v1/account', box.keys.liveSecret)).status,
      ];
      if (Math.floor(Date.now() / 1000) !== started) continue;
      expect(statuses).toEqual([200, 429, 200]);
      return;
    }
    throw new Error('three tries in a row crossed a second boundary');
  });

  it('never limits /_mock', async () => {
    const box = sandbox({ scenario: 'rate-limited', scenarioOptions: { limit: 0 } });
    const responses = await Promise.all(Array.from({ length: 10 }, () => box.admin('get', '/_mock/clock')));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('creates nothing for a refused request', async () => {
    const box = sandbox({ scenario: 'rate-limited', scenarioOptions: { limit: 0 } });
    expectError(await box.post('/v1/payments', PAYMENT), 429, 'rate_limit');
    expect(payments(box)).toBe(0);
  });

  it('defaults to 25 a second', async () => {
    const { box, responses, limited } = await burst(async () => {
      const box = sandbox();
      const res = await box.admin('put', '/_mock/scenario', { scenario: 'rate-limited' });
      expect(res.body).toMatchObject({ scenario: 'rate-limited', options: {} });
      return box;
    }, 26);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(25);
    expect(limited).toHaveLength(1);
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('rate-limited');
  });
});

describe('scenario flaky', () => {
  it('with rate 1 fails every request, both before executing (nothing saved) and after (saved; 500 or a dropped connection)', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 5, scenario: 'flaky', scenarioOptions: { rate: 1 } });
    try {
      const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key ?? '';
      const partition = () => [...mock.context.store.workspaces.values()][0]?.test;
      /** A POST over a fresh connection: the response, or 'dropped' when the server closed the socket on us. */
      const post = (idempotencyKey: string) =>
        fetch(`${mock.url}/v1/payments`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Idempotency-Key': idempotencyKey, Connection: 'close' },
          body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
        }).catch((error: Error) => {
          expect(error.message).toBe('fetch failed');
          return 'dropped' as const;
        });

      const kinds = new Map<string, 'before' | 'after-error' | 'drop'>();
      for (let i = 0; i < 16; i++) {
        const key = `order-${i}`;
        const before = partition()?.payments.size ?? 0;
        const res = await post(key);
        if (res === 'dropped') {
          kinds.set(key, 'drop');
          expect(partition()?.payments.size).toBe(before + 1);
          continue;
        }
        expect(res.status).toBe(500);
        const body = (await res.json()) as { error: { type: string; code: string; message: string } };
        expect(body.error).toMatchObject({ type: 'api_error', code: 'api_error' });
        const kind = body.error.message.includes('(before)') ? 'before' : 'after-error';
        kinds.set(key, kind);
        expect(partition()?.payments.size).toBe(kind === 'before' ? before : before + 1);
      }
      expect(new Set(kinds.values())).toEqual(new Set(['before', 'after-error', 'drop']));

      // Retrying each with its key once the service is healthy: the executed ones replay, the others run now.
      mock.setScenario('happy');
      for (const [key, kind] of kinds) {
        const res = await post(key);
        if (res === 'dropped') throw new Error(`${key}: dropped while happy`);
        expect(res.status).toBe(200);
        expect(res.headers.get('idempotent-replayed')).toBe(kind === 'before' ? null : 'true');
      }
      expect(partition()?.payments.size).toBe(16);
    } finally {
      await mock.close();
    }
  });

  it('with rate 0 never fails', async () => {
    const box = sandbox({ scenario: 'flaky', scenarioOptions: { rate: 0 } });
    const responses = await Promise.all(Array.from({ length: 20 }, () => box.post('/v1/payments', PAYMENT)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
  });

  it('--seed: two mocks with the same seed fail the same requests the same way', async () => {
    const run = async (seed: number) => {
      const box = sandbox({ scenario: 'flaky', scenarioOptions: { rate: 0.5 }, seed });
      const outcomes: string[] = [];
      for (let i = 0; i < 24; i++) {
        try {
          const res = await box.post('/v1/payments', PAYMENT);
          outcomes.push(res.status === 200 ? `200 ${res.body.id}` : `${res.status} ${res.body.error.message}`);
        } catch {
          outcomes.push('dropped');
        }
      }
      return outcomes;
    };
    const first = await run(42);
    const second = await run(42);
    expect(second).toEqual(first);
    expect(first.some((o) => o.startsWith('200'))).toBe(true);
    expect(first.some((o) => !o.startsWith('200'))).toBe(true);
    expect(await run(43)).not.toEqual(first);
  });

  it('defaults to a rate of 0.1', async () => {
    const box = sandbox({ scenario: 'flaky', seed: 9 });
    let failures = 0;
    for (let i = 0; i < 200; i++) {
      try {
        if ((await box.get('/v1/account')).status !== 200) failures++;
      } catch {
        failures++;
      }
    }
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(45);
  });
});

describe('scenario slow', () => {
  it('delays /v1 answers by latency_ms', async () => {
    const box = sandbox({ scenario: 'slow', scenarioOptions: { latency_ms: 60 } });
    const started = performance.now();
    const res = await box.post('/v1/payments', PAYMENT);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(55);
    expect(await retrieve(box, res.body.id)).toMatchObject({ status: 'succeeded' });
  });

  it('draws its default latency from the seed, between 300 and 1500 ms', () => {
    const draws = (seed: number) => {
      const box = sandbox({ scenario: 'slow', seed });
      return Array.from({ length: 10 }, () => box.ctx.dice.latencyMs(box.ctx.scenario.options));
    };
    const first = draws(11);
    expect(draws(11)).toEqual(first);
    for (const ms of first) {
      expect(ms).toBeGreaterThanOrEqual(300);
      expect(ms).toBeLessThanOrEqual(1500);
    }
    expect(new Set(first).size).toBeGreaterThan(1);
  });
});

describe('PUT and GET /_mock/scenario', () => {
  it('switches the scenario at run time and reports it', async () => {
    const box = sandbox();
    const put = await box.admin('put', '/_mock/scenario', { scenario: 'manual' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ scenario: 'manual', options: {} });
    expect(typeof put.body.description).toBe('string');
    expect((await box.admin('get', '/_mock/scenario')).body).toEqual(put.body);
    const payment = await createPayment(box);
    expect((await retrieve(box, payment.id)).status).toBe('requires_confirmation');
  });

  it('keeps options, numbers or numeric strings', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/scenario', { scenario: 'flaky', options: { rate: '0.25' } });
    expect(res.body).toMatchObject({ scenario: 'flaky', options: { rate: 0.25 } });
    expect((await box.admin('get', '/_mock/scenario')).body.options).toEqual({ rate: 0.25 });
  });

  it.each(SCENARIOS.map((name) => [name]))('accepts %s', async (name) => {
    const box = sandbox();
    expect((await box.admin('put', '/_mock/scenario', { scenario: name })).body.scenario).toBe(name);
  });

  it.each([
    [{ scenario: 'chaos' }, 'parameter_invalid', 'scenario'],
    [{ scenario: 'HAPPY' }, 'parameter_invalid', 'scenario'],
    [{}, 'parameter_missing', 'scenario'],
    [{ scenario: 'flaky', options: { rate: 2 } }, 'parameter_invalid', 'options[rate]'],
    [{ scenario: 'flaky', options: { rate: 'lots' } }, 'parameter_invalid', 'options[rate]'],
    [{ scenario: 'slow', options: { latency_ms: -1 } }, 'parameter_invalid', 'options[latency_ms]'],
    [{ scenario: 'slow', options: { delay: 5 } }, 'parameter_unknown', 'options[delay]'],
    [{ scenario: 'slow', options: 5 }, 'parameter_invalid', 'options'],
    [{ scenario: 'happy', mode: 'x' }, 'parameter_unknown', 'mode'],
  ])('refuses %j with a 400 JSON error (%s, %s) and keeps the scenario', async (body, code, param) => {
    const box = sandbox({ scenario: 'manual' });
    const res = await box.admin('put', '/_mock/scenario', body);
    expectError(res, 400, code, param);
    if (code === 'parameter_invalid' && param === 'scenario') for (const name of SCENARIOS) expect(res.body.error.message).toContain(name);
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('manual');
  });
});

describe('the Mock-Scenario header', () => {
  it('applies a scenario to one request only', async () => {
    const box = sandbox();
    const manual = await box.post('/v1/payments', PAYMENT).set('Mock-Scenario', 'manual');
    expect((await retrieve(box, manual.body.id)).status).toBe('requires_confirmation');
    const happy = await createPayment(box);
    expect((await retrieve(box, happy.id)).status).toBe('succeeded');
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('happy');
  });

  it('decline for one request', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', PAYMENT).set('Mock-Scenario', 'decline');
    expect(res.status).toBe(200);
    expect((await retrieve(box, res.body.id)).last_payment_error).toMatchObject({ code: 'card_declined' });
  });

  it('outage for one request', async () => {
    const box = sandbox();
    expectError(await box.get('/v1/account').set('Mock-Scenario', 'outage'), 503, 'service_unavailable');
    expect((await box.get('/v1/account')).status).toBe(200);
  });

  it('happy for one request during an outage', async () => {
    const box = sandbox({ scenario: 'outage' });
    expect((await box.get('/v1/account').set('Mock-Scenario', 'happy')).status).toBe(200);
  });

  it('refuses an unknown name with a 400 JSON error naming Mock-Scenario and the known names', async () => {
    const box = sandbox();
    const res = await box.post('/v1/payments', PAYMENT).set('Mock-Scenario', 'chaos');
    expectError(res, 400, 'parameter_invalid', 'Mock-Scenario');
    for (const name of SCENARIOS) expect(res.body.error.message).toContain(name);
    expect(payments(box)).toBe(0);
  });
});
