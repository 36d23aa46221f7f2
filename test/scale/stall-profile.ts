import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * V8's sampling profiler on this thread while a save is measured, so that a stall the watch sees can be told by
 * what ran in it (1 ms samples; a few per cent of overhead). `stop()` gives the profile and the offset from its
 * clock (V8's monotonic microseconds, the clock of process.hrtime) to `performance.now()`'s milliseconds.
 */
export async function startProfile(): Promise<{ stop(): Promise<{ profile: Profile; offsetMs: number }> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  // Both clocks read at once: a sample at t µs is at t / 1000 + offsetMs on performance.now()'s clock.
  const offsetMs = performance.now() - Number(process.hrtime.bigint() / 1000n) / 1000;
  return {
    async stop() {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      session.disconnect();
      return { profile, offsetMs };
    },
  };
}

/** The functions that ran most between `from` and `to` (ms on `performance.now()`'s clock), by samples: `name file:line 12 ms`. */
export function busiestWithin({ profile, offsetMs }: { profile: Profile; offsetMs: number }, from: number, to: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    const when = at / 1000 + offsetMs;
    if (when < from || when > to) continue;
    const { functionName, url, lineNumber } = byId.get(profile.samples[i]!)!.callFrame;
    const name = `${functionName || '(anonymous)'}${url ? ` ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 1000) / 1000);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join('; ');
}
