import { createPayment, FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

const THREE_DS = 'pm_card_authenticationRequired';

type Pending = {
  id: string;
  client_secret: string;
  status: string;
  next_action: { type: string; redirect_to_url: { url: string; return_url: string | null } };
};

async function requiresAction(box: Sandbox, form: Record<string, string> = { return_url: 'http://shop.test/checkout/done?order=42' }): Promise<Pending> {
  const payment = await createPayment(box);
  const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: THREE_DS, ...form });
  expect(res.status).toBe(200);
  expectSchema(res.body, 'Payment');
  return res.body as Pending;
}

/** The challenge page's path and token, from a payment's next_action. */
function challenge(payment: Pending) {
  const url = new URL(payment.next_action.redirect_to_url.url);
  return { path: url.pathname, token: url.searchParams.get('token') as string, pathWithQuery: `${url.pathname}${url.search}` };
}

const answer = (box: Sandbox, path: string, form: Record<string, string>) => box.http.post(path).type('form').send(new URLSearchParams(form).toString());

describe('3-D Secure: next_action and the challenge page', () => {
  const manual = { scenario: 'manual' as const };

  it('gives a requires_action payment next_action redirect_to_url with the page url and the return_url; null otherwise', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    expect(payment.status).toBe('requires_action');
    expect(payment.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: {
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1(:\d+)?\/3ds\/pay_[0-9A-Za-z]+\?token=tds_[0-9A-Za-z_-]+$/),
        return_url: 'http://shop.test/checkout/done?order=42',
      },
    });
    expect((await box.get(`/v1/payments/${payment.id}`)).body.next_action).toEqual(payment.next_action);
    const plain = await createPayment(box);
    expect(plain.next_action).toBeNull();
    expect((await box.post(`/v1/payments/${plain.id}/confirm`, { payment_method: 'pm_card_visa' })).body.next_action).toBeNull();
  });

  it('serves an accessible page with the amount, the merchant and two buttons, never cached, framable by any origin (contract 18)', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const res = await box.http.get(challenge(payment).pathWithQuery);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // payments.js opens it in a modal iframe on the shop's page: framable, with one script, named by its hash.
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('$20.00');
    expect(res.text).toMatch(/<button type="submit" name="outcome" value="succeed">Complete authentication<\/button>/);
    expect(res.text).toMatch(/<button type="submit" name="outcome" value="fail"[^>]*>Fail authentication<\/button>/);
    expect(res.text).toContain(`name="token" value="${challenge(payment).token}"`);
  });

  it("answers JSON to the page's own script (Accept: application/json), for payments.js's modal: no redirect", async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const { path, token } = challenge(payment);
    const res = await answer(box, path, { token, outcome: 'fail' }).set('Accept', 'application/json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ payment: payment.id, redirect_status: 'failed' });
    expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_payment_method');
  });

  it('approves: the payment succeeds with payment.succeeded, and the customer is sent back (303) to return_url', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const { path, token } = challenge(payment);
    const res = await answer(box, path, { token, outcome: 'succeed' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://shop.test/checkout/done');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order: '42',
      payment: payment.id,
      payment_client_secret: payment.client_secret,
      redirect_status: 'succeeded',
    });
    const after = (await box.get(`/v1/payments/${payment.id}`)).body;
    expect(after).toMatchObject({ status: 'succeeded', amount_received: 2000, next_action: null, last_payment_error: null });
    const events = (await box.get('/v1/events?limit=1')).body.data;
    expect(events[0]).toMatchObject({
      type: 'payment.succeeded',
      request: { id: expect.stringMatching(/^req_/) },
      data: { object: { id: payment.id, status: 'succeeded' } },
    });
  });

  it('fails: the payment awaits another method with last_payment_error and payment.payment_failed; redirect_status=failed', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const { path, token } = challenge(payment);
    const res = await answer(box, path, { token, outcome: 'fail' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.location as string).searchParams.get('redirect_status')).toBe('failed');
    const after = (await box.get(`/v1/payments/${payment.id}`)).body;
    expectSchema(after, 'Payment');
    expect(after).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      amount_received: 0,
      last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', payment_method: expect.stringMatching(/^pm_/) },
    });
    expect((await box.get('/v1/events?limit=1')).body.data[0].type).toBe('payment.payment_failed');
    // Like after a decline, another method can be tried.
    expect((await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' })).body.status).toBe('succeeded');
  });

  it('without a return_url, answers with a page that says the outcome', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box, {});
    expect(payment.next_action.redirect_to_url.return_url).toBeNull();
    const res = await answer(box, challenge(payment).path, { token: challenge(payment).token, outcome: 'succeed' });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Authentication complete: the payment succeeded.');
  });

  it('works for a browser with the publishable key and client_secret', async () => {
    const box = sandbox(manual);
    const payment = await createPayment(box);
    const res = await box.post(
      `/v1/payments/${payment.id}/confirm`,
      { payment_method: THREE_DS, client_secret: payment.client_secret, return_url: 'https://shop.test/done' },
      box.keys.publishable,
    );
    expect(res.body.next_action.redirect_to_url.return_url).toBe('https://shop.test/done');
  });

  it('moves the payment on its workspace clock', async () => {
    const box = sandbox(manual);
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const payment = await requiresAction(box);
    await box.admin('post', `/_mock/workspaces/${workspace}/clock/advance`, { by: '2h' });
    await answer(box, challenge(payment).path, { token: challenge(payment).token, outcome: 'succeed' });
    expect((await box.get('/v1/events?limit=1')).body.data[0].created).toBe(FROZEN_UNIX + 7200);
  });

  it('gives seeded runs the same next_action, byte for byte', async () => {
    const one = await requiresAction(sandbox({ ...manual, seed: 9 }));
    const two = await requiresAction(sandbox({ ...manual, seed: 9 }));
    // (supertest listens on a new port for each request: the page's path and token are what a seed repeats)
    expect(challenge(one).pathWithQuery).toBe(challenge(two).pathWithQuery);
  });

  it('is answered once: afterwards, and after confirming again, the token opens nothing', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const { path, token, pathWithQuery } = challenge(payment);
    await answer(box, path, { token, outcome: 'succeed' });
    expectError(await answer(box, path, { token, outcome: 'fail' }), 404, 'resource_missing', 'token');
    expectError(await box.http.get(pathWithQuery), 404, 'resource_missing', 'token');
    const other = await requiresAction(box);
    expect((await box.post(`/v1/payments/${other.id}/confirm`, {})).body).toMatchObject({ status: 'succeeded', next_action: null });
    expectError(await box.http.get(challenge(other).pathWithQuery), 404, 'resource_missing');
  });

  it('survives a state export and import: the challenge still opens and answers', async () => {
    const box = sandbox(manual);
    const payment = await requiresAction(box);
    const state = (await box.admin('get', '/_mock/state')).body;
    await box.admin('post', '/_mock/reset');
    expect((await box.admin('put', '/_mock/state', state)).status).toBe(200);
    expect((await box.get(`/v1/payments/${payment.id}`)).body.next_action).toEqual(payment.next_action);
    expect((await answer(box, challenge(payment).path, { token: challenge(payment).token, outcome: 'succeed' })).status).toBe(303);
  });

  it('refuses a state whose next_action is malformed, with its JSON pointer', async () => {
    const box = sandbox(manual);
    await requiresAction(box);
    const state = (await box.admin('get', '/_mock/state')).body;
    const payments = state.workspaces[0].test.payments;
    payments[payments.length - 1].next_action = { type: 'redirect_to_url', redirect_to_url: { url: 'javascript:alert(1)', return_url: null } };
    const res = await box.admin('put', '/_mock/state', state);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/next_action\/redirect_to_url\/url/);
  });

  describe('refuses bad input with a clear JSON error', () => {
    it.each([
      ['javascript:alert(1)', /uses javascript:, but the customer can only be sent back to an http: or https: URL/],
      ['ftp://shop.test/done', /uses ftp:/],
      ['/checkout/done', /is not an absolute URL/],
    ])('a return_url of %s: 400 parameter_invalid naming return_url, and the payment is not confirmed', async (returnUrl, message) => {
      const box = sandbox(manual);
      const payment = await createPayment(box);
      const res = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: THREE_DS, return_url: returnUrl });
      expectError(res, 400, 'parameter_invalid', 'return_url');
      expect(res.body.error.message).toMatch(message);
      expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_confirmation');
    });

    it('a wrong or missing token: 404, the same as an unknown payment, and the payment does not move', async () => {
      const box = sandbox(manual);
      const payment = await requiresAction(box);
      const { path } = challenge(payment);
      expectError(await box.http.get(`${path}?token=tds_guess`), 404, 'resource_missing', 'token');
      expectError(await box.http.get(path), 404, 'resource_missing', 'token');
      expectError(await answer(box, path, { token: 'tds_guess', outcome: 'succeed' }), 404, 'resource_missing', 'token');
      expectError(await box.http.get('/3ds/pay_nope?token=tds_guess'), 404, 'resource_missing', 'token');
      expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_action');
    });

    it('an unknown outcome, an unknown parameter, a wrong method', async () => {
      const box = sandbox(manual);
      const payment = await requiresAction(box);
      const { path, token } = challenge(payment);
      const bad = await answer(box, path, { token, outcome: 'maybe' });
      expectError(bad, 400, 'parameter_invalid', 'outcome');
      expect(bad.body.error.message).toMatch(/Use succeed or fail/);
      expectError(await answer(box, path, { token, outcome: 'succeed', amount: '1' }), 400, 'parameter_unknown', 'amount');
      expectError(await box.http.get(`${path}?token=${token}&debug=1`), 400, 'parameter_unknown', 'debug');
      const put = await box.http.put(path);
      expectError(put, 405, 'method_not_allowed');
      expect(put.headers.allow).toBe('GET, POST');
      expect((await box.get(`/v1/payments/${payment.id}`)).body.status).toBe('requires_action');
    });
  });
});
