import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createPayment, settle } from '../../src/domain/payments';
import { Scope } from '../../src/domain/scope';
import { MockServer, startMock } from '../../src/start-mock';
import { killAll, requireBuild, spawnCli } from '../helpers/cli-process';
import { busiestWithin, startProfile } from './stall-profile';
import { describeStalls, watchStalls } from './stall-watch';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

/**
 * State files at the scale where they used to fail (`npm run test:scale`, a few minutes): 350k payments could
 * not be saved ("Invalid string length") and smaller saves froze every request for seconds.
 */
let dir: string;
beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'payments-mock-scale-'));
});
afterEach(async () => {
  await killAll();
  // Each test's state file goes with it: the million-payment file (1.5 GB) still being written back to disk made the
  // next test's save stall once (109 ms, neither waiting for a CPU nor collecting garbage).
  for (const name of ['million.json', 'metadata.json']) rmSync(join(dir, name), { force: true });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLOCK = 'frozen@2026-01-01T00:00:00Z';
const log = (text: string) => process.stdout.write(`[scale] ${text}\n`);

async function seedAndSave(file: string, count: number, metadata: Record<string, string>) {
  const mock = await startMock({ port: 0, fixtures: 'none', seed: 9, clock: CLOCK, state: file, journalSize: 0 });
  // Closed whatever happens: a mock left open by a failed check would keep Jest, and CI, from ever finishing.
  try {
    return await seedAndSaveOn(mock, file, count, metadata);
  } finally {
    await mock.close();
  }
}

async function seedAndSaveOn(mock: MockServer, file: string, count: number, metadata: Record<string, string>) {
  const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
  const headers = { authorization: `Bearer ${key}` };
  const started = performance.now();
  const ids: string[] = [];
  // Seeded through the domain (what a happy-path create does: payment.created, then payment.succeeded), which is
  // several times faster than through HTTP; the save does not care how the payments came.
  const ctx = mock.context;
  const workspace = [...ctx.store.workspaces.values()][0]!;
  for (let i = 0; i < count; i++) {
    const scope: Scope = {
      store: ctx.store,
      workspace,
      partition: workspace.test,
      livemode: false,
      now: ctx.clock.now(),
      version: workspace.default_version,
      request: { id: `req_${i}`, idempotency_key: null },
      bus: ctx.bus,
    };
    const payment = settle(scope, createPayment(scope, { amount: 2000, currency: 'usd', metadata }), 'succeed');
    if (i % 1000 === 0 || i === count - 1) ids.push(payment.id);
  }
  log(`seeded ${count} payments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const url = `${mock.url}/v1/payments/${ids[0]}`;
  const get = async () => void (await (await fetch(url, { headers })).arrayBuffer());

  // The first save is the one that matters most (a shutdown save is a first save), so it is measured on its own and
  // must keep FIRST_SAVE_BOUND_MS with no second chance.
  const first = await measureSave(mock, get, file);
  const label = `${count.toLocaleString('en')} payments`;
  saves.push({ label, attempt: 1, slowest: first.slowest, stallMax: first.stall.max });
  // A stall the save causes comes back on every save: it yields after every 10 ms of work, wherever it is. On CI's
  // virtual machine, after minutes of full load, one stall of 60–160 ms per run has shown at a random moment (the
  // main thread "running", yet no GC, no page faults, no wait for a CPU), never on an idle machine, and not traced to
  // anything of ours. So a save that misses the 100 ms bound is made again, up to twice: one of the three must keep
  // it. Every retry is counted and printed in the summary line at the end of the run, so none passes unseen.
  let measured = first;
  for (let attempt = 2; attempt <= 3 && !withinBound(measured); attempt++) {
    log(`save ${attempt - 1} missed the 100 ms bound: saving again (attempt ${attempt} of 3)`);
    measured = await measureSave(mock, get, file);
    saves.push({ label, attempt, slowest: measured.slowest, stallMax: measured.stall.max });
  }
  // The export over HTTP is streamed too: the same bytes as the file, even past the longest possible string. Saved
  // again first with no request meanwhile: the file keeps the count of /v1 requests ("ids".requests), which the
  // probe's requests during the saves above moved on (a count with one digit more is a byte more).
  await mock.saveState();
  const res = await fetch(`${mock.url}/_mock/state`);
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  expect(res.status).toBe(200);
  expect(bytes).toBe(statSync(file).size);
  log(`GET /_mock/state streamed ${(bytes / 1e6).toFixed(0)} MB`);
  return { ids, first, ...measured };
}

/**
 * The bound the first save keeps on its own, with no retry: a stall on the first save only (what a shutdown save
 * is) fails here, where the retries below would hide it. Wider than the 100 ms asked of the save that counts,
 * because a loaded machine adds its own waits: on the shared 2-core machine at a load average of 11 the first save
 * of a million payments kept its slowest request at 297 ms, of which 179 ms waiting for a CPU (the retries 200 ms
 * and more); a save that freezes the server (seconds, as the unstreamed save did) is far past it.
 */
const FIRST_SAVE_BOUND_MS = 500;

/** Every save measured, retries included, for the summary line at the end of the run. */
const saves: Array<{ label: string; attempt: number; slowest: number; stallMax: number }> = [];

afterAll(() => {
  const retries = saves.filter((save) => save.attempt > 1);
  const each = saves.map((save) => `${save.label} save ${save.attempt}: slowest ${save.slowest.toFixed(0)} ms, loop ${save.stallMax.toFixed(0)} ms`);
  const line = `[scale] summary: ${saves.length} saves measured, ${retries.length} ${retries.length === 1 ? 'retry' : 'retries'} after a missed 100 ms bound${retries.length ? ` (${retries.map((save) => `${save.label} attempt ${save.attempt}`).join(', ')})` : ''}; ${each.join('; ')}`;
  process.stdout.write(`${line}\n`);
  // On GitHub Actions the line also goes to the run's summary page.
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `${line}\n`);
});

interface Measured {
  stall: { p99: number; max: number };
  answered: number;
  slowest: number;
  extraHeap: { share: number; bytes: number };
}

const withinBound = ({ slowest, stall }: Measured) => slowest <= 100 && stall.max <= 100;

/** One save, while a client keeps calling the API: every answer's wait, the event loop's delay and the heap are measured. */
async function measureSave(mock: MockServer, get: () => Promise<void>, file: string): Promise<Measured> {
  gc();
  const storeHeap = process.memoryUsage().heapUsed;
  // The client's first calls load fetch and open the connection (100–450 ms under Jest), and the full GC above
  // leaves its sweeping to background threads: that is this process warming up, not the server stalling, so it
  // happens before anything is measured.
  for (let i = 0; i < 100; i++) await get();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const profiler = await startProfile();
  const watch = watchStalls();
  let saving = true;
  const slowest = { ms: 0, at: 0 };
  let answered = 0;
  let peakHeap = storeHeap;
  const started = performance.now();
  const faultsBefore = process.resourceUsage().minorPageFault;
  const probe = (async () => {
    while (saving) {
      const sent = performance.now();
      await get();
      const ms = performance.now() - sent;
      if (ms > slowest.ms) Object.assign(slowest, { ms, at: sent - started });
      answered++;
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  await mock.saveState();
  const saveSeconds = (performance.now() - started) / 1000;
  const faults = process.resourceUsage().minorPageFault - faultsBefore;
  saving = false;
  await probe;
  loop.disable();
  const worst = watch.stop();
  const stall = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  const extraHeap = { share: (peakHeap - storeHeap) / storeHeap, bytes: peakHeap - storeHeap };
  log(
    `saved ${(statSync(file).size / 1e6).toFixed(0)} MB in ${saveSeconds.toFixed(1)} s; ${answered} requests answered meanwhile, slowest ${slowest.ms.toFixed(0)} ms (${(slowest.at / 1000).toFixed(1)} s in); event-loop delay p99 ${stall.p99.toFixed(0)} ms, max ${stall.max.toFixed(0)} ms; heap ${(storeHeap / 1e6).toFixed(0)} MB before, at most +${((peakHeap - storeHeap) / 1e6).toFixed(0)} MB (+${(extraHeap.share * 100).toFixed(0)}%) while saving; ${faults} page faults`,
  );
  log(`longest stalls: ${describeStalls(worst)}`);
  // A save past the bound (one long stall, or a request waiting through several): what ran in its longest stalls,
  // from the samples (aligned to the watch's performance.now() clock).
  const profile = await profiler.stop();
  const measured = { stall, answered, slowest: slowest.ms, extraHeap };
  for (const long of withinBound(measured) ? [] : worst) {
    const from = watch.startedAt + long.at;
    log(`in the ${long.ms.toFixed(0)} ms stall at ${(long.at / 1000).toFixed(1)} s: ${busiestWithin(profile, from, from + long.ms + 10)}`);
  }
  return measured;
}

async function restartAndCheck(file: string, ids: string[]) {
  const started = performance.now();
  const cli = spawnCli(['--port', '0', '--log', 'off', '--fixtures', 'none', '--clock', CLOCK, '--state', file]);
  const line = await cli.waitForLine((text) => text.startsWith('payments-mock listening on '), 'the listening line', 600_000);
  const url = line.slice('payments-mock listening on '.length);
  log(`restarted from it in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const stop = () => {
    cli.child.kill('SIGTERM');
    return cli.exited;
  };
  try {
    const keys = (await (await fetch(`${url}/_mock/keys`)).json()) as { data: Array<{ key: string; kind: string; livemode: boolean }> };
    const key = keys.data.find((k) => k.kind === 'secret' && !k.livemode)!.key;
    for (const id of ids) {
      const res = await fetch(`${url}/v1/payments/${id}`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
    }
    // The newest event is the last payment's success: nothing was lost at the end of the file either.
    const newest = (await (await fetch(`${url}/v1/events?limit=1`, { headers: { authorization: `Bearer ${key}` } })).json()) as {
      data: Array<{ type: string; data: { object: { id: string } } }>;
    };
    expect(newest.data[0]).toMatchObject({ type: 'payment.succeeded', data: { object: { id: ids[ids.length - 1] } } });
  } finally {
    expect(await stop()).toBe(0);
  }
}

describe('state files at scale', () => {
  it('1,000,000 payments save (no request stalls over 100 ms meanwhile, little heap beyond the store) and load again', async () => {
    const file = join(dir, 'million.json');
    const { ids, first, stall, answered, slowest, extraHeap } = await seedAndSave(file, 1_000_000, {});
    expect(answered).toBeGreaterThan(100);
    // The first save on its own, no retry: a stall on the first save only (a shutdown save) is seen here.
    expect(first.slowest).toBeLessThanOrEqual(FIRST_SAVE_BOUND_MS);
    expect(first.stall.max).toBeLessThanOrEqual(FIRST_SAVE_BOUND_MS);
    // The contract: no request waits more than 100 ms for a save, and neither does anything else on the event loop.
    // On a busy shared machine the main thread can wait longer than that for a CPU: the "longest stalls" line above
    // says how much of each stall that was, and how much was garbage collection.
    expect(slowest).toBeLessThanOrEqual(100);
    expect(stall.max).toBeLessThanOrEqual(100);
    // The save holds a reference per item (its snapshot) and a chunk or two of bytes, not a copy of the store (it
    // took +17% of a 1 GB store, 170 B a payment, when it joined strings and grew its snapshot by push). Counted per
    // payment since payments are compact records (364 B with their two events, each built afresh as it is
    // written): the references are 24 B, the rest is what writing leaves for the collector; a copy would be over 364.
    expect(extraHeap.bytes / 1_000_000).toBeLessThan(150);
    await restartAndCheck(file, ids);
  }, 600_000);

  it('19,000 payments with 10 KB of metadata each save (no request stalls over 100 ms meanwhile) and load again', async () => {
    const file = join(dir, 'metadata.json');
    const metadata = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(500)]));
    const { ids, first, stall, slowest } = await seedAndSave(file, 19_000, metadata);
    expect(first.slowest).toBeLessThanOrEqual(FIRST_SAVE_BOUND_MS);
    expect(first.stall.max).toBeLessThanOrEqual(FIRST_SAVE_BOUND_MS);
    expect(slowest).toBeLessThanOrEqual(100);
    expect(stall.max).toBeLessThanOrEqual(100);
    await restartAndCheck(file, ids);
  }, 300_000);
});
