import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { expectError } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';

const DAY = 86400;

/** A workspace made at run time, with its keys by kind (test mode unless asked). */
async function newWorkspace(box: Sandbox, name = 'worker') {
  const res = await box.admin('post', '/_mock/workspaces', { name });
  expect(res.status).toBe(200);
  const keys = res.body.keys as Array<{ key: string; kind: string; livemode: boolean }>;
  const key = (kind = 'secret', livemode = false) => keys.find((k) => k.kind === kind && k.livemode === livemode)!.key;
  return { id: res.body.workspace as string, key };
}

const pay = (box: Sandbox, key: string) => box.post('/v1/payments', { amount: 2000, currency: 'usd' }, key);

describe('a workspace clock of its own', () => {
  it('follows the server clock until set, then moves alone: the server and other workspaces stay', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    expect((await box.admin('get', `/_mock/workspaces/${b.id}/clock`)).body).toEqual({
      mode: 'frozen',
      now: FROZEN_UNIX,
      iso: '2026-01-01T00:00:00.000Z',
      workspace: b.id,
      follows_server: true,
    });

    const moved = await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '25h' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ mode: 'frozen', now: FROZEN_UNIX + 25 * 3600, follows_server: false });
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX);

    expect((await pay(box, b.key())).body.created).toBe(FROZEN_UNIX + 25 * 3600);
    expect((await pay(box, box.keys.secret)).body.created).toBe(FROZEN_UNIX);
  });

  it('stays put when the server clock moves, while workspaces that follow the server move with it', async () => {
    const box = sandbox();
    const own = await newWorkspace(box, 'own');
    const follower = await newWorkspace(box, 'follower');
    await box.admin('put', `/_mock/workspaces/${own.id}/clock`, { mode: 'frozen', now: '2030-06-01T00:00:00Z' });
    await box.admin('post', '/_mock/clock/advance', { by: '2d' });
    expect((await box.admin('get', `/_mock/workspaces/${own.id}/clock`)).body).toMatchObject({ iso: '2030-06-01T00:00:00.000Z', follows_server: false });
    expect((await box.admin('get', `/_mock/workspaces/${follower.id}/clock`)).body).toMatchObject({ now: FROZEN_UNIX + 2 * DAY, follows_server: true });
    expect((await pay(box, follower.key())).body.created).toBe(FROZEN_UNIX + 2 * DAY);
  });

  it('judges its 30-day event window by its own clock', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    await pay(box, b.key());
    await pay(box, box.keys.secret);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '30d' });
    expect((await box.get('/v1/events', b.key())).body.data).toEqual([]);
    expect((await box.get('/v1/events')).body.data).toHaveLength(2);
  });

  it('judges its 24-hour idempotency window by its own clock', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    const post = (key: string) =>
      box.http
        .post('/v1/payments')
        .set({ Authorization: `Bearer ${key}`, 'Idempotency-Key': 'order-1' })
        .type('form')
        .send('amount=100&currency=usd');
    const firstB = await post(b.key());
    const firstA = await post(box.keys.secret);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '24h' });
    const againB = await post(b.key());
    expect(againB.headers['idempotent-replayed']).toBeUndefined();
    expect(againB.body.id).not.toBe(firstB.body.id);
    const againA = await post(box.keys.secret);
    expect(againA.headers['idempotent-replayed']).toBe('true');
    expect(againA.body.id).toBe(firstA.body.id);
  });

  it("judges its keys' rotation grace by its own clock", async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    const old = b.key();
    const rotated = await box.admin('post', `/_mock/keys/${old}/rotate`, { expires_in: '24h' });
    expect(rotated.body.old_key_expires_at).toBe(FROZEN_UNIX + DAY);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '1s' });
    await box.admin('post', '/_mock/clock/advance', { by: '25h' });
    expect((await box.get('/v1/account', old)).status).toBe(200);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '24h' });
    expectError(await box.get('/v1/account', old), 401, 'api_key_expired');
    expect((await box.get('/v1/account', rotated.body.key.key)).status).toBe(200);
  });

  it('takes a clock mode and time like /_mock/clock', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    const set = await box.admin('put', `/_mock/workspaces/${b.id}/clock`, { mode: 'offset', now: 1800000000 });
    expect(set.body).toMatchObject({ mode: 'offset', follows_server: false });
    expect(Math.abs(set.body.now - 1800000000)).toBeLessThan(5);
    expect((await box.admin('put', `/_mock/workspaces/${b.id}/clock`, { mode: 'frozen', now: '2027-01-01T00:00:00Z' })).body.iso).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('runs its own webhook retries when it moves, not when the server clock moves', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    // Port 1 refuses connections at once: every attempt fails, so retries are due 5 s, 5 min, … later.
    await box.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:1/hooks', 'enabled_events[]': 'payment.created' }, b.key());
    await pay(box, b.key());
    await box.ctx.webhooks.flush();
    const attempts = () => box.ctx.webhooks.list({ workspace: b.id })[0]!.attempts.length;
    expect(attempts()).toBe(1);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '1s' }); // the retry moves onto b's clock
    await box.admin('post', '/_mock/clock/advance', { by: '1h' });
    expect(attempts()).toBe(1);
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '6m' });
    expect(attempts()).toBe(3);
    expect(box.ctx.webhooks.list({ workspace: b.id })[0]!.attempts[1]!.at).toBe(FROZEN_UNIX + 1 + 4);
  });
});

