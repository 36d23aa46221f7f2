import { get } from 'node:http';
import { killAll, startCli } from '../helpers/cli-process';
import { Answer, driveCreates } from './load-driver';

/** The heap the CLI gets: small, so the budget is reached in well under a minute of creates. */
const HEAP_MB = 160;
const CLIENTS = 32;
/** The load stops at the latest here, refused or not (the test then fails: the budget was never reached). */
const LOAD_MS = 90_000;
/** After the first refusal, creates go on this long: refusals hold under load, and nothing aborts. */
const AFTER_FULL_MS = 3000;

afterEach(() => killAll());

/** Reads a streamed answer to its end without keeping it: its size, and how it starts and ends. */
function readStreamed(url: string): Promise<{ status: number; bytes: number; head: string; tail: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let bytes = 0;
      let head = '';
      let tail = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        if (head.length < 20) head += chunk.slice(0, 20);
        tail = (tail + chunk).slice(-20);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head, tail }));
    }).on('error', reject);
  });
}

// Issue #30: a sustained load of creates under a small heap. Before the budget, the process aborted ("JavaScript
// heap out of memory") and 32 clients got reset connections; now creates are refused with 503 and everything
// else goes on.
it(`under node --max-old-space-size=${HEAP_MB}, creates from ${CLIENTS} clients are refused with 503 memory_budget_exceeded at the budget; reads, export and reset work, and creates work again after the reset`, async () => {
  const cli = await startCli(['--port', '0', '--fixtures', 'none', '--log', 'off'], { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` });
  const keys = (await (await fetch(`${cli.url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
  const key = keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const admin = (path: string, init?: RequestInit) => fetch(`${cli.url}${path}`, init);

  const started = Date.now();
  let firstRefusal: number | undefined;
  const counts = new Map<string, number>();
  let lastId = '';
  await driveCreates(
    cli.url,
    key,
    CLIENTS,
    () => Date.now() - started > LOAD_MS || (firstRefusal !== undefined && Date.now() - firstRefusal > AFTER_FULL_MS),
    (answer: Answer) => {
      const outcome = answer.status === 200 ? '200' : `${answer.status} ${answer.code ?? ''}`;
      counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
      if (answer.id) lastId = answer.id;
      if (answer.status === 503) firstRefusal ??= answer.at;
    },
  );
  const created = counts.get('200') ?? 0;
  const refused = counts.get('503 memory_budget_exceeded') ?? 0;
  const memory = (await (await admin('/_mock/memory')).json()) as { state: string; held: number; budget: number; heap: { limit: number } };
  process.stdout.write(
    `load until full: ${[...counts].map(([k, v]) => `${k}: ${v}`).join(', ')} in ${Date.now() - started} ms; held ${Math.round(memory.held / 2 ** 20)} MB of ${Math.round(memory.budget / 2 ** 20)} MB (heap limit ${Math.round(memory.heap.limit / 2 ** 20)} MB)\n`,
  );

  expect(firstRefusal).toBeDefined();
  expect(created).toBeGreaterThan(100_000);
  expect(refused).toBeGreaterThan(0);
  // Nothing but successes and budget refusals: no reset connection (status 0), no 500.
  expect([...counts.keys()].sort()).toEqual(['200', '503 memory_budget_exceeded']);
  expect(cli.child.exitCode).toBeNull();
  expect(memory.state).toBe('full');
  // One line a crossing, on stderr (with --log off): the warning at 80%, then the budget.
  const crossings = cli
    .stderr()
    .split('\n')
    .filter((line) => line.includes('"type":"memory"'))
    .map((line) => (JSON.parse(line) as { state: string }).state);
  expect(crossings.slice(0, 2)).toEqual(['warning', 'full']);

  // Reads, the export and the admin API still work at the budget.
  const auth = { headers: { Authorization: `Bearer ${key}` } };
  expect((await admin('/v1/payments?limit=10', auth)).status).toBe(200);
  expect((await admin(`/v1/payments/${lastId}`, auth)).status).toBe(200);
  const exported = await readStreamed(`${cli.url}/_mock/state`);
  expect(exported).toMatchObject({ status: 200 });
  expect(exported.head.startsWith('{"workspaces":[')).toBe(true);
  expect(exported.tail.endsWith('}')).toBe(true);
  expect(exported.bytes).toBeGreaterThan(created * 500);
  expect(cli.child.exitCode).toBeNull();

  // A reset frees it: creates are accepted again at once.
  expect((await admin('/_mock/reset', { method: 'POST' })).status).toBe(200);
  const after = await admin('/v1/payments', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: new URLSearchParams({ amount: '100', currency: 'usd' }),
  });
  if (after.status !== 200) process.stdout.write(`after reset: ${after.status} ${await after.text()}\n${await (await admin('/_mock/memory')).text()}\n`);
  expect(after.status).toBe(200);
  expect(cli.child.exitCode).toBeNull();
  await cli.stop('SIGTERM');
});
