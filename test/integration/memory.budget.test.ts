import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';
import { main } from '../../src/cli/main';
import { storeBytes } from '../../src/memory/footprint';
import { nodeHeapSource } from '../../src/memory/heap-source';
import type { MemoryNotice } from '../../src/memory/memory-budget';
import { fakeHeap } from '../helpers/fake-heap';
import { createPayment, sandbox } from '../helpers/sandbox';

const MB = 1024 ** 2;

/**
 * A mock whose heap a test sets (see fakeHeap): 8 MB of budget, `other` bytes held besides the store, a full
 * collection taken at start so the budget counts the store from there.
 */
function boxNearBudget(other: number) {
  const heap = fakeHeap({ other });
  const notices: MemoryNotice[] = [];
  const box = sandbox({ maxMemory: '8mb', heapSource: heap.source, onMemory: (notice) => notices.push(notice) });
  heap.collect(storeBytes(box.ctx.store));
  return { box, heap, notices };
}

/** What the budget counts as the instance's own (the store and the journal): what a collection finds live of it. */
function heldBytes(box: ReturnType<typeof sandbox>): number {
  return storeBytes(box.ctx.store) + box.ctx.journal.bytes;
}

/** Makes writes until one is refused with 503 (a failure on any other status); returns how many succeeded. */
async function fillUntilRefused(box: ReturnType<typeof sandbox>, write: (i: number) => PromiseLike<{ status: number }>, most = 3000): Promise<number> {
  for (let i = 0; i < most; i++) {
    const { status } = await write(i);
    if (status === 503) return i;
    expect(status).toBe(200);
  }
  throw new Error(`no refusal after ${most} writes`);
}

/** Creates payments until one is refused; returns the refusal. */
async function createUntilRefused(box: ReturnType<typeof sandbox>, most = 40) {
  for (let i = 0; i < most; i++) {
    const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    if (res.status !== 200) return res;
  }
  throw new Error(`no refusal after ${most} creates`);
}

