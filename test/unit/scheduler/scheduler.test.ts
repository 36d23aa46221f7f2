import { Clock } from '../../../src/clock/clock';
import { Scheduler } from '../../../src/scheduler/scheduler';

const T0 = Date.parse('2026-01-01T00:00:00Z');

function frozen() {
  const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
  return { clock, scheduler: new Scheduler(clock) };
}

describe('Scheduler', () => {
  it('starts many jobs due at one instant a slice per turn of the event loop, in due order, so requests run in between', async () => {
    const { clock, scheduler } = frozen();
    const jobs = 5000;
    const started: number[] = [];
    const turns: number[] = [];
    for (let i = 0; i < jobs; i++) scheduler.schedule(T0 + 1000, () => void started.push(i));
    // Another task that wants a turn of the event loop each time (as a request does): it gets one after each slice.
    let moving = true;
    const watch = (): void => {
      turns.push(started.length);
      if (moving) setImmediate(watch);
    };
    setImmediate(watch);
    const state = await scheduler.advance('1s');
    moving = false;
    expect(state.now).toBe(T0 / 1000 + 1);
    expect(started).toEqual(Array.from({ length: jobs }, (_, i) => i));
    expect(clock.nowMs()).toBe(T0 + 1000);
    const during = turns.filter((count) => count > 0 && count < jobs);
    expect(during.length).toBeGreaterThan(0);
    // The bound is the promise, not the constant: another task waits for at most 1,000 job starts (two slices of
    // 500 may fall between two of its turns), so 5,000 jobs give it at least 4 turns in the middle of the move.
    const MOST_BETWEEN_TURNS = 1000;
    for (let i = 1; i < turns.length; i++) expect((turns[i] as number) - (turns[i - 1] as number)).toBeLessThanOrEqual(MOST_BETWEEN_TURNS);
    expect(during.length).toBeGreaterThanOrEqual(jobs / MOST_BETWEEN_TURNS - 1);
    scheduler.close();
  });

  it('runs nothing that is not due when the clock stands still', async () => {
    const { scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0 + 5000, () => void ran.push('later'));
    await scheduler.settle();
    expect(ran).toEqual([]);
    scheduler.close();
  });

  it('runs work due now after the current turn, and settle() waits for it', async () => {
    const { scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0, () => void ran.push('now'));
    expect(ran).toEqual([]);
    await scheduler.settle();
    expect(ran).toEqual(['now']);
    scheduler.close();
  });

  it('advance() runs every job due in the span, in due order (ties in scheduling order), with the clock at each due time', async () => {
    const { clock, scheduler } = frozen();
    const ran: Array<[string, number]> = [];
    const at = (name: string) => () => void ran.push([name, clock.nowMs() - T0]);
    scheduler.schedule(T0 + 3000, at('c'));
    scheduler.schedule(T0 + 1000, at('a'));
    scheduler.schedule(T0 + 3000, at('d'));
    scheduler.schedule(T0 + 2000, at('b'));
    scheduler.schedule(T0 + 9000, at('after the span'));
    const state = await scheduler.advance('5s');
    expect(ran).toEqual([
      ['a', 1000],
      ['b', 2000],
      ['c', 3000],
      ['d', 3000],
    ]);
    expect(state.now).toBe(T0 / 1000 + 5);
    expect(state.mode).toBe('frozen');
    scheduler.close();
  });

  it('advance() resolves only when the work it ran is done, including work that work scheduled inside the span', async () => {
    const { clock, scheduler } = frozen();
    const ran: number[] = [];
    const chain = (): Promise<void> =>
      new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => {
        ran.push(clock.nowMs() - T0);
        if (ran.length < 3) scheduler.schedule(clock.nowMs() + 1000, chain);
      });
    scheduler.schedule(T0 + 1000, chain);
    await scheduler.advance('10s');
    expect(ran).toEqual([1000, 2000, 3000]);
    scheduler.close();
  });

  it('a canceled job never runs', async () => {
    const { scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0 + 1000, () => void ran.push('kept'));
    scheduler.schedule(T0 + 1000, () => void ran.push('canceled')).cancel();
    await scheduler.advance(2);
    expect(ran).toEqual(['kept']);
    scheduler.close();
  });

  it('set() to a later time runs what comes due; a refused time runs nothing and leaves the clock', async () => {
    const { clock, scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0 + 60_000, () => void ran.push('due'));
    await expect(scheduler.set('frozen', 'not a time')).rejects.toThrow(/Invalid time/);
    expect(clock.nowMs()).toBe(T0);
    const state = await scheduler.set('frozen', '2026-01-01T00:05:00Z');
    expect(ran).toEqual(['due']);
    expect(state.iso).toBe('2026-01-01T00:05:00.000Z');
    scheduler.close();
  });

  it('moving the clock back runs nothing', async () => {
    const { scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0 + 1000, () => void ran.push('x'));
    await scheduler.advance('-1h');
    expect(ran).toEqual([]);
    scheduler.close();
  });

  it('clock moves run one after another', async () => {
    const { clock, scheduler } = frozen();
    const seen: number[] = [];
    scheduler.schedule(T0 + 1000, () => new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => void seen.push(clock.nowMs() - T0)));
    const [first, second] = await Promise.all([scheduler.advance('2s'), scheduler.advance('2s')]);
    expect(seen).toEqual([1000]);
    expect([first.now, second.now]).toEqual([T0 / 1000 + 2, T0 / 1000 + 4]);
    scheduler.close();
  });

  it('a job that throws is reported on stderr and does not stop the others', async () => {
    const { scheduler } = frozen();
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const ran: string[] = [];
    scheduler.schedule(T0 + 1000, () => {
      throw new Error('boom');
    });
    scheduler.schedule(T0 + 1000, () => void ran.push('next'));
    await scheduler.advance(1);
    expect(ran).toEqual(['next']);
    expect(write.mock.calls.join('')).toContain('boom');
    write.mockRestore();
    scheduler.close();
  });

  it('under a running clock, a timer runs work when it comes due', async () => {
    const clock = Clock.fromSpec('real');
    const scheduler = new Scheduler(clock);
    // The due time is read once: reading the clock again later (a loaded machine) would move the goalposts.
    const due = clock.nowMs() + 30;
    const done = new Promise<number>((resolve) => scheduler.schedule(due, () => resolve(clock.nowMs())));
    expect(await done).toBeGreaterThanOrEqual(due);
    scheduler.close();
  });

  it('close() drops what waits', async () => {
    const { scheduler } = frozen();
    const ran: string[] = [];
    scheduler.schedule(T0, () => void ran.push('x'));
    scheduler.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual([]);
    expect(scheduler.size).toBe(0);
  });
});
