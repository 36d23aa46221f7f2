import { readFileSync } from 'node:fs';
import { PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

/** How often the watch looks at the clock: a stall shorter than this is not seen. */
const TICK_MS = 5;
/** /proc/stat counts in USER_HZ ticks, 100 a second on Linux. */
const MS_PER_TICK = 10;

export interface Stall {
  /** When it started, in ms since the watch started. */
  at: number;
  ms: number;
  /** Of those ms, how long the main thread ran (Linux; undefined elsewhere). */
  running?: number;
  /** Of those ms, how long the main thread was ready to run but waiting for a CPU (Linux; undefined elsewhere). */
  waitingForCpu?: number;
  /** How long the virtual machine's CPUs were taken by its host meanwhile, in 10 ms ticks (Linux; undefined elsewhere). */
  stolen?: number;
  /** Page faults of the main thread meanwhile: fresh memory touched (each costs more in a virtual machine). */
  faults?: number;
  /** Of those ms, how long garbage collection paused the thread. */
  gc: number;
}

interface Sample {
  now: number;
  running?: number;
  waiting?: number;
  stolen?: number;
  faults?: number;
}

/**
 * The longest stalls of the event loop, and what filled them: the main thread running (our own work, or the
 * kernel's on our behalf), waiting for a CPU (the scheduler's run-queue wait: other processes had the CPUs), the
 * machine's CPUs taken by its host (a virtual machine's steal time), and garbage collection. On a shared machine
 * that tells a stall the process caused from one it did not.
 */
export function watchStalls(): { startedAt: number; stop(): Stall[] } {
  const started = performance.now();
  let last = sample();
  const stalls: Array<Omit<Stall, 'gc'>> = [];
  const timer = setInterval(() => {
    const next = sample();
    if (next.now - last.now > 2 * TICK_MS) stalls.push({ at: last.now, ms: next.now - last.now - TICK_MS, ...difference(last, next) });
    last = next;
  }, TICK_MS);
  const pauses: PerformanceEntry[] = [];
  const gcs = new PerformanceObserver((list) => void pauses.push(...list.getEntries()));
  gcs.observe({ entryTypes: ['gc'] });
  return {
    /** When the watch started, on `performance.now()`'s clock: a stall's `at` counts from here. */
    startedAt: started,
    stop() {
      clearInterval(timer);
      pauses.push(...gcs.takeRecords());
      gcs.disconnect();
      const worst = stalls.sort((a, b) => b.ms - a.ms).slice(0, 3);
      return worst.map((stall) => ({ ...stall, at: stall.at - started, gc: gcWithin(pauses, stall.at, stall.at + stall.ms + TICK_MS) }));
    },
  };
}

function difference(from: Sample, to: Sample): Pick<Stall, 'running' | 'waitingForCpu' | 'stolen' | 'faults'> {
  const delta = (key: 'running' | 'waiting' | 'stolen' | 'faults') => (from[key] === undefined || to[key] === undefined ? undefined : to[key]! - from[key]!);
  const running = delta('running');
  const waitingForCpu = delta('waiting');
  const stolen = delta('stolen');
  const faults = delta('faults');
  return {
    ...(faults === undefined ? {} : { faults }),
    ...(running === undefined ? {} : { running }),
    ...(waitingForCpu === undefined ? {} : { waitingForCpu }),
    ...(stolen === undefined ? {} : { stolen }),
  };
}

function gcWithin(pauses: PerformanceEntry[], from: number, to: number): number {
  return pauses.reduce((sum, pause) => sum + Math.max(0, Math.min(to, pause.startTime + pause.duration) - Math.max(from, pause.startTime)), 0);
}

/**
 * The clock, the main thread's time on a CPU and waiting for one (`/proc/self/task/<pid>/schedstat`: on-CPU ns,
 * waiting ns, slices), and the machine's steal time (the `cpu` line of `/proc/stat`, 8th number, summed over
 * its CPUs: an upper bound for the main thread's share).
 */
function sample(): Sample {
  const now = performance.now();
  try {
    const [running, waiting] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
    const cpu = readFileSync('/proc/stat', 'utf8').slice(0, 200).split('\n')[0]!.trim().split(/\s+/);
    // /proc/<pid>/task/<pid>/stat: after the name in parentheses, the 8th field is the thread's minor faults.
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
    return { now, running: running! / 1e6, waiting: waiting! / 1e6, stolen: Number(cpu[8]) * MS_PER_TICK, faults };
  } catch {
    return { now };
  }
}

/** The stalls in one line: `120 ms at 3.2 s (running 4 ms, waiting for a CPU 110 ms, stolen 0 ms, GC 4 ms); …` */
export function describeStalls(stalls: Stall[]): string {
  return stalls
    .map(({ at, ms, running, waitingForCpu, stolen, faults, gc }) => {
      const parts = [
        running === undefined ? '' : `running ${running.toFixed(0)} ms, `,
        waitingForCpu === undefined ? '' : `waiting for a CPU ${waitingForCpu.toFixed(0)} ms, `,
        stolen === undefined ? '' : `stolen by the host ${stolen.toFixed(0)} ms, `,
        faults === undefined ? '' : `${faults} page faults, `,
      ];
      return `${ms.toFixed(0)} ms at ${(at / 1000).toFixed(1)} s (${parts.join('')}GC ${gc.toFixed(0)} ms)`;
    })
    .join('; ');
}
