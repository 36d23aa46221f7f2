import { killAll, requireBuild, startCli } from '../helpers/cli-process';

beforeAll(requireBuild);
afterEach(killAll);

/** A payment with 50 metadata values of 500 characters: about 30 KB each on the heap, 26 KB of form. */
const BIG_PAYMENT = (() => {
  const form = new URLSearchParams({ amount: '100', currency: 'usd', description: 'd'.repeat(500) });
  for (let i = 0; i < 50; i++) form.set(`metadata[k${i}]`, 'x'.repeat(499) + (i % 10));
  return form.toString();
})();

interface MemoryAnswer {
  state: string;
  held: number;
  heap: { used: number };
  workspaces: Array<{ bytes: number }>;
}

describe('the memory budget on the real heap of the CLI', () => {
  it('accepts the next create right after a reset at full, without waiting for V8 to collect', async () => {
    const cli = await startCli(['--port', '0', '--log', 'off', '--fixtures', 'none', '--max-memory', '16mb']);
    const keys = (await (await fetch(`${cli.url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
    const secret = keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
    const create = async () => {
      const res = await fetch(`${cli.url}/v1/payments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: BIG_PAYMENT,
      });
      await res.arrayBuffer();
      return res.status;
    };
    const memory = async () => (await (await fetch(`${cli.url}/_mock/memory`)).json()) as MemoryAnswer;

    // The CLI holds a few MB of its own: at most 16 MB / 30 KB ≈ 550 creates fill the rest. Until V8's first full
    // collection the heap in use, garbage too, stands in for what is held (docs/behaviour.md), so a collection
    // between two requests can lift an early refusal: fill until a create is refused and the budget, asked at once,
    // still says full.
    let created = 0;
    let full: MemoryAnswer | undefined;
    while (!full) {
      const status = await create();
      if (status === 200) {
        if (++created > 1000) throw new Error('no refusal after 1,000 creates of 30 KB under a 16 MB budget');
        continue;
      }
      expect(status).toBe(503);
      const reading = await memory();
      if (reading.state === 'full') full = reading;
    }
    // What the store holds is counted by its size: at least the 25,500 characters of text each payment carries.
    expect(full.workspaces[0]!.bytes).toBeGreaterThan(created * 25_500);

    expect((await fetch(`${cli.url}/_mock/reset`, { method: 'POST' })).status).toBe(200);
    expect(await create()).toBe(200);
    const after = await memory();
    expect(after.state).not.toBe('full');
    // What the reset freed counts at once, whether or not V8 has collected since: at least 20 KB a payment.
    expect(after.held).toBeLessThan(full.held - created * 20_000);
  }, 60_000);
});
