import { readFileSync } from 'node:fs';
import { PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/** How often the watch looks at the clock: a stall shorter than this is not seen. */
const TICK_MS = 5;

export interface Stall {
  /** When it started, in ms since the watch started. */
  at: number;
  ms: number;
  /** Of those ms, how long the main thread was ready to run but waiting for a CPU (Linux; undefined elsewhere). */
  waitingForCpu?: number;
  /** Of those ms, how long garbage collection paused the thread. */
  gc: number;
}

/**
 * The longest stalls of the event loop, and what filled them: the main thread waiting for a CPU (the scheduler's
 * run-queue wait, from /proc: other processes had the CPUs), garbage collection, or the rest (our own work). On a
 * shared machine that tells a stall the process did not cause from one it did.
 */
export function watchStalls(): { stop(): Stall[] } {
  const started = performance.now();
  let last = started;
  let lastWait = cpuWait();
  const stalls: Array<Omit<Stall, 'gc'>> = [];
  const timer = setInterval(() => {
    const now = performance.now();
    const wait = cpuWait();
    if (now - last > 2 * TICK_MS) {
      const waitingForCpu = wait === undefined || lastWait === undefined ? undefined : wait - lastWait;
      stalls.push({ at: last, ms: now - last - TICK_MS, ...(waitingForCpu === undefined ? {} : { waitingForCpu }) });
    }
    last = now;
    lastWait = wait;
  }, TICK_MS);
  const pauses: PerformanceEntry[] = [];
  const gcs = new PerformanceObserver((list) => void pauses.push(...list.getEntries()));
  gcs.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      clearInterval(timer);
      pauses.push(...gcs.takeRecords());
      gcs.disconnect();
      const worst = stalls.sort((a, b) => b.ms - a.ms).slice(0, 3);
      return worst.map((stall) => ({ ...stall, at: stall.at - started, gc: gcWithin(pauses, stall.at, stall.at + stall.ms + TICK_MS) }));
    },
  };
}

function gcWithin(pauses: PerformanceEntry[], from: number, to: number): number {
  return pauses.reduce((sum, pause) => sum + Math.max(0, Math.min(to, pause.startTime + pause.duration) - Math.max(from, pause.startTime)), 0);
}

/** The main thread's total run-queue wait in ms (`/proc/self/task/<pid>/schedstat`: on-CPU ns, waiting ns, slices). */
function cpuWait(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return undefined;
  }
}

/** The stalls in one line: `120 ms at 3.2 s (waiting for a CPU 110 ms, GC 4 ms); …` */
export function describeStalls(stalls: Stall[]): string {
  return stalls
    .map(({ at, ms, waitingForCpu, gc }) => {
      const cpu = waitingForCpu === undefined ? '' : `waiting for a CPU ${waitingForCpu.toFixed(0)} ms, `;
      return `${ms.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s (${cpu}GC ${gc.toFixed(0)} ms)`;
    })
    .join('; ');
}
