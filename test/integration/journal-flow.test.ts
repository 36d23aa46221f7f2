import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { expectError } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';
import { expectNoSecret } from '../helpers/secrets';
import { FIXTURE_PAYMENT, recordSession, replayedStatuses, SessionDriver } from '../helpers/session';

/** acme's secret test key, as the bundled fixtures spell it: underscores in its body. */
const SK = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

/** The default fixtures (two workspaces, acme first), a frozen clock and seed 1: the same for recording and replay. */
const fresh = (seed = 1) => sandbox({ fixtures: DEFAULT_FIXTURES, seed });

function driver(box: Sandbox): SessionDriver {
  return {
    v1: async (method, path, form = {}, options = {}) => {
      const key = options.key === 'publishable' ? box.keys.publishable : box.keys.secret;
      const call = method === 'GET' ? box.get(path, key) : box.post(path, form, key);
      if (options.idempotencyKey) call.set('Idempotency-Key', options.idempotencyKey);
      const res = await call;
      return { status: res.status, body: res.body };
    },
    admin: async (method, path, body) => (await box.admin(method === 'POST' ? 'post' : 'put', path, body)).status,
  };
}

type Step = { name?: string; method?: string; path?: string; params?: Record<string, unknown>; expect_status?: number; advance?: string; scenario?: string };

