import { expectError, expectSchema } from '../helpers/schemas';
import { FROZEN_UNIX, sandbox, Sandbox } from '../helpers/sandbox';

interface KeyEntry {
  key: string;
  kind: 'secret' | 'publishable' | 'restricted';
  livemode: boolean;
  workspace: string;
  account: string;
}

async function newWorkspace(box: Sandbox, body: unknown = {}) {
  const res = await box.admin('post', '/_mock/workspaces', body);
  expect(res.status).toBe(200);
  const keys = res.body.keys as KeyEntry[];
  const key = (kind: KeyEntry['kind'], livemode = false) => keys.find((k) => k.kind === kind && k.livemode === livemode)!.key;
  return { body: res.body, keys, key };
}

describe('POST /_mock/workspaces', () => {
  it('answers {workspace, account, keys} with a key of every kind in test and live mode', async () => {
    const box = sandbox();
    const { body, keys } = await newWorkspace(box, { name: 'worker 3' });
    expect(body).toMatchObject({ workspace: expect.stringMatching(/^ws_/), account: expect.stringMatching(/^acct_[0-9A-Za-z]{24}$/), name: 'worker 3' });
    expect(keys.map((k) => `${k.kind}/${k.livemode ? 'live' : 'test'}`).sort()).toEqual([
      'publishable/live',
      'publishable/test',
      'restricted/live',
      'restricted/test',
      'secret/live',
      'secret/test',
    ]);
    for (const key of keys) expect(key).toMatchObject({ workspace: body.workspace, account: body.account, expires_at: null });
    const listed = (await box.admin('get', '/_mock/keys')).body.data as KeyEntry[];
    for (const key of keys) expect(listed).toContainEqual(key);
  });

  it('takes no body at all, and names the workspace itself', async () => {
    const box = sandbox();
    const res = await box.http.post('/_mock/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.name).toEqual(expect.any(String));
  });

  it('gives a fresh, empty workspace whose keys work in both modes', async () => {
    const box = sandbox();
    const { body, key } = await newWorkspace(box);
    const account = await box.get('/v1/account', key('secret'));
    expectSchema(account.body, 'Account');
    expect(account.body).toMatchObject({ id: body.account, livemode: false, created: FROZEN_UNIX });
    expect((await box.get('/v1/account', key('secret', true))).body).toMatchObject({ id: body.account, livemode: true });
    expect((await box.get('/v1/customers', key('secret'))).body.data).toEqual([]);
    expect((await box.get('/v1/events', key('secret'))).body.data).toEqual([]);
  });

  it('isolates its data from other workspaces, both ways', async () => {
    const box = sandbox();
    const a = await newWorkspace(box);
    const b = await newWorkspace(box);
    const payment = (await box.post('/v1/payments', { amount: 500, currency: 'eur' }, a.key('secret'))).body;
    const customer = (await box.post('/v1/customers', { name: 'Ada' }, b.key('secret'))).body;
    expectError(await box.get(`/v1/payments/${payment.id}`, b.key('secret')), 404, 'resource_missing');
    expectError(await box.get(`/v1/payments/${payment.id}`, box.keys.secret), 404, 'resource_missing');
    expectError(await box.get(`/v1/customers/${customer.id}`, a.key('secret')), 404, 'resource_missing');
    expect((await box.get('/v1/customers', a.key('secret'))).body.data).toEqual([]);
    expect((await box.get('/v1/events', b.key('secret'))).body.data.map((e: { type: string }) => e.type)).toEqual(['customer.created']);
    expect((await box.get(`/v1/payments/${payment.id}`, a.key('restricted'))).status).toBe(200);
  });

  it.each([
    ['an unknown parameter', { colour: 'red' }, 'parameter_unknown', 'colour'],
    ['a name that is not a string', { name: 42 }, 'parameter_invalid', 'name'],
  ])('refuses %s', async (_case, body, code, param) => {
    const box = sandbox();
    const before = box.ctx.store.workspaces.size;
    expectError(await box.admin('post', '/_mock/workspaces', body), 400, code, param);
    expect(box.ctx.store.workspaces.size).toBe(before);
  });
});

describe('DELETE /_mock/workspaces/{id}', () => {
  it('drops the workspace and its keys: they answer 401 afterwards', async () => {
    const box = sandbox();
    const { body, keys, key } = await newWorkspace(box);
    await box.post('/v1/customers', { name: 'Ada' }, key('secret'));
    const res = await box.admin('delete', `/_mock/workspaces/${body.workspace}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', deleted: body.workspace });
    for (const entry of keys) expectError(await box.get('/v1/account', entry.key), 401, 'invalid_api_key');
    const listed = (await box.admin('get', '/_mock/keys')).body.data as KeyEntry[];
    expect(listed.filter((k) => k.workspace === body.workspace)).toEqual([]);
    expect(box.ctx.store.workspaces.has(body.workspace)).toBe(false);
  });

  it('leaves other workspaces alone', async () => {
    const box = sandbox();
    const a = await newWorkspace(box);
    const b = await newWorkspace(box);
    const customer = (await box.post('/v1/customers', { name: 'Bo' }, b.key('secret'))).body;
    await box.admin('delete', `/_mock/workspaces/${a.body.workspace}`);
    expect((await box.get(`/v1/customers/${customer.id}`, b.key('secret'))).status).toBe(200);
    expect((await box.get('/v1/account')).status).toBe(200);
  });

  it('answers 404 resource_missing for an unknown workspace, as JSON', async () => {
    expectError(await sandbox().admin('delete', '/_mock/workspaces/ws_nope'), 404, 'resource_missing', 'id');
  });
});