describe('a workspace scenario of its own', () => {
  it('applies to requests with its keys only; null follows the server again', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    const set = await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'decline' });
    expect(set.body).toMatchObject({ scenario: 'decline', workspace: b.id, follows_server: false });
    expect((await box.get(`/v1/payments/${(await pay(box, b.key())).body.id}`, b.key())).body.status).toBe('requires_payment_method');
    expect((await box.get(`/v1/payments/${(await pay(box, box.keys.secret)).body.id}`)).body.status).toBe('succeeded');
    expect((await box.admin('get', '/_mock/scenario')).body.scenario).toBe('happy');

    const back = await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: null });
    expect(back.body).toMatchObject({ scenario: 'happy', follows_server: true });
    expect((await box.get(`/v1/payments/${(await pay(box, b.key())).body.id}`, b.key())).body.status).toBe('succeeded');
  });

  it('keeps a workspace out of a server-wide outage, and the Mock-Scenario header still wins for one request', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'happy' });
    await box.admin('put', '/_mock/scenario', { scenario: 'outage' });
    expect((await pay(box, b.key())).status).toBe(200);
    expectError(await pay(box, box.keys.secret), 503, 'service_unavailable');
    expectError(await box.http.get('/v1/account').set({ Authorization: `Bearer ${b.key()}`, 'Mock-Scenario': 'outage' }), 503, 'service_unavailable');
  });

  it('puts only its own workspace into an outage', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'outage' });
    expectError(await box.get('/v1/account', b.key('restricted')), 503, 'service_unavailable');
    expect((await box.get('/v1/account')).status).toBe(200);
  });

  it('takes options like /_mock/scenario', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    const set = await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'flaky', options: { rate: 0.5 } });
    expect(set.body).toMatchObject({ scenario: 'flaky', options: { rate: 0.5 } });
    expect((await box.admin('get', `/_mock/workspaces/${b.id}/scenario`)).body).toEqual(set.body);
  });
});

