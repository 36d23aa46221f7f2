import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { objectRefOf } from '../../src/store/event-log';
import { expectError } from '../helpers/schemas';
import { createPayment, FROZEN_AT, sandbox, Sandbox } from '../helpers/sandbox';

const ACME_SECRET = 'sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc';

async function seed(box: Sandbox) {
  const customer = (await box.post('/v1/customers', { email: 'ada@example.com', name: 'Ada' })).body;
  const payment = await createPayment(box, { customer: customer.id, 'metadata[order]': '7' });
  const refund = (await box.post(`/v1/payments/${payment.id}/refund`, { amount: 500 })).body;
  const method = (
    await box.post(
      '/v1/payment_methods',
      { 'card[number]': '4000000000000002', 'card[exp_month]': 12, 'card[exp_year]': 2030, 'card[cvc]': '123' },
      box.keys.publishable,
    )
  ).body;
  return { customer, payment, refund, method };
}

/** Everything a client can read in the sandbox's own workspace, test mode. */
async function snapshot(box: Sandbox, ids: string[]) {
  const objects: Record<string, unknown> = {};
  for (const id of ids) {
    const path = id.startsWith('pay_') ? 'payments' : id.startsWith('cus_') ? 'customers' : id.startsWith('re_') ? 'refunds' : 'events';
    objects[id] = (await box.get(`/v1/${path}/${id}`)).body;
  }
  return {
    objects,
    customers: (await box.get('/v1/customers?limit=100')).body.data,
    events: (await box.get('/v1/events?limit=100')).body.data,
    keys: (await box.admin('get', '/_mock/keys')).body.data,
  };
}

