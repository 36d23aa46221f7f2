import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fingerprint } from '../../src/domain/idempotency';
import { createContext } from '../../src/app/create-context';
import { startMock } from '../../src/start-mock';
import { expectError } from '../helpers/schemas';
import { createPayment, holdLatency, sandbox, Sandbox } from '../helpers/sandbox';

let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'payments-mock-loadable-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Exports the state, imports it into a fresh server and starts a third from it as a --state file; both must hold
 * what was exported (their own exports equal it). Answers the state as the --state server exports it.
 */
async function reloads(box: Sandbox): Promise<Record<string, unknown>> {
  const exported = (await box.admin('get', '/_mock/state')).body as Record<string, unknown>;
  // At the box's time: events past their 30-day window on another clock would be swept on load.
  const clock = `frozen@${new Date(box.ctx.clock.nowMs()).toISOString()}`;
  const fresh = sandbox({ clock });
  const res = await fresh.admin('put', '/_mock/state', exported);
  if (res.status !== 200) throw new Error(`import refused: ${res.text}`);
  // PUT /_mock/state keeps the running server's id generator (restoring it could repeat ids it already gave out):
  // it takes the document's id key (the same here: both are seeded alike) and counts on from the higher counter.
  const { random: _random, ids, ...content } = exported as { random: unknown; ids: { seq: number; requests: number } };
  const imported = (await fresh.admin('get', '/_mock/state')).body;
  expect(imported).toEqual({ ...content, random: expect.anything(), ids: { ...ids, seq: expect.any(Number), requests: expect.any(Number) } });
  expect(imported.ids.seq).toBeGreaterThanOrEqual(ids.seq);
  expect(imported.ids.requests).toBeGreaterThanOrEqual(ids.requests);
  const file = join(dir, `state-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(exported));
  const fromFile = (await sandbox({ state: file, clock }).admin('get', '/_mock/state')).body as Record<string, unknown>;
  expect(fromFile).toEqual(exported);
  return fromFile;
}

/** A state whose only content is one saved idempotent answer, with `override` applied to it. */
function stateWithReplay(box: Sandbox, override: Record<string, unknown>) {
  const workspace = [...box.ctx.store.workspaces.values()][0]!;
  return {
    workspaces: [
      {
        id: workspace.id,
        name: workspace.name,
        keys: [{ key: box.keys.secret }],
        test: {
          idempotency: [
            {
              key: 'k1',
              method: 'POST',
              path: '/v1/customers',
              fingerprint: 'x',
              created: 1767225600,
              status: 200,
              body: '{"id":"cus_1"}',
              version: '2025-08-27',
              ...override,
            },
          ],
        },
      },
    ],
  };
}

describe('a state whose saved answers could not be replayed is refused with a JSON pointer', () => {
  it.each([
    ['status 0', { status: 0 }, '/workspaces/0/test/idempotency/0/status'],
    ['status 1000', { status: 1000 }, '/workspaces/0/test/idempotency/0/status'],
    ['a version with CR/LF', { version: '2025-08-27\r\nX-Injected: 1' }, '/workspaces/0/test/idempotency/0/version'],
    ['an unknown version', { version: '1999-01-01' }, '/workspaces/0/test/idempotency/0/version'],
    ['a body that is not JSON', { body: '<html>' }, '/workspaces/0/test/idempotency/0/body'],
    ['a method other than POST', { method: 'GET' }, '/workspaces/0/test/idempotency/0/method'],
    ['a path outside /v1', { path: '/_mock/reset' }, '/workspaces/0/test/idempotency/0/path'],
  ])('PUT /_mock/state with %s: 400 naming the pointer, the store unchanged', async (_case, override, pointer) => {
    const box = sandbox();
    const before = (await box.admin('get', '/_mock/state')).body;
    const res = await box.admin('put', '/_mock/state', stateWithReplay(box, override));
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain(pointer);
    expect((await box.admin('get', '/_mock/state')).body).toEqual(before);
  });

  it('a --state file with status 1000 fails at start with one line naming the pointer', () => {
    const box = sandbox();
    const file = join(dir, 'bad-status.json');
    writeFileSync(file, JSON.stringify(stateWithReplay(box, { status: 1000 })));
    expect(() => createContext({ fixtures: 'none', state: file })).toThrow(/idempotency\/0\/status/);
  });

  it('an accepted replay is served by a listening server, which keeps serving', async () => {
    const box = sandbox();
    const mock = await startMock({ port: 0, fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T01:00:00Z' });
    try {
      const saved = { status: 402, body: '{"error":{"type":"card_error"}}', version: '2024-09-30', fingerprint: fingerprint('secret', {}) };
      const put = await mock.inject({ method: 'PUT', url: '/_mock/state', body: stateWithReplay(box, saved) });
      expect(put.status).toBe(200);
      const res = await fetch(`${mock.url}/v1/customers`, { method: 'POST', headers: { Authorization: `Bearer ${box.keys.secret}`, 'Idempotency-Key': 'k1' } });
      expect(res.status).toBe(402);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(res.headers.get('service-version')).toBe('2024-09-30');
      expect(await res.text()).toBe(saved.body);
      expect((await fetch(`${mock.url}/_mock/health`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });

  it('an older state file whose fingerprint holds the parameters loads with it digested', async () => {
    const box = sandbox();
    const state = stateWithReplay(box, { fingerprint: 'publishable:{"card":{"cvc":"123","number":"4242424242424242"}}' });
    expect((await box.admin('put', '/_mock/state', state)).status).toBe(200);
    const text = JSON.stringify((await box.admin('get', '/_mock/state')).body);
    expect(text).not.toContain('4242424242424242');
    expect(text).toMatch(/"fingerprint":"[0-9a-f]{64}"/);
  });
});

describe('every state the API can reach saves and loads again', () => {
  it('refuses a workspace name the loader would refuse (300 characters): 400, nothing created', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/workspaces', { name: 'n'.repeat(300) });
    expectError(res, 400, 'parameter_invalid', 'name');
    expect(box.ctx.store.workspaces.size).toBe(1);
    expect((await box.admin('post', '/_mock/workspaces', { name: 'n'.repeat(256) })).status).toBe(200);
    await reloads(box);
  });

  it('objects made with the clock before 1970 load again', async () => {
    const box = sandbox({ clock: 'frozen@1969-07-20T20:17:00Z' });
    const payment = await createPayment(box);
    expect(payment.created).toBeLessThan(0);
    await box.post('/v1/customers', { email: 'a@example.com' });
    const reloaded = await reloads(box);
    expect(JSON.stringify(reloaded)).toContain(payment.id);
  });

  it('a pm_card_* confirmation with the clock in 2099 makes a card that loads again', async () => {
    const box = sandbox({ clock: 'frozen@2099-06-01T00:00:00Z', scenario: 'manual' });
    const payment = await createPayment(box);
    const confirmed = await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' });
    expect(confirmed.status).toBe(200);
    const method = (await box.admin('get', '/_mock/state')).body.workspaces[0].test.payment_methods[0];
    expect(method.card.exp_year).toBe(2100);
    await reloads(box);
  });

  it('the same with the clock in 1990: the card expires in 2000, the lowest year cards accept', async () => {
    const box = sandbox({ clock: 'frozen@1990-06-01T00:00:00Z', scenario: 'manual' });
    const payment = await createPayment(box);
    expect((await box.post(`/v1/payments/${payment.id}/confirm`, { payment_method: 'pm_card_visa' })).status).toBe(200);
    expect((await box.admin('get', '/_mock/state')).body.workspaces[0].test.payment_methods[0].card.exp_year).toBe(2000);
    await reloads(box);
  });

  it('a fixture time beyond the clock range is refused with its pointer, not a crash', async () => {
    const box = sandbox();
    const state = { workspaces: [{ id: 'w', name: 'W', keys: [], test: { customers: [{ id: 'cus_1', created: '+99999999999w' }] } }] };
    const res = await box.admin('put', '/_mock/state', state);
    expectError(res, 400, 'parameter_invalid');
    expect(res.body.error.message).toContain('/workspaces/0/test/customers/0/created');
  });
});

describe('a state file from before ids were made from numbers (no "ids")', () => {
  it('loads with its ids kept as strings: objects, events and requests are found and served as saved, and new ids never clash', async () => {
    const box = sandbox({ seed: 7 });
    const payment = await createPayment(box);
    const confirmed = (await box.get(`/v1/payments/${payment.id}`)).body;
    const events = (await box.get('/v1/events')).body.data;
    // An older version wrote no "ids": read with another key, none of its ids decode.
    const { ids: _ids, ...older } = (await box.admin('get', '/_mock/state')).body as Record<string, unknown>;
    const file = join(dir, `older-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(older));
    const loaded = sandbox({ state: file, seed: 8, autosave: 'off' });
    expect((await loaded.get(`/v1/payments/${payment.id}`)).body).toEqual(confirmed);
    for (const event of events) expect((await loaded.get(`/v1/events/${event.id}`)).body).toEqual(event);
    expect((await loaded.get('/v1/events')).body.data).toEqual(events);
    const fresh = await createPayment(loaded);
    expect([payment.id, ...events.map((event: { id: string }) => event.id)]).not.toContain(fresh.id);
    expect((await loaded.get('/v1/payments')).body.data.map((p: { id: string }) => p.id)).toEqual([fresh.id, payment.id]);
    // Saved again, it keeps the old ids as they were beside the new ones, and loads again.
    const saved = (await loaded.admin('get', '/_mock/state')).body;
    const again = join(dir, `again-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(again, JSON.stringify(saved));
    expect((await sandbox({ state: again, autosave: 'off' }).admin('get', '/_mock/state')).body).toEqual(saved);
  });
});

describe("PUT /_mock/state of another instance's export", () => {
  it("takes the document's id key and counters, so its ids read back as numbers and new ids never clash", async () => {
    const other = sandbox({ seed: 11 });
    const payment = await createPayment(other);
    const exported = (await other.admin('get', '/_mock/state')).body as { ids: { key: number[]; seq: number; requests: number } };
    const box = sandbox({ seed: 12 });
    expect((await box.admin('put', '/_mock/state', exported)).status).toBe(200);
    expect(box.ctx.store.idState()).toEqual(exported.ids);
    // Read back as a number under the document's key: found without a map entry of its own.
    expect(typeof box.ctx.store.partition([...box.ctx.store.workspaces.keys()][0]!, false).payments.keyOf(payment.id)).toBe('number');
    // The document's keys came with it.
    const key = [...box.ctx.store.keys.values()].find((k) => k.kind === 'secret' && !k.livemode)!.key;
    expect((await box.get(`/v1/payments/${payment.id}`, key)).status).toBe(200);
    const fresh = (
      await box.http
        .post('/v1/payments')
        .set({ authorization: `Bearer ${key}` })
        .type('form')
        .send({ amount: 100, currency: 'usd' })
    ).body;
    expect(fresh.id).not.toBe(payment.id);
    expect((await box.get('/v1/payments', key)).body.data.map((p: { id: string }) => p.id)).toEqual([fresh.id, payment.id]);
  });
});

describe('card data is never stored', () => {
  it('POST /v1/payment_methods with an Idempotency-Key keeps no card number or CVC in the state or its file', async () => {
    const file = join(dir, 'cards.json');
    const box = sandbox({ state: file });
    const card = { 'card[number]': '4000056655665556', 'card[exp_month]': 12, 'card[exp_year]': 2030, 'card[cvc]': '987' };
    const send = (form: Record<string, string | number>) => box.post('/v1/payment_methods', form, box.keys.publishable).set('Idempotency-Key', 'card-1');
    const first = await send(card);
    expect(first.status).toBe(200);
    const replay = await send(card);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expectError(await send({ ...card, 'card[number]': '4242424242424242' }), 400, 'idempotency_key_mismatch');

    const exported = JSON.stringify((await box.admin('get', '/_mock/state')).body);
    await box.ctx.saveState?.();
    const saved = readFileSync(file, 'utf8');
    for (const text of [exported, saved]) {
      expect(text).not.toContain('4000056655665556');
      expect(text).not.toContain('987');
    }
  });
});

describe('idempotency while the clock moves', () => {
  afterEach(() => jest.useRealTimers());

  it('a duplicate sent after the clock moved 25h while the first request runs gets 409, and one object exists', async () => {
    const box = sandbox();
    await box.admin('put', '/_mock/scenario', { scenario: 'slow', options: { latency_ms: 300 } });
    const send = () =>
      box
        .post('/v1/customers', { email: 'a@example.com' })
        .set('Idempotency-Key', 'slow-1')
        .then((res) => res);
    // The first request waits in its delay until released: the clock move and the duplicate surely come while it
    // runs, however long a loaded machine takes over them.
    const release = holdLatency();
    const first = send();
    const partition = [...box.ctx.store.workspaces.values()][0]!.test;
    while (partition.idempotency.size === 0) await new Promise((resolve) => setImmediate(resolve));
    expect((await box.admin('post', '/_mock/clock/advance', { by: '25h' })).status).toBe(200);
    expectError(await send(), 409, 'idempotency_key_in_use');
    release();
    expect((await first).status).toBe(200);
    await box.admin('put', '/_mock/scenario', { scenario: 'happy' });
    expect((await box.get('/v1/customers')).body.data).toHaveLength(1);
  });
});

describe('key rotation grace', () => {
  it.each(['366d', '53w', 99999999999999])('expires_in %p (over 365 days) is 400 parameter_invalid, the key unchanged', async (expiresIn) => {
    const box = sandbox();
    const res = await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: expiresIn });
    expectError(res, 400, 'parameter_invalid', 'expires_in');
    expect(box.ctx.store.keys.get(box.keys.secret)?.expires_at).toBeNull();
  });

  it('365 days is accepted', async () => {
    const box = sandbox();
    expect((await box.admin('post', `/_mock/keys/${box.keys.secret}/rotate`, { expires_in: '365d' })).status).toBe(200);
  });
});