describe('the memory budget', () => {
  it('refuses a create past the budget with 503 api_error/memory_budget_exceeded, naming what is held, the budget and the ways out', async () => {
    const { box } = boxNearBudget(8 * MB - 5000);
    const refused = await createUntilRefused(box);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({ type: 'api_error', code: 'memory_budget_exceeded' });
    expect(refused.body.error.message).toMatch(/holds 8(\.\d+)? MB of its 8 MB budget/);
    expect(refused.body.error.message).toContain('POST /_mock/reset');
    expect(refused.body.error.doc_url).toMatch(/\/docs\/errors#memory_budget_exceeded$/);
  });

  it('keeps reads, deletes, idempotent replays, exports and the admin API working once full', async () => {
    const { box } = boxNearBudget(8 * MB - 3000);
    const endpoint = (await box.post('/v1/webhook_endpoints', { url: 'https://example.com/hooks', 'enabled_events[0]': '*' })).body as { id: string };
    const first = await box.post('/v1/payments', { amount: 2000, currency: 'usd' }).set('Idempotency-Key', 'order-1');
    await createUntilRefused(box);
    expect((await box.get('/v1/payments?limit=3')).status).toBe(200);
    expect((await box.get(`/v1/payments/${first.body.id}`)).status).toBe(200);
    const replay = await box.post('/v1/payments', { amount: 2000, currency: 'usd' }).set('Idempotency-Key', 'order-1');
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    expect((await box.http.delete(`/v1/webhook_endpoints/${endpoint.id}`).set('Authorization', `Bearer ${box.keys.secret}`)).status).toBe(200);
    expect((await box.admin('get', '/_mock/state')).status).toBe(200);
    expect((await box.admin('get', '/_mock/requests')).status).toBe(200);
    expect((await box.admin('post', '/_mock/workspaces', {})).status).toBe(200);
  });

  it('does not save a refusal for an idempotent retry: the same key creates once memory is freed', async () => {
    const { box, heap } = boxNearBudget(8 * MB - 3000);
    await createUntilRefused(box);
    const refused = await box.post('/v1/payments', { amount: 700, currency: 'usd' }).set('Idempotency-Key', 'later');
    expect(refused.status).toBe(503);
    heap.other = 4 * MB;
    heap.collect(storeBytes(box.ctx.store));
    const retried = await box.post('/v1/payments', { amount: 700, currency: 'usd' }).set('Idempotency-Key', 'later');
    expect(retried.status).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('accepts the next create after a reset at full, before V8 collects again', async () => {
    const { box, heap, notices } = boxNearBudget(7.5 * MB);
    // 7.5 MB besides the store: about 800 payments (640 B each, estimated) to the 8 MB budget; after the reset, 94% is held.
    await fillUntilRefused(box, (i) => box.post('/v1/payments', { amount: 100 + i, currency: 'usd' }));
    expect(notices.map((n) => n.state)).toEqual(['warning', 'full']);
    // A full collection with the store filled: the live heap is as full as the estimate says, so only counting what
    // the reset freed, at once, can lift the refusal (the next collection is not simulated).
    heap.collect(heldBytes(box));
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(503);
    expect((await box.admin('post', '/_mock/reset')).status).toBe(200);
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(200);
    expect(notices.map((n) => n.state)).toEqual(['warning', 'full', 'warning']);
    await createPayment(box);
  });

  it.each([
    ['resetting', 'post', '/reset'],
    ['deleting', 'delete', ''],
  ] as const)('accepts the next create after %s a workspace that filled the budget, before V8 collects again', async (_name, method, suffix) => {
    const { box, heap } = boxNearBudget(7.5 * MB);
    const made = await box.admin('post', '/_mock/workspaces', { name: 'filler' });
    const secret = (made.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)!.key;
    await fillUntilRefused(box, (i) => box.post('/v1/payments', { amount: 100 + i, currency: 'usd' }, secret));
    heap.collect(heldBytes(box));
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(503);
    expect((await box.admin(method, `/_mock/workspaces/${made.body.workspace as string}${suffix}`)).status).toBe(200);
    expect((await box.post('/v1/payments', { amount: 100, currency: 'usd' })).status).toBe(200);
  });

  it('counts what payments carry by its size: 50 metadata values of 500 characters fill 1 MB in about 33 creates', async () => {
    const { box } = boxNearBudget(7 * MB);
    const form: Record<string, string | number> = { amount: 100, currency: 'usd', description: 'd'.repeat(500) };
    for (let i = 0; i < 50; i++) form[`metadata[k${i}]`] = 'x'.repeat(499) + (i % 10);
    const creates = await fillUntilRefused(box, () => box.post('/v1/payments', form));
    // 1 MB of room at about 31 KB a payment, read every 8 writes past 80%; counted as objects (about 700 B each) it took 1,500.
    expect(creates).toBeGreaterThan(25);
    expect(creates).toBeLessThanOrEqual(40);
    expect(storeBytes(box.ctx.store)).toBeGreaterThan(creates * 50 * 500);
  });

  it('puts each crossing on the bus once, not once per request', async () => {
    const { box } = boxNearBudget(8 * MB - 20_000);
    const heard: string[] = [];
    box.ctx.bus.memory.subscribe((message) => heard.push(message.state));
    await createUntilRefused(box, 100);
    for (let i = 0; i < 5; i++) expect((await box.post('/v1/payments', { amount: 2000, currency: 'usd' })).status).toBe(503);
    expect(heard).toEqual(['warning', 'full']);
  });
});

describe('the default budget', () => {
  it('is first read at the 64th write, or at once after a --state file is loaded: a loaded store may already be past it', () => {
    // A heap of 150 MB in use under a limit of 200 MB: the default budget (70% of the 152 MB old generation) is past.
    const heap = () => {
      const fake = fakeHeap({ other: 0, limit: 200 * MB });
      fake.usedNow = 150 * MB;
      return fake.source;
    };
    const plain = sandbox({ heapSource: heap() });
    expect(plain.ctx.memory.state).toBe('ok');
    const folder = mkdtempSync(join(tmpdir(), 'budget-state-'));
    const state = join(folder, 'state.json');
    copyFileSync(DEFAULT_FIXTURES, state);
    const loaded = sandbox({ heapSource: heap(), state });
    try {
      expect(loaded.ctx.memory.state).toBe('full');
      expect(loaded.ctx.memory.admits()).toBe(false);
    } finally {
      plain.ctx.close();
      loaded.ctx.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('--max-memory', () => {
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const result = await main(
        ['node', 'payments-mock', '--port', '0', '--fixtures', 'none', ...(args.includes('--log') ? [] : ['--log', 'off']), ...args],
        io,
      );
      return { result, out: out.join(''), lines: out };
    } finally {
      process.env = saved;
    }
  };

  it('sets the budget from the command line or PAYMENTS_MOCK_MAX_MEMORY', async () => {
    const flag = await run(['--max-memory', '64mb']);
    const fromEnv = await run([], { PAYMENTS_MOCK_MAX_MEMORY: '96MB' });
    try {
      expect(flag.result.mock?.context.memory.budget).toBe(64 * MB);
      expect(fromEnv.result.mock?.context.memory.budget).toBe(96 * MB);
    } finally {
      await flag.result.mock?.close();
      await fromEnv.result.mock?.close();
    }
  });

  it("defaults to 70% of V8's old generation", async () => {
    const { result } = await run([]);
    try {
      expect(result.mock?.context.memory.budget).toBe(Math.floor(0.7 * (nodeHeapSource().limit() - 48 * MB)));
    } finally {
      await result.mock?.close();
    }
  });

  it.each([
    ['lots', '--max-memory must be a size such as 512mb or 2gb.'],
    ['1mb', 'Invalid --max-memory 1mb: give at least 8 MB.'],
    ['900gb', 'Invalid --max-memory 900gb: this Node process may hold at most'],
  ])('refuses %s with one line and exit 1', async (given, message) => {
    const { result, out } = await run(['--max-memory', given]);
    expect(result.exitCode).toBe(1);
    expect(out).toContain(message);
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('logs a crossing once, as a line of the request log (--log json), and the refused create as 503 memory_budget_exceeded', async () => {
    // This process's heap is far past 8 MB: the first create reads it and finds the budget reached.
    const { result, lines: written } = await run(['--max-memory', '8mb', '--log', 'json']);
    try {
      const mock = result.mock!;
      const secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
      const post = () =>
        fetch(`${mock.url}/v1/payments`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}` },
          body: new URLSearchParams({ amount: '100', currency: 'usd' }),
        });
      expect((await post()).status).toBe(503);
      expect((await post()).status).toBe(503);
    } finally {
      await result.mock?.close();
    }
    const lines = written
      .join('')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const memory = lines.filter((line) => line.type === 'memory');
    expect(memory).toHaveLength(1);
    expect(memory[0]).toMatchObject({ state: 'full', budget: 8 * MB });
    expect(memory[0]!.message).toMatch(/memory budget reached .*503 memory_budget_exceeded/);
    expect(lines.filter((line) => line.error_code === 'memory_budget_exceeded')).toHaveLength(2);
  });
});