describe('GET /_mock/state', () => {
  it('exports every workspace with its keys and objects, in fixture format with absolute times', async () => {
    const box = sandbox();
    const { customer, payment, refund, method } = await seed(box);
    const res = await box.admin('get', '/_mock/state');
    expect(res.status).toBe(200);
    const [workspace] = res.body.workspaces;
    expect(res.body.workspaces).toHaveLength(1);
    expect(workspace.keys.map((k: { key: string }) => k.key)).toEqual(expect.arrayContaining([box.keys.secret, box.keys.liveRestricted]));
    expect(workspace.test.customers.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    expect(workspace.test.payments[0]).toMatchObject({ id: payment.id, amount: 2000, metadata: { order: '7' }, customer: customer.id });
    expect(workspace.test.refunds[0]).toMatchObject({ id: refund.id, amount: 500 });
    expect(workspace.test.payment_methods[0]).toMatchObject({ id: method.id, outcome: 'generic_decline' });
    expect(typeof workspace.test.events[0].created).toBe('number');
    expect(res.body.random).toHaveLength(4);
    expect(JSON.stringify(res.body)).not.toContain('4000000000000002');
  });
});

describe('PUT /_mock/state', () => {
  it('round-trips: importing an export brings back exactly the exported objects', async () => {
    const box = sandbox({ fixtures: DEFAULT_FIXTURES });
    const { customer, payment, refund } = await seed(box);
    const exported = (await box.admin('get', '/_mock/state')).body;
    const ids = [customer.id, payment.id, refund.id];
    const before = await snapshot(box, ids);

    const later = await createPayment(box);
    await box.post(`/v1/payments/${payment.id}/refund`, {});
    await box.admin('post', '/_mock/workspaces', {});
    const res = await box.admin('put', '/_mock/state', exported);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });

    expect(await snapshot(box, ids)).toEqual(before);
    expectError(await box.get(`/v1/payments/${later.id}`), 404, 'resource_missing');
    expect((await box.admin('get', '/_mock/state')).body.workspaces).toEqual(exported.workspaces);
    expect((await box.get('/v1/payments/pay_acm000000000000000000001', ACME_SECRET)).status).toBe(200);
  });

  it('loads each event snapshot as the stored version, with a shared patch where an older version differs', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const exported = (await box.admin('get', '/_mock/state')).body;
    const restored = sandbox();
    expect((await restored.admin('put', '/_mock/state', exported)).status).toBe(200);
    const partition = [...restored.ctx.store.partitions()][0]!;
    const stored = partition.payments.record(payment.id);
    const events = [...partition.events.values()].filter((event) => objectRefOf(event).id === payment.id);
    expect(events.map((event) => [event.type, event.stored === stored, event.patch])).toEqual([
      ['payment.created', true, { status: 'requires_confirmation', amount_received: 0 }],
      ['payment.succeeded', true, undefined],
    ]);
    expect((await restored.admin('get', '/_mock/state')).body.workspaces).toEqual(exported.workspaces);
  });

  it('carries saved idempotent responses: a retry after the import replays the original answer', async () => {
    const box = sandbox();
    const first = await box.post('/v1/payments', { amount: 1500, currency: 'eur' }).set('Idempotency-Key', 'order-77');
    const exported = (await box.admin('get', '/_mock/state')).body;
    expect(exported.workspaces[0].test.idempotency).toEqual([expect.objectContaining({ key: 'order-77', method: 'POST', path: '/v1/payments', status: 200 })]);

    const restored = sandbox();
    expect((await restored.admin('put', '/_mock/state', exported)).status).toBe(200);
    const retry = await restored.post('/v1/payments', { amount: 1500, currency: 'eur' }, box.keys.secret).set('Idempotency-Key', 'order-77');
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.text).toBe(first.text);
    const other = await restored.post('/v1/payments', { amount: 9, currency: 'eur' }, box.keys.secret).set('Idempotency-Key', 'order-77');
    expectError(other, 400, 'idempotency_key_mismatch');
  });

  it('keeps the id generator moving forward: a new object never takes an id seen before', async () => {
    const box = sandbox();
    const exported = (await box.admin('get', '/_mock/state')).body;
    const first = await createPayment(box);
    await box.admin('put', '/_mock/state', exported);
    const second = await createPayment(box);
    expect(second.id).not.toBe(first.id);
  });

  it.each([
    ['an unknown property', (s: Doc) => void (s.workspaces[0]!.colour = 'red'), '/workspaces/0/colour'],
    ['a key with a bad prefix', (s: Doc) => void (s.workspaces[0]!.keys[0]!.key = 'xk_test_abcdefgh12345678'), '/workspaces/0/keys/0/key'],
    ['a payment currency not in lower case', (s: Doc) => void (s.workspaces[0]!.test.payments[0]!.currency = 'USD'), '/workspaces/0/test/payments/0/currency'],
    ['a refund of an unknown payment', (s: Doc) => void (s.workspaces[0]!.test.refunds[0]!.payment = 'pay_nope'), '/workspaces/0/test/refunds/0/payment'],
    ['a payment of a missing customer', (s: Doc) => void (s.workspaces[0]!.test.payments[0]!.customer = 'cus_nope'), '/workspaces/0/test/payments/0/customer'],
    ['no workspaces', (s: Doc) => void delete (s as Partial<Doc>).workspaces, '/'],
    ['a workspace clock of an unknown mode', (s: Doc) => void (s.workspaces[0]!.clock = { mode: 'sometimes' }), '/workspaces/0/clock/mode'],
    ['a frozen workspace clock without "now"', (s: Doc) => void (s.workspaces[0]!.clock = { mode: 'frozen' }), '/workspaces/0/clock'],
    ['a real workspace clock with "now"', (s: Doc) => void (s.workspaces[0]!.clock = { mode: 'real', now: 1767225600 }), '/workspaces/0/clock/now'],
    ['a frozen workspace clock with "now" as text', (s: Doc) => void (s.workspaces[0]!.clock = { mode: 'frozen', now: 'soon' }), '/workspaces/0/clock/now'],
    [
      'an offset workspace clock beyond the clock range',
      (s: Doc) => void (s.workspaces[0]!.clock = { mode: 'offset', offset_ms: 9e15 }),
      '/workspaces/0/clock/offset_ms',
    ],
    ['a workspace scenario of an unknown name', (s: Doc) => void (s.workspaces[0]!.scenario = { scenario: 'chaos' }), '/workspaces/0/scenario/scenario'],
    [
      'a workspace scenario option out of range',
      (s: Doc) => void (s.workspaces[0]!.scenario = { scenario: 'flaky', options: { rate: 2 } }),
      '/workspaces/0/scenario/options/rate',
    ],
  ])('refuses %s with 400 naming the JSON pointer, and changes nothing', async (_case, spoil, pointer) => {
    const box = sandbox();
    const { customer, payment, refund } = await seed(box);
    const state = (await box.admin('get', '/_mock/state')).body as Doc;
    const ids = [customer.id, payment.id, refund.id];
    const before = await snapshot(box, ids);
    spoil(state);
    if (state.workspaces?.[0]) state.workspaces[0].name = 'changed';
    const res = await box.admin('put', '/_mock/state', state);
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain(`${pointer}:`);
    expect(await snapshot(box, ids)).toEqual(before);
    expect((await box.get('/v1/account')).body.name).not.toBe('changed');
  });

  it('refuses a body that is not JSON with a JSON error', async () => {
    const box = sandbox();
    const res = await box.http.put('/_mock/state').set('Content-Type', 'application/json').send('{"workspaces": [');
    expectError(res, 400, 'body_invalid');
  });
});