describe('GET /_mock/requests?as=flow: a session kept as a flow', () => {
  it('writes the session as steps with references, statuses, control steps, kept idempotency keys, and no key (a fixture key in a description) or card number (in a path, a metadata key, a JSON number)', async () => {
    const box = fresh();
    const statuses = await recordSession(driver(box));
    // A fixture key pasted in a description, card numbers in a path, as a metadata key and as a JSON number.
    const leaks = [
      await box.post('/v1/payments', { amount: 2000, currency: 'usd', description: `oops ${SK}` }),
      await box.get('/v1/payments/4242424242424242'),
      await box.post('/v1/payments', { amount: 100, currency: 'usd', 'metadata[4000056655665556]': 'x' }),
      await box.http
        .post('/v1/payments')
        .set('Authorization', `Bearer ${SK}`)
        .type('json')
        .send('{"amount":100,"currency":"usd","metadata":{"c":4242424242424242}}'),
    ];
    statuses.push(...leaks.map((leak) => leak.status));
    expect(statuses.slice(-4)).toEqual([200, 404, 200, 400]);
    const res = await box.admin('get', '/_mock/requests?as=flow');
    expect(res.status).toBe(200);
    const doc = res.body as { workspace: string; livemode: boolean; steps: Step[] };
    expect(doc.workspace).toBe('acme');
    expect(doc.livemode).toBe(false);
    const requestSteps = doc.steps.filter((step) => step.method !== undefined);
    // The tokenisation is not written (its card number would be): the confirm names the shortcut of the same card.
    expect(requestSteps.map((step) => step.expect_status)).toEqual(replayedStatuses(statuses));
    expect(doc.steps[0]).toEqual({ scenario: 'manual' });
    expect(doc.steps.filter((step) => step.advance !== undefined)).toEqual([{ advance: '1h' }, { advance: '25h' }]);
    const confirm = requestSteps[2] as Step;
    expect(confirm).toMatchObject({
      path: '/v1/payments/${payment_3:id}/confirm',
      key: 'publishable',
      params: { payment_method: 'pm_card_authenticationRequired', client_secret: '${payment_3:client_secret}' },
    });
    expect(requestSteps[1]?.params).toEqual({ amount: 2000, currency: 'usd', customer: '${customer_2:id}' });
    expect(requestSteps.filter((step) => step.path === `/v1/payments/${FIXTURE_PAYMENT}/refund`)).toHaveLength(2);
    expect(requestSteps.filter((step) => (step as { idempotency_key?: string }).idempotency_key === 'order-42')).toHaveLength(2);
    expect(requestSteps.find((step) => step.expect_status === 402)).toMatchObject({ expect_error: { status: 402, code: 'card_declined' } });
    expect(requestSteps.slice(-4).map((step) => [step.path, step.params])).toEqual([
      ['/v1/payments', { amount: 2000, currency: 'usd', description: 'oops sk_test_…p7dc' }],
      [`/v1/payments/${encodeURIComponent('••••4242')}`, undefined],
      ['/v1/payments', { amount: 100, currency: 'usd', metadata: { '••••5556': 'x' } }],
      ['/v1/payments', { amount: 100, currency: 'usd', metadata: { c: '••••4242' } }],
    ]);
    const text = JSON.stringify(doc);
    expectNoSecret(text, [box.keys.secret, box.keys.publishable, SK], ['4242424242424242', '4000056655665556', '4000002500003155'], 'the flow');
    expect(text).not.toMatch(/(?<!\d)\d(?:[ -]?\d){11,18}(?!\d)/);
  });

  // Seed 2 makes other ids than the session saw: the replay passes only because the ids it made are references.
  it.each([1, 2])('replays on a fresh mock with the same fixtures (seed %i): every step answers the status the session got', async (seed) => {
    const box = fresh();
    const statuses = await recordSession(driver(box));
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body;
    const replay = await fresh(seed).admin('post', '/_mock/flows', doc);
    expect(replay.status).toBe(200);
    const replayed = (replay.body.steps as Array<{ kind: string; status: number }>).filter((step) => step.kind === 'request').map((step) => step.status);
    expect(replayed).toEqual(replayedStatuses(statuses));
  });

  it('a replay that meets a queued fault stops at that step with 422 flow_step_failed naming it', async () => {
    const box = fresh();
    await recordSession(driver(box));
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body as { steps: Step[] };
    const changed = fresh();
    expect((await changed.admin('post', '/_mock/faults', { method: 'POST', path: '/v1/payments*', error: 'api_error' })).status).toBe(200);
    const replay = await changed.admin('post', '/_mock/flows', doc);
    const index = doc.steps.findIndex((step) => step.method === 'POST' && step.path === '/v1/payments');
    expectError(replay, 422, 'flow_step_failed', `/steps/${index}`);
    expect(replay.body.error.step).toEqual({ index, name: doc.steps[index]?.name, pointer: `/steps/${index}` });
    expect(replay.body.error.message).toContain(`Step ${index} "${doc.steps[index]?.name}"`);
    expect(replay.body.error.message).toContain('answered 500 api_error');
    expect(replay.body.error.message).toContain('where the flow expects 200 (expect_status)');
  });

  it('a replay on other data (the fixture payment already refunded) stops at the first step that answers otherwise', async () => {
    const box = fresh();
    await recordSession(driver(box));
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body as { steps: Step[] };
    const changed = fresh();
    expect((await changed.post(`/v1/payments/${FIXTURE_PAYMENT}/refund`)).status).toBe(200);
    const replay = await changed.admin('post', '/_mock/flows', doc);
    expect(replay.status).toBe(422);
    expect(replay.body.error.code).toBe('flow_step_failed');
    const index = doc.steps.findIndex((step) => step.path === `/v1/payments/${FIXTURE_PAYMENT}/refund`);
    expect(replay.body.error.param).toBe(`/steps/${index}`);
    expect(replay.body.error.message).toContain('answered 400 charge_already_refunded');
  });

  it('keeps one workspace and the requests since a Request-Id or a time', async () => {
    const box = fresh();
    const first = await box.post('/v1/customers', { email: 'a@example.com' });
    const second = await box.post('/v1/customers', { email: 'b@example.com' });
    const since = await box.admin('get', `/_mock/requests?as=flow&since=${second.headers['request-id']}`);
    expect(since.body.steps).toHaveLength(1);
    expect(since.body.steps[0].params).toEqual({ email: 'b@example.com' });
    expect((await box.admin('get', '/_mock/requests?as=flow&since=0')).body.steps).toHaveLength(2);
    expect(first.status).toBe(200);
    expectError(await box.admin('get', '/_mock/requests?as=flow&workspace=globex'), 400, 'parameter_invalid', 'workspace');
    expectError(await box.admin('get', '/_mock/requests?as=flow&workspace=nowhere'), 400, 'resource_missing', 'workspace');
    expectError(await box.admin('get', '/_mock/requests?as=flow&since=req_nothing'), 400, 'resource_missing', 'since');
    expectError(await box.admin('get', '/_mock/requests?as=flow&since=yesterday'), 400, 'parameter_invalid', 'since');
    expectError(await box.admin('get', '/_mock/requests?as=json'), 400, 'parameter_invalid', 'as');
    expectError(await box.admin('get', '/_mock/requests?since=0'), 400, 'parameter_unknown', 'since');
    expectError(await box.admin('get', '/_mock/requests?as=flow&limit=1'), 400, 'parameter_unknown', 'limit');
  });

  it('since a Unix time cuts in the journal order: after a clock moved back, the later requests and the move stay', async () => {
    const box = fresh();
    const advance = async (by: string) => expect((await box.admin('post', '/_mock/clock/advance', { by })).status).toBe(200);
    await advance('2h');
    await box.post('/v1/customers', { email: 'a@example.com' });
    await advance('-1h');
    await box.post('/v1/customers', { email: 'b@example.com' });
    await box.post('/v1/payments', { amount: 100, currency: 'usd' });
    const since = async (time: number) => (await box.admin('get', `/_mock/requests?as=flow&since=${time}`)).body.steps as Step[];
    const shown = (steps: Step[]) => steps.map((step) => step.advance ?? `${step.path} ${JSON.stringify(step.params)}`);
    const afterA = [
      '/v1/customers {"email":"a@example.com"}',
      '-1h',
      '/v1/customers {"email":"b@example.com"}',
      '/v1/payments {"amount":100,"currency":"usd"}',
    ];
    // A was made at +2h: the session starts there, and keeps B and the payment (made at +1h) that come after it.
    expect(shown(await since(FROZEN_UNIX + 7200))).toEqual(afterA);
    // +1h: A is the first request made at or after it (the move back was made at +2h, after A).
    expect(shown(await since(FROZEN_UNIX + 3600))).toEqual(afterA);
    // The start: the +2h move was made then (before it moved), so it is kept too.
    expect(shown(await since(FROZEN_UNIX))).toEqual(['2h', ...afterA]);
    expectError(await box.admin('get', `/_mock/requests?as=flow&since=${FROZEN_UNIX + 7201}`), 400, 'parameter_invalid', 'since');
  });

  it('warns, naming --journal, when steps use ids made by requests the journal dropped; naming since when it left them out', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES, seed: 1, journalSize: 2 });
    const payment = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    await box.post(`/v1/payments/${payment.body.id}/refund`, { amount: 100 });
    const last = await box.post(`/v1/payments/${payment.body.id}/refund`, { amount: 100 });
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body as { warnings?: string[]; steps: Step[] };
    expect(doc.steps.map((step) => step.path)).toEqual([`/v1/payments/${payment.body.id}/refund`, `/v1/payments/${payment.body.id}/refund`]);
    expect(doc.warnings).toEqual([
      `Steps 0, 1 use ${payment.body.id}, made by requests this flow does not hold: a replay on a fresh mock will not find it. ` +
        'To keep the whole session, the journal keeps the latest 2 requests and dropped 1: start the mock with a larger --journal <n> (PAYMENTS_MOCK_JOURNAL).',
    ]);
    // The document still runs (its warnings are for people), and stops where the warning said it would.
    expectError(await fresh().admin('post', '/_mock/flows', doc), 422, 'flow_step_failed', '/steps/0');
    const since = (await box.admin('get', `/_mock/requests?as=flow&since=${last.headers['request-id']}`)).body as { warnings: string[] };
    expect(since.warnings[0]).toMatch(
      /^Step 0 uses pay_\w+, .* dropped 1: start the mock with a larger --journal <n> \(PAYMENTS_MOCK_JOURNAL\); or export from an earlier request with an earlier --since \(since=\)\.$/,
    );
    // Ids the session made itself, and fixture ids, warn of nothing.
    const whole = sandbox({ fixtures: DEFAULT_FIXTURES });
    const made = await whole.post('/v1/payments', { amount: 2000, currency: 'usd' });
    await whole.post(`/v1/payments/${made.body.id}/refund`, {});
    await whole.post(`/v1/payments/${FIXTURE_PAYMENT}/refund`, {});
    expect((await whole.admin('get', '/_mock/requests?as=flow')).body.warnings).toBeUndefined();
  });

  it.each([
    [
      'exp_month 13',
      { 'card[number]': '4000000000000002', 'card[exp_month]': '13', 'card[exp_year]': '2030', 'card[cvc]': '123' },
      'parameter_invalid_integer',
    ],
    ['no expiry year', { 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[cvc]': '123' }, 'parameter_missing'],
    ['a CVC of 2 digits', { 'card[number]': '5555555555554444', 'card[exp_month]': '12', 'card[exp_year]': '2030', 'card[cvc]': '12' }, 'parameter_invalid'],
    ['a spaced number', { 'card[number]': '4242 4242 4242 4242', 'card[exp_month]': '12', 'card[exp_year]': '2030' }, 'parameter_invalid'],
  ])('a tokenisation refused for %s replays with the same error: a test card of the same last 4 in place of the masked one', async (_, card, code) => {
    const box = fresh();
    const refused = await box.post('/v1/payment_methods', card, box.keys.publishable);
    expect(refused.body.error.code).toBe(code);
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body as { steps: Step[] };
    expect(doc.steps[0]).toMatchObject({ expect_error: { status: 400, code } });
    const replay = await fresh().admin('post', '/_mock/flows', doc);
    expect(replay.body.error?.message).toBeUndefined();
    expect(replay.body.answers.refused_1.error).toMatchObject({ code, param: refused.body.error.param });
  });

  it('a tokenisation refused for a card number sent as a JSON number replays with the same error, and writes no card number', async () => {
    const box = fresh();
    const body = '{"type":"card","card":{"number":4000000000000002,"exp_month":12,"exp_year":2030}}';
    const refused = await box.http.post('/v1/payment_methods').set('Authorization', `Bearer ${box.keys.publishable}`).type('json').send(body);
    expect(refused.body.error).toMatchObject({ code: 'parameter_invalid', param: 'card[number]' });
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body as { steps: Step[] };
    expect(doc.steps[0]?.params).toEqual({ type: 'card', card: { number: '••••0002', exp_month: 12, exp_year: 2030 } });
    expect((await fresh().admin('post', '/_mock/flows', doc)).status).toBe(200);
  });

  it('a step that fails otherwise says so in one sentence, without a double period after the quoted message', async () => {
    const res = await fresh().admin('post', '/_mock/flows', {
      steps: [
        {
          method: 'POST',
          path: '/v1/payment_methods',
          key: 'publishable',
          params: { card: { number: '••••4242', exp_month: 12, exp_year: 2030 } },
          expect_error: { code: 'parameter_invalid_integer' },
        },
      ],
    });
    expectError(res, 422, 'flow_expectation_failed', '/steps/0');
    expect(res.body.error.message).toMatch(/[^.]\.$/);
  });

  it("keeps a request's own Mock-Scenario header as the step's scenario, and the replay runs that request under it", async () => {
    const box = fresh();
    const res = await box.post('/v1/payments', { amount: 500, currency: 'usd' }).set('Mock-Scenario', 'manual');
    expect(res.body.status).toBe('requires_confirmation');
    const doc = (await box.admin('get', '/_mock/requests?as=flow')).body;
    expect(doc.steps).toEqual([
      { name: 'payment_1', method: 'POST', path: '/v1/payments', params: { amount: 500, currency: 'usd' }, scenario: 'manual', expect_status: 200 },
    ]);
    const replay = await fresh().admin('post', '/_mock/flows', doc);
    expect(replay.body.answers.payment_1.status).toBe('requires_confirmation');
    const invalid = await fresh().admin('post', '/_mock/flows', { steps: [{ method: 'GET', path: '/v1/customers', scenario: 'chaos' }] });
    expectError(invalid, 400, 'flow_invalid', '/steps/0/scenario');
  });

  it('refuses an empty journal with a message that says why', async () => {
    const res = await fresh().admin('get', '/_mock/requests?as=flow');
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain('no session to keep as a flow');
  });
});

