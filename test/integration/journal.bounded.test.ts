import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { main } from '../../src/cli/main';
import { startMock } from '../../src/start-mock';
import { JOURNAL_BODY_LIMIT } from '../../src/store/journal';
import { sandbox } from '../helpers/sandbox';

// A full collection before each measure, so what is counted is what the journal holds.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Heap and array buffers after full collections, the least of a few readings: V8 frees a collected buffer's memory on
 * a helper thread, so on a busy machine a reading taken at once can still count freed bodies (once, Node 24 in a full
 * matrix run: 48 MB).
 */
async function settledMemory(): Promise<number> {
  let least = Infinity;
  for (let round = 0; round < 10; round++) {
    gc();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    least = Math.min(least, heapUsed + arrayBuffers);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return least;
}

describe('the journal is bounded whatever the traffic', () => {
  it('1,000 requests with 256 KiB bodies (256 MB if kept whole) hold under 40 MB, and GET /_mock/requests?limit=1000 answers within 2 s', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', seed: 1, clock: 'frozen@2026-01-01T00:00:00Z' });
    try {
      const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
      // A JSON body of 256 KiB: refused (description too long), yet kept by the journal as sent. Bodies up to the
      // 1 MiB limit are kept the same way (16 KiB of each); a quarter of it shows the bound at a quarter of the work.
      const body = JSON.stringify({ amount: 100, currency: 'usd', description: `4242 4242 4242 4242 ${'x'.repeat(256 * 1024 - 100)}` });
      gc();
      const before = process.memoryUsage();
      for (let i = 0; i < 1000; i++) {
        const res = await mock.inject({
          method: 'POST',
          url: '/v1/payments',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body,
        });
        expect(res.status).toBe(400);
      }
      const held = (await settledMemory()) - (before.heapUsed + before.arrayBuffers);
      expect(held).toBeLessThan(40 * 1024 * 1024);

      const started = performance.now();
      const res = await mock.inject({ url: '/_mock/requests?limit=1000' });
      expect(performance.now() - started).toBeLessThan(2000);
      const data = (JSON.parse(res.body) as { data: Array<{ request_body: unknown; response_body: unknown; truncated: boolean }> }).data;
      expect(data).toHaveLength(1000);
      for (const entry of [data[0]!, data[999]!]) {
        expect(entry.truncated).toBe(true);
        expect(typeof entry.request_body).toBe('string');
        expect((entry.request_body as string).length).toBeLessThanOrEqual(JOURNAL_BODY_LIMIT);
        expect(entry.request_body as string).toContain('••••4242');
        expect(entry.request_body as string).not.toContain('4242 4242 4242 4242');
        expect(entry.response_body).toMatchObject({ error: { code: 'parameter_invalid' } });
      }
    } finally {
      await mock.close();
    }
  });

  it('a response longer than 16 KiB is cut with truncated: true; short ones are whole and not truncated', async () => {
    const box = sandbox();
    for (let i = 0; i < 60; i++) await box.post('/v1/customers', { email: `c${i}@example.com`, name: 'n'.repeat(250) });
    await box.get('/v1/customers?limit=100');
    const [list, create] = (await box.admin('get', '/_mock/requests?limit=2')).body.data;
    expect(list.truncated).toBe(true);
    expect(typeof list.response_body).toBe('string');
    expect(list.response_body).toHaveLength(JOURNAL_BODY_LIMIT);
    expect(create.truncated).toBe(false);
    expect(create.response_body).toMatchObject({ object: 'customer' });
  });

  it('keeps at most journalSize entries, the oldest dropped first', async () => {
    const box = sandbox({ journalSize: 3 });
    for (let i = 0; i < 5; i++) await box.get(`/v1/customers?limit=${i + 1}`);
    const data = (await box.admin('get', '/_mock/requests?limit=1000')).body.data as Array<{ request_body: { limit: number } }>;
    expect(data.map((entry) => entry.request_body.limit)).toEqual([5, 4, 3]);
  });

  it('--journal <n> sets it from the command line; a value out of range is one line and exit 1', async () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void out.push(t), isTTY: false };
    const started = await main(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', '--log', 'off', '--journal', '2'], io);
    try {
      expect(started.mock?.context.journal.capacity).toBe(2);
    } finally {
      await started.mock?.close();
    }
    const refused = await main(['node', 'payments-mock', '--port', '0', '--journal', '100001'], io);
    expect(refused.exitCode).toBe(1);
    expect(out.join('')).toContain('--journal must be an integer from 0 to 100000');
  });
});