describe('POST /_mock/workspaces/{id}/reset', () => {
  it('empties a workspace made at run time and its deliveries; keeps its keys, clock and scenario; others untouched', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'manual' });
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '31d' });
    await box.post('/v1/webhook_endpoints', { url: 'http://127.0.0.1:1/hooks', 'enabled_events[]': '*' }, b.key());
    await pay(box, b.key());
    await box.ctx.webhooks.flush();
    const mine = (await pay(box, box.keys.secret)).body.id;

    const res = await box.admin('post', `/_mock/workspaces/${b.id}/reset`);
    expect(res.body).toEqual({ status: 'ok', workspace: b.id });
    for (const path of ['/v1/payments', '/v1/customers', '/v1/events', '/v1/webhook_endpoints']) expect((await box.get(path, b.key())).body.data).toEqual([]);
    expect(box.ctx.webhooks.list({ workspace: b.id })).toEqual([]);
    expect((await box.get('/v1/account', b.key('secret'))).status).toBe(200);
    expect((await box.get('/v1/account', b.key('restricted'))).status).toBe(200);
    expect(
      (await box.post('/v1/payment_methods', { 'card[number]': '4242424242424242', 'card[exp_month]': 12, 'card[exp_year]': 2030 }, b.key('publishable')))
        .status,
    ).toBe(200);
    expect((await box.admin('get', `/_mock/workspaces/${b.id}/clock`)).body).toMatchObject({ now: FROZEN_UNIX + 31 * DAY, follows_server: false });
    expect((await box.admin('get', `/_mock/workspaces/${b.id}/scenario`)).body).toMatchObject({ scenario: 'manual', follows_server: false });
    expect((await box.get(`/v1/payments/${mine}`)).status).toBe(200);
  });

  it('brings a fixture workspace back to its fixtures, relative times counted from its own clock', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES });
    const acme = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';
    const globex = 'sk_test_globex_4eC39HqLyjWDarjtT1zdp7dc';
    const before = (await box.get('/v1/customers', acme)).body.data;
    const extra = (await box.post('/v1/customers', { name: 'Extra' }, acme)).body.id;
    const globexExtra = (await box.post('/v1/customers', { name: 'Stays' }, globex)).body.id;
    await box.admin('post', '/_mock/workspaces/acme/clock/advance', { by: '10d' });
    await box.admin('post', '/_mock/workspaces/acme/reset');
    const after = (await box.get('/v1/customers', acme)).body.data as Array<{ id: string; created: number }>;
    expect(after.map((c) => c.id)).toEqual(before.map((c: { id: string }) => c.id));
    expect(after[0]!.created).toBe(before[0].created + 10 * DAY);
    expectError(await box.get(`/v1/customers/${extra}`, acme), 404, 'resource_missing');
    expect((await box.get(`/v1/customers/${globexExtra}`, globex)).status).toBe(200);
  });

  it('leaves the server-wide reset its meaning: run-time workspaces go, with their clocks and scenarios', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES });
    const b = await newWorkspace(box);
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'decline' });
    await box.admin('post', '/_mock/workspaces/acme/clock/advance', { by: '3d' });
    await box.admin('post', '/_mock/reset');
    expectError(await box.get('/v1/account', b.key()), 401, 'invalid_api_key');
    expectError(await box.admin('get', `/_mock/workspaces/${b.id}/clock`), 404, 'resource_missing', 'id');
    expect(box.ctx.workspaces.anyScenario).toBe(false);
    // A fixture workspace keeps its own clock ("clock and scenario kept").
    expect((await box.admin('get', '/_mock/workspaces/acme/clock')).body).toMatchObject({ now: FROZEN_UNIX + 3 * DAY, follows_server: false });
  });
});

describe('GET /_mock/workspaces', () => {
  it('lists every workspace with its clock and scenario', async () => {
    const box = sandbox();
    const b = await newWorkspace(box, 'listed');
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'manual' });
    const list = (await box.admin('get', '/_mock/workspaces')).body;
    expect(list.object).toBe('list');
    expect(list.data).toHaveLength(2);
    expect(list.data[1]).toMatchObject({
      id: b.id,
      object: 'workspace',
      name: 'listed',
      clock: { follows_server: true },
      scenario: { scenario: 'manual', follows_server: false },
    });
    expect((await box.admin('get', `/_mock/workspaces/${b.id}`)).body).toEqual(list.data[1]);
  });
});