describe("a workspace's own clock and scenario in the state", () => {
  it('are exported with its data and imported back: the clock where it stood, the scenario with its options', async () => {
    const box = sandbox();
    const made = { id: (await box.admin('post', '/_mock/workspaces', { name: 'Worker 1' })).body.workspace as string };
    await box.admin('post', `/_mock/workspaces/${made.id}/clock/advance`, { by: '31d' });
    await box.admin('put', `/_mock/workspaces/${made.id}/scenario`, { scenario: 'flaky', options: { rate: 0.25 } });
    const exported = (await box.admin('get', '/_mock/state')).body as Doc;
    const saved = exported.workspaces.find((w) => w.id === made.id)!;
    expect(saved.clock).toEqual({ mode: 'frozen', now: Date.parse(FROZEN_AT) / 1000 + 31 * 86400 });
    expect(saved.scenario).toEqual({ scenario: 'flaky', options: { rate: 0.25 } });
    // The server's own workspace follows the server: nothing is written for it.
    expect(exported.workspaces[0]).not.toHaveProperty('clock');

    const other = sandbox();
    expect((await other.admin('put', '/_mock/state', exported)).status).toBe(200);
    expect((await other.admin('get', `/_mock/workspaces/${made.id}/clock`)).body).toMatchObject({ mode: 'frozen', iso: '2026-02-01T00:00:00.000Z' });
    expect((await other.admin('get', `/_mock/workspaces/${made.id}/scenario`)).body).toMatchObject({
      scenario: 'flaky',
      options: { rate: 0.25 },
      follows_server: false,
    });
    expect((await other.admin('get', '/_mock/clock')).body).toMatchObject({ iso: '2026-01-01T00:00:00.000Z' });
  });

  it('loads a state saved before workspace clocks were saved: its workspaces follow the server', async () => {
    const box = sandbox();
    const made = { id: (await box.admin('post', '/_mock/workspaces', { name: 'Old' })).body.workspace as string };
    const exported = (await box.admin('get', '/_mock/state')).body as Doc;
    for (const workspace of exported.workspaces) expect(workspace).not.toHaveProperty('clock');
    const other = sandbox();
    expect((await other.admin('put', '/_mock/state', exported)).status).toBe(200);
    expect((await other.admin('get', `/_mock/workspaces/${made.id}`)).body.clock).toMatchObject({ iso: '2026-01-01T00:00:00.000Z' });
  });
});

describe('POST /_mock/state/save', () => {
  it('writes the --state file (createApp too) and answers its path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payments-mock-save-'));
    try {
      const file = join(dir, 'state.json');
      const box = sandbox({ state: file });
      const customer = (await box.post('/v1/customers', { name: 'Ada' })).body;
      const res = await box.admin('post', '/_mock/state/save');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', file });
      expect(JSON.parse(readFileSync(file, 'utf8')).workspaces[0].test.customers[0].id).toBe(customer.id);
      expect(readdirSync(dir)).toEqual(['state.json']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 500 api_error/state_save_failed naming the file and the reason when the file system refuses, with no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'payments-mock-save-'));
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const folder = join(dir, 'kept');
      mkdirSync(folder);
      const file = join(folder, 'state.json');
      const box = sandbox({ state: file, autosave: 'off' });
      await box.post('/v1/customers', { name: 'Ada' });
      // The folder becomes a file after the start: as root too (where permission bits stop nothing), no file can be made in it.
      rmSync(folder, { recursive: true });
      writeFileSync(folder, 'not a folder');
      const res = await box.admin('post', '/_mock/state/save');
      expectError(res, 500, 'state_save_failed');
      expect(res.body.error.type).toBe('api_error');
      expect(res.body.error.message).toContain(`Could not save the state to ${file}: ENOTDIR`);
      expect(res.body.error.message).toContain('The previous file is whole');
      expect(res.body.error.message).not.toContain('bug');
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 400 as JSON when the mock was started without --state', async () => {
    const res = await sandbox().admin('post', '/_mock/state/save');
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain('--state');
  });
});

interface Doc {
  workspaces: Array<
    Record<string, unknown> & {
      id: string;
      name: string;
      keys: Array<{ key: string }>;
      test: { payments: Array<{ currency: string; customer: string }>; refunds: Array<{ payment: string }> };
    }
  >;
}