describe('flow steps: expect_status', () => {
  it('is validated: 200 or an error status, and the same as expect_error’s', async () => {
    const res = await sandbox().admin('post', '/_mock/flows', {
      steps: [
        { method: 'GET', path: '/v1/customers', expect_status: 302 },
        { method: 'GET', path: '/v1/customers', expect_status: 402, expect_error: { status: 400 } },
      ],
    });
    expectError(res, 400, 'flow_invalid', '/steps/0/expect_status');
    expect(res.body.error.problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/steps/0/expect_status', '/steps/1/expect_status']);
  });

  it('an error status given as expect_status counts as expected, and a 200 where it expects 402 stops the flow', async () => {
    const box = sandbox();
    const ok = await box.admin('post', '/_mock/flows', { steps: [{ name: 'gone', method: 'GET', path: '/v1/payments/pay_nothing', expect_status: 404 }] });
    expect(ok.status).toBe(200);
    expect(ok.body.answers.gone.error.code).toBe('resource_missing');
    const stopped = await box.admin('post', '/_mock/flows', { steps: [{ method: 'GET', path: '/v1/customers', expect_status: 402 }] });
    expectError(stopped, 422, 'flow_step_failed', '/steps/0');
    expect(stopped.body.error.message).toBe('Step 0 (/steps/0): GET /v1/customers answered 200, where the flow expects 402 (expect_status).');
  });
});