describe('deleting a workspace', () => {
  it('drops its clock and scenario with it', async () => {
    const box = sandbox();
    const b = await newWorkspace(box);
    await box.admin('put', `/_mock/workspaces/${b.id}/scenario`, { scenario: 'decline' });
    await box.admin('post', `/_mock/workspaces/${b.id}/clock/advance`, { by: '1h' });
    await box.admin('delete', `/_mock/workspaces/${b.id}`);
    expect(box.ctx.workspaces.anyScenario).toBe(false);
    expect(box.ctx.workspaces.withOwnClock()).toEqual([]);
  });
});

describe('workspace controls refuse bad input with a clear JSON error', () => {
  const box = sandbox();
  it.each([
    ['get', '/_mock/workspaces/ws_nope/clock', undefined],
    ['put', '/_mock/workspaces/ws_nope/clock', { mode: 'frozen' }],
    ['post', '/_mock/workspaces/ws_nope/clock/advance', { by: '1h' }],
    ['get', '/_mock/workspaces/ws_nope/scenario', undefined],
    ['put', '/_mock/workspaces/ws_nope/scenario', { scenario: 'decline' }],
    ['post', '/_mock/workspaces/ws_nope/reset', {}],
    ['get', '/_mock/workspaces/ws_nope', undefined],
  ] as const)('%s %s for an unknown workspace: 404 resource_missing naming it', async (method, path, body) => {
    const res = await box.admin(method, path, body);
    expectError(res, 404, 'resource_missing', 'id');
    expect(res.body.error.message).toMatch(/No such workspace: 'ws_nope'\. GET \/_mock\/workspaces lists them/);
  });

  it.each([
    ['a bad duration', 'post', 'clock/advance', { by: '3 days' }, 400, 'parameter_invalid', 'by', /Invalid by: Invalid duration "3 days"/],
    ['a duration of the wrong type', 'post', 'clock/advance', { by: true }, 400, 'parameter_invalid', 'by', /Invalid by/],
    ['no duration', 'post', 'clock/advance', {}, 400, 'parameter_missing', 'by', /Missing required param: by/],
    ['an unknown clock mode', 'put', 'clock', { mode: 'slow' }, 400, 'parameter_invalid', 'mode', /Use real, frozen or offset/],
    ['a bad time', 'put', 'clock', { mode: 'frozen', now: 'tomorrow' }, 400, 'parameter_invalid', 'now', /Invalid time "tomorrow"/],
    ['a real clock with a time', 'put', 'clock', { mode: 'real', now: 1 }, 400, 'parameter_invalid', 'now', /takes no "now"/],
    ['a time out of range', 'put', 'clock', { mode: 'frozen', now: 9e15 }, 400, 'parameter_invalid', 'now', /Time out of range/],
    ['a duration out of range', 'post', 'clock/advance', { by: '99999999999d' }, 400, 'parameter_invalid', 'by', /Time out of range/],
    ['an unknown scenario', 'put', 'scenario', { scenario: 'chaos' }, 400, 'parameter_invalid', 'scenario', /Unknown scenario "chaos"/],
    ['no scenario', 'put', 'scenario', {}, 400, 'parameter_missing', 'scenario', /null to follow/],
    ['options with null', 'put', 'scenario', { scenario: null, options: { rate: 1 } }, 400, 'parameter_invalid', 'options', /Options go with a scenario/],
    ['an unknown parameter', 'post', 'reset', { hard: true }, 400, 'parameter_unknown', 'hard', /unknown parameter: hard/],
  ] as const)('%s: %s …/%s is refused, the workspace left as it was', async (_what, method, sub, body, status, code, param, message) => {
    const id = [...box.ctx.store.workspaces.keys()][0];
    const res = await box.admin(method, `/_mock/workspaces/${id}/${sub}`, body);
    expectError(res, status, code, param);
    expect(res.body.error.message).toMatch(message);
    expect((await box.admin('get', `/_mock/workspaces/${id}/clock`)).body.follows_server).toBe(true);
  });

  it('refuses query parameters on the workspace reads', async () => {
    const id = [...box.ctx.store.workspaces.keys()][0];
    expectError(await box.admin('get', `/_mock/workspaces/${id}/clock?workspace=x`), 400, 'parameter_unknown', 'workspace');
  });
});
