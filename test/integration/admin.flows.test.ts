import { expectError } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox } from '../helpers/sandbox';

const pay = { name: 'pay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' } };

describe('POST /_mock/flows', () => {
  it('runs API steps with references to earlier answers and answers every named one', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', {
      steps: [
        pay,
        { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund', params: { amount: '${pay:fee}' } },
        { name: 'refunds', method: 'GET', path: '/v1/payments/${pay:id}/refunds', params: { limit: 1 } },
        { name: 'again', method: 'GET', path: '/v1/refunds/${refunds:data.0.id}' },
        { method: 'POST', path: '/v1/customers', params: { email: 'order-${pay:amount}@example.com' } },
      ],
    });
    expect(res.status).toBe(200);
    const { answers, steps, events } = res.body;
    expect(Object.keys(answers)).toEqual(['pay', 'refund', 'refunds', 'again']);
    // A whole-string reference keeps the value's type (a number); inside a string it is put into the text.
    expect(answers.refund).toMatchObject({ object: 'refund', payment: answers.pay.id, amount: answers.pay.fee });
    expect(answers.again.id).toBe(answers.refund.id);
    expect(steps.map((step: { request: { path: string } }) => step.request.path)).toContain(`/v1/payments/${answers.pay.id}/refund`);
    expect(events.map((event: { type: string }) => event.type)).toEqual([
      'payment.created',
      'payment.succeeded',
      'refund.created',
      'payment.refunded',
      'customer.created',
    ]);
    expect((await box.get('/v1/customers')).body.data[0].email).toBe('order-2000@example.com');
  });

  it('sends idempotency keys and the chosen key kind, as a client would', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', {
      steps: [
        { ...pay, idempotency_key: 'order-1' },
        { name: 'replay', method: 'POST', path: '/v1/payments', params: { amount: 2000, currency: 'usd' }, idempotency_key: 'order-1' },
        { name: 'denied', method: 'GET', path: '/v1/customers', key: 'publishable', expect_error: { status: 403, code: 'secret_key_required' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.answers.replay.id).toBe(res.body.answers.pay.id);
    expect(res.body.answers.denied.error.code).toBe('secret_key_required');
  });

  it('resolves ${env:NAME} from the document’s env only (the server never reads its own environment)', async () => {
    const box = sandbox();
    const ok = await box.admin('post', '/_mock/flows', {
      env: { ORDER: '77' },
      steps: [{ ...pay, params: { ...pay.params, metadata: { order: '${env:ORDER}' } } }],
    });
    expect(ok.body.answers.pay.metadata).toEqual({ order: '77' });
    process.env.PAYMENTS_MOCK_FLOW_TEST = 'secret';
    const res = await box.admin('post', '/_mock/flows', { steps: [{ ...pay, params: { ...pay.params, description: '${env:PAYMENTS_MOCK_FLOW_TEST}' } }] });
    delete process.env.PAYMENTS_MOCK_FLOW_TEST;
    expectError(res, 400, 'flow_invalid', '/steps/0/params/description');
  });

  it('moves the server clock when the workspace follows it, and the workspace’s own clock once it has one', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', { steps: [{ name: 'clock', advance: '25h' }, pay] });
    expect(res.body.answers.clock.now).toBe(FROZEN_UNIX + 25 * 3600);
    expect(res.body.steps[0].summary).toBe('clock moved 25h to 2026-01-02T01:00:00.000Z');
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX + 25 * 3600);
    const made = await box.admin('post', '/_mock/workspaces', { name: 'own clock' });
    await box.admin('post', `/_mock/workspaces/${made.body.workspace}/clock/advance`, { by: '1h' });
    const own = await box.admin('post', '/_mock/flows', { workspace: made.body.workspace, steps: [{ name: 'clock', advance: '2d' }, pay] });
    expect(own.body.answers.pay.created).toBe(FROZEN_UNIX + 25 * 3600 + 3600 + 2 * 86400);
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX + 25 * 3600);
  });

  it('switches the scenario (the workspace’s own if it has one, else the server’s) and flushes webhooks', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', {
      steps: [{ scenario: 'decline' }, pay, { name: 'flushed', flush_webhooks: true }, { scenario: 'happy' }],
    });
    expect(res.status).toBe(200);
    expect((await box.get(`/v1/payments/${res.body.answers.pay.id}`)).body.status).toBe('requires_payment_method');
    expect(res.body.answers.flushed).toMatchObject({ pending: 0, timed_out: false });
    // Each control step says what it did; a request says nothing more than its request and status.
    expect(res.body.steps.map((step: { summary: string | null }) => step.summary)).toEqual([
      'scenario decline',
      null,
      'webhooks flushed: 0 succeeded, 0 failed, 0 pending',
      'scenario happy',
    ]);
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('happy');
    const made = await box.admin('post', '/_mock/workspaces', {});
    await box.admin('put', `/_mock/workspaces/${made.body.workspace}/scenario`, { scenario: 'manual' });
    await box.admin('post', '/_mock/flows', { workspace: made.body.workspace, steps: [{ scenario: 'decline' }] });
    expect((await box.admin('get', `/_mock/workspaces/${made.body.workspace}/scenario`)).body.scenario).toBe('decline');
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('happy');
  });

  it('stops at a failing step: 422 flow_step_failed naming the step, its request, the API’s error and the answers so far', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', {
      steps: [
        pay,
        { name: 'refund', method: 'POST', path: '/v1/payments/${pay:id}/refund', params: { amount: 999999 } },
        { method: 'POST', path: '/v1/customers' },
      ],
    });
    expectError(res, 422, 'flow_step_failed', '/steps/1');
    expect(res.body.error.message).toBe(
      `Step 1 "refund" (/steps/1): POST /v1/payments/${res.body.error.answers.pay.id}/refund answered 400 amount_too_large: ${res.body.error.response.body.error.message}`,
    );
    expect(res.body.error).toMatchObject({
      step: { index: 1, name: 'refund', pointer: '/steps/1' },
      request: { method: 'POST' },
      response: { status: 400, body: { error: { code: 'amount_too_large', param: 'amount' } } },
    });
    expect((await box.get('/v1/customers')).body.data).toEqual([]);
  });

  it.each([
    ['succeeds', { amount: 2000, currency: 'usd' }, { status: 402 }, /expected POST \/v1\/payments to fail with 402, but it answered 200/],
    ['fails with another code', { amount: 0, currency: 'usd' }, { code: 'card_declined' }, /to fail with card_declined, but it answered 400 amount_too_small/],
    [
      'fails with another status',
      { amount: 0, currency: 'usd' },
      { status: 402, code: 'amount_too_small' },
      /to fail with 402 amount_too_small, but it answered 400 amount_too_small/,
    ],
  ])('stops with 422 flow_expectation_failed when an expect_error step %s', async (_case, params, expect_error, message) => {
    const res = await sandbox().admin('post', '/_mock/flows', { steps: [{ name: 'pay', method: 'POST', path: '/v1/payments', params, expect_error }] });
    expectError(res, 422, 'flow_expectation_failed', '/steps/0');
    expect(res.body.error.message).toMatch(message);
  });

  it('stops when a reference names a field the answer lacks, saying what the answer has', async () => {
    const res = await sandbox().admin('post', '/_mock/flows', { steps: [pay, { method: 'GET', path: '/v1/payments/${pay:identifier}' }] });
    expectError(res, 422, 'flow_step_failed', '/steps/1');
    expect(res.body.error.message).toMatch(/\$\{pay:identifier\}: the answer of step "pay" has no "identifier" \(it has id, object, amount/);
  });

  it.each([
    ['a dangling reference', [{ method: 'GET', path: '/v1/payments/${pay:id}' }], '/steps/0/path', /refers to no earlier step: no step is named "pay"/],
    ['a reference to a later step', [{ method: 'GET', path: '/v1/payments/${pay:id}' }, pay], '/steps/0/path', /step "pay" comes later/],
    ['a malformed reference', [{ ...pay, params: { amount: '${pay}' } }], '/steps/0/params/amount', /is not a reference/],
    ['an unknown step field', [{ ...pay, body: {} }], '/steps/0/body', /unknown field "body"/],
    ['a lower-case method', [{ ...pay, method: 'post' }], '/steps/0/method', /write "POST"/],
    ['a path outside /v1', [{ method: 'GET', path: '/_mock/keys' }], '/steps/0/path', /expected a \/v1 path/],
    ['a query string in the path', [{ method: 'GET', path: '/v1/payments?limit=1' }], '/steps/0/path', /put query parameters in "params"/],
    ['a step doing two things', [{ advance: '1h', scenario: 'happy' }], '/steps/0', /a step does one thing/],
    ['a step doing nothing', [{ name: 'x' }], '/steps/0', /this step does nothing/],
    ['a bad duration', [{ advance: 'soon' }], '/steps/0/advance', /Invalid duration/],
    ['an unknown scenario', [{ scenario: 'chaos' }], '/steps/0/scenario', /expected one of happy/],
    ['a duplicate step name', [pay, pay], '/steps/1/name', /"pay" already names step \d: step names are unique/],
    ['a bad expect_error', [{ ...pay, expect_error: { status: 200 } }], '/steps/0/expect_error/status', /from 400 to 599/],
    ['an idempotency key on a GET', [{ method: 'GET', path: '/v1/payments', idempotency_key: 'k' }], '/steps/0/idempotency_key', /only POST/],
    ['a bad key kind', [{ ...pay, key: 'admin' }], '/steps/0/key', /secret, publishable, restricted/],
  ])('refuses %s before running anything: 400 flow_invalid with its JSON pointer', async (_case, steps, pointer, message) => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/flows', { steps: [{ method: 'POST', path: '/v1/customers' }, ...(steps as object[])] });
    const shifted = pointer.replace(/^\/steps\/(\d+)/, (_all, n: string) => `/steps/${Number(n) + 1}`);
    expectError(res, 400, 'flow_invalid', shifted);
    expect(res.body.error.problems[0]).toEqual({ pointer: shifted, message: expect.stringMatching(message) });
    expect((await box.get('/v1/customers')).body.data).toEqual([]);
  });

  it.each([
    ['no steps', {}, '/steps'],
    ['an empty list of steps', { steps: [] }, '/steps'],
    ['steps that are not objects', { steps: [1] }, '/steps/0'],
    ['a bad workspace', { workspace: 7, steps: [pay] }, '/workspace'],
    ['a bad livemode', { livemode: 'no', steps: [pay] }, '/livemode'],
    ['a bad env', { env: { 'A-B': 'x' }, steps: [pay] }, '/env/A-B'],
    ['an unknown top-level field', { stepz: [], steps: [pay] }, '/stepz'],
    ['params nested too deep', { steps: [{ ...pay, params: { a: { b: { c: { d: { e: { f: { g: { h: { i: {} } } } } } } } } } }] }, '/steps/0/params'],
  ])('refuses a document with %s', async (_case, body, pointer) => {
    expectError(await sandbox().admin('post', '/_mock/flows', body), 400, 'flow_invalid', pointer);
  });

  it('survives hostile documents: a 100 000-deep nesting and a huge step list are refused cleanly', async () => {
    const box = sandbox();
    const deep = `{"steps":[{"method":"POST","path":"/v1/customers","params":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]}`;
    const res = await box.http.post('/_mock/flows').set('Content-Type', 'application/json').send(deep);
    expect([400, 413]).toContain(res.status);
    expect(res.body.error).toBeDefined();
    const many = await box.admin('post', '/_mock/flows', { steps: Array.from({ length: 5000 }, () => ({ flush_webhooks: true })) });
    expectError(many, 400, 'flow_invalid', '/steps');
  });

  it('a flow in a workspace that does not exist is 400 resource_missing naming workspace', async () => {
    expectError(await sandbox().admin('post', '/_mock/flows', { workspace: 'ws_nope', steps: [pay] }), 400, 'resource_missing', 'workspace');
  });
});
