import { Clock } from '../../../src/clock/clock';
import { Scheduler } from '../../../src/scheduler/scheduler';

/** The frozen clock's start; every due time below is in seconds from it. */
const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (seconds: number): number => T0 + seconds * 1000;

/**
 * A scheduler on a frozen clock (it never sleeps: only moves make time pass) and a log of what ran, each entry
 * `name@seconds` with the clock as it stood when the work ran.
 */
function rig() {
  const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
  const scheduler = new Scheduler(clock);
  const ran: string[] = [];
  const seconds = (): number => (clock.nowMs() - T0) / 1000;
  const note = (name: string) => (): void => void ran.push(`${name}@${seconds()}`);
  return { clock, scheduler, ran, note, seconds };
}
type Rig = ReturnType<typeof rig>;

/** Lets a few turns of the event loop pass: work that is still running stays running across them. */
async function turns(count = 3): Promise<void> {
  for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
}

let rigs: Rig[] = [];
function fresh(): Rig {
  const made = rig();
  rigs.push(made);
  return made;
}
afterEach(() => {
  for (const made of rigs) made.scheduler.close();
  rigs = [];
});

describe('due order', () => {
  const many = Array.from({ length: 40 }, (_, i): [string, number] => [`j${i}`, (i * 7) % 5]);
  const manyInOrder = [...many]
    .map(([name, due], i) => ({ name, due, i }))
    .sort((a, b) => a.due - b.due || a.i - b.i)
    .map(({ name, due }) => `${name}@${due}`);

  it.each<[string, Array<[string, number]>, string | number, string[]]>([
    [
      'jobs run in due order, not in the order they were scheduled',
      [
        ['c', 3],
        ['a', 1],
        ['b', 2],
      ],
      '5s',
      ['a@1', 'b@2', 'c@3'],
    ],
    [
      'jobs due at the same moment run in the order they were scheduled',
      [
        ['x', 2],
        ['y', 2],
        ['z', 2],
      ],
      '5s',
      ['x@2', 'y@2', 'z@2'],
    ],
    [
      'ties keep their scheduling order between earlier and later jobs',
      [
        ['late', 3],
        ['tie1', 2],
        ['early', 1],
        ['tie2', 2],
      ],
      '5s',
      ['early@1', 'tie1@2', 'tie2@2', 'late@3'],
    ],
    ['forty jobs on five due times run sorted by due time, ties in scheduling order', many, '5s', manyInOrder],
    [
      'the clock stands at each job’s due time while it runs',
      [
        ['a', 0.5],
        ['b', 90],
        ['c', 3600],
      ],
      '1h',
      ['a@0.5', 'b@90', 'c@3600'],
    ],
    ['a job due exactly at the end of the span runs', [['end', 5]], 5, ['end@5']],
    ['a job due a millisecond after the span waits', [['after', 5.001]], 5, []],
    [
      'a job already past due runs first, with the clock where it stands',
      [
        ['soon', 1],
        ['past', -10],
      ],
      5,
      ['past@0', 'soon@1'],
    ],
    ['moving the clock back runs nothing that is due later', [['a', 1]], '-1h', []],
  ])('%s', async (_rule, jobs, by, expected) => {
    const { scheduler, ran, note } = fresh();
    for (const [name, due] of jobs) scheduler.schedule(at(due), note(name));
    await scheduler.advance(by);
    expect(ran).toEqual(expected);
  });

  it.each([
    ['advance() places the clock at the end of the span, whatever ran on the way', '90m', 5400],
    ['advance() with seconds as a number moves that many seconds', 42, 42],
    ['advance() backwards places the clock back', '-2h', -7200],
  ])('%s', async (_rule, by, end) => {
    const { scheduler, note, seconds } = fresh();
    scheduler.schedule(at(60), note('on the way'));
    const state = await scheduler.advance(by);
    expect(seconds()).toBe(end);
    expect(state).toEqual({ mode: 'frozen', now: T0 / 1000 + end, iso: new Date(at(end)).toISOString() });
  });

  it('a stop waits for its jobs to finish before the clock moves on', async () => {
    const { scheduler, ran, seconds } = fresh();
    scheduler.schedule(at(1), async () => {
      await turns(5);
      ran.push(`slow done@${seconds()}`);
    });
    scheduler.schedule(at(2), () => void ran.push(`next@${seconds()}`));
    await scheduler.advance(3);
    expect(ran).toEqual(['slow done@1', 'next@2']);
  });
});

describe('canceled jobs', () => {
  it.each<[string, (r: Rig) => void, string[]]>([
    ['a job canceled before the move never runs', ({ scheduler, note }) => scheduler.schedule(at(1), note('gone')).cancel(), []],
    [
      'a canceled job at the front of the queue is passed over and the next one runs',
      ({ scheduler, note }) => {
        scheduler.schedule(at(1), note('gone')).cancel();
        scheduler.schedule(at(2), note('kept'));
      },
      ['kept@2'],
    ],
    [
      'a canceled job between two others leaves their order alone',
      ({ scheduler, note }) => {
        scheduler.schedule(at(1), note('a'));
        scheduler.schedule(at(1), note('gone')).cancel();
        scheduler.schedule(at(1), note('b'));
      },
      ['a@1', 'b@1'],
    ],
    [
      'a job canceled by an earlier job of the same move never runs',
      ({ scheduler, note }) => {
        const later = scheduler.schedule(at(3), note('gone'));
        scheduler.schedule(at(1), () => later.cancel());
      },
      [],
    ],
    [
      'canceling twice is harmless',
      ({ scheduler, note }) => {
        const job = scheduler.schedule(at(1), note('gone'));
        job.cancel();
        job.cancel();
        scheduler.schedule(at(1), note('kept'));
      },
      ['kept@1'],
    ],
  ])('%s', async (_rule, arrange, expected) => {
    const made = fresh();
    arrange(made);
    await made.scheduler.advance(5);
    expect(made.ran).toEqual(expected);
  });

  // runDue takes every job due at a stop off the heap before the first of them runs (each runs in a microtask), so
  // `canceled` is looked at again when each starts: cancel() means "never runs", even from a job due at that moment.
  it('a job canceled by a job due at the same moment, scheduled before it, never runs', async () => {
    const { scheduler, ran, note } = fresh();
    let tie = { cancel: (): void => undefined };
    scheduler.schedule(at(1), () => tie.cancel());
    tie = scheduler.schedule(at(1), note('gone'));
    await scheduler.advance(5);
    expect(ran).toEqual([]);
  });

  it('canceling a job that already ran changes nothing', async () => {
    const { scheduler, ran, note } = fresh();
    const job = scheduler.schedule(at(1), note('ran'));
    await scheduler.advance(2);
    job.cancel();
    await scheduler.advance(2);
    expect(ran).toEqual(['ran@1']);
  });

  it('the handle tells the due time it was scheduled for', () => {
    const { scheduler, note } = fresh();
    expect(scheduler.schedule(at(7), note('x')).dueMs).toBe(at(7));
    expect(scheduler.scheduleChore(at(9), note('y')).dueMs).toBe(at(9));
  });
});

describe('jobs scheduled by jobs during a move', () => {
  it.each<[string, (r: Rig) => void, string[]]>([
    [
      'a job scheduled inside the span runs in the same move, at its due time',
      ({ scheduler, note }) => scheduler.schedule(at(1), () => void scheduler.schedule(at(3), note('child'))),
      ['child@3'],
    ],
    [
      'a job scheduled for the same moment runs in the same move, at that moment',
      ({ scheduler, note, clock }) => scheduler.schedule(at(1), () => void scheduler.schedule(clock.nowMs(), note('child'))),
      ['child@1'],
    ],
    [
      'a job scheduled before a waiting sibling runs before it',
      ({ scheduler, note }) => {
        scheduler.schedule(at(1), () => void scheduler.schedule(at(2), note('child')));
        scheduler.schedule(at(3), note('sibling'));
      },
      ['child@2', 'sibling@3'],
    ],
    [
      'a tie scheduled by a job runs after the jobs already waiting for that moment',
      ({ scheduler, note }) => {
        scheduler.schedule(at(2), () => void scheduler.schedule(at(2), note('child')));
        scheduler.schedule(at(2), note('sibling'));
      },
      ['sibling@2', 'child@2'],
    ],
    [
      'a job scheduled in the past runs at once, with the clock where it stands',
      ({ scheduler, note }) => scheduler.schedule(at(2), () => void scheduler.schedule(at(-100), note('child'))),
      ['child@2'],
    ],
    [
      'a job scheduled after the span waits for a later move',
      ({ scheduler, note }) => scheduler.schedule(at(1), () => void scheduler.schedule(at(6), note('child'))),
      [],
    ],
    [
      'an async job that schedules when it finishes still has its child run in the same move',
      ({ scheduler, note }) =>
        scheduler.schedule(at(1), async () => {
          await turns();
          scheduler.schedule(at(4), note('child'));
        }),
      ['child@4'],
    ],
    [
      'a chain of jobs, each booking the next a second later, runs link by link up to the end of the span',
      ({ scheduler, clock, ran, seconds }) => {
        const link = (): void => {
          ran.push(`link@${seconds()}`);
          scheduler.schedule(clock.nowMs() + 1000, link);
        };
        scheduler.schedule(at(1), link);
      },
      ['link@1', 'link@2', 'link@3', 'link@4', 'link@5'],
    ],
  ])('%s', async (_rule, arrange, expected) => {
    const made = fresh();
    arrange(made);
    await made.scheduler.advance(5);
    expect(made.ran).toEqual(expected);
  });

  it('a job left waiting after the span runs on the next move, at its own due time', async () => {
    const { scheduler, ran, note } = fresh();
    scheduler.schedule(at(1), () => void scheduler.schedule(at(6), note('child')));
    await scheduler.advance(5);
    await scheduler.advance(5);
    expect(ran).toEqual(['child@6']);
  });
});

describe('set()', () => {
  it.each<[string, 'frozen' | 'offset', number | string | undefined, string[], number]>([
    ['set forward runs what comes due, with the clock at each due time', 'frozen', T0 / 1000 + 300, ['a@60', 'b@120'], 300],
    ['set forward to an ISO time works as Unix seconds do', 'frozen', '2026-01-01T00:05:00Z', ['a@60', 'b@120'], 300],
    ['set forward exactly to a due time runs that job', 'frozen', T0 / 1000 + 120, ['a@60', 'b@120'], 120],
    ['set backward runs nothing', 'frozen', T0 / 1000 - 3600, [], -3600],
    ['set to the time it already shows runs nothing', 'frozen', T0 / 1000, [], 0],
    ['set without a time keeps the time and runs nothing', 'frozen', undefined, [], 0],
    ['set to offset mode runs what comes due on the way, the clock frozen at each stop', 'offset', T0 / 1000 + 300, ['a@60', 'b@120'], 300],
  ])('%s', async (_rule, mode, now, expected, end) => {
    const { scheduler, ran, note, seconds } = fresh();
    scheduler.schedule(at(60), note('a'));
    scheduler.schedule(at(120), note('b'));
    scheduler.schedule(at(600), note('c'));
    const state = await scheduler.set(mode, now);
    expect(ran).toEqual(expected);
    expect(state.mode).toBe(mode);
    // An offset clock runs on from where it was placed, so it may have moved a little since.
    expect(Math.floor(seconds())).toBe(end);
  });

  it('after set backward, jobs keep their due times and run when the clock reaches them again', async () => {
    const { scheduler, ran, note } = fresh();
    scheduler.schedule(at(60), note('a'));
    await scheduler.set('frozen', T0 / 1000 - 3600);
    await scheduler.advance('1h');
    expect(ran).toEqual([]);
    await scheduler.advance('1m');
    expect(ran).toEqual(['a@60']);
  });

  it.each<[string, (s: Scheduler) => Promise<unknown>, RegExp]>([
    ['a time that is not a time is refused', (s) => s.set('frozen', 'tomorrow'), /Invalid time "tomorrow"/],
    ['a time beyond what a Date can show is refused', (s) => s.set('frozen', 9e15), /Time out of range/],
    ['a real clock with a time is refused with the clock’s own explanation', (s) => s.set('real', T0 / 1000 + 60), /A real clock follows the machine/],
    ['an advance by a duration that is not one is refused', (s) => s.advance('soon'), /soon/],
    ['an advance beyond what a Date can show is refused', (s) => s.advance(9e12), /Time out of range/],
  ])('%s, and then nothing runs and the clock stays', async (_rule, move, message) => {
    const { scheduler, ran, note, seconds } = fresh();
    scheduler.schedule(at(60), note('a'));
    await expect(move(scheduler)).rejects.toThrow(message);
    expect(ran).toEqual([]);
    expect(seconds()).toBe(0);
  });
});

describe('moves queue one after another', () => {
  it.each<[string, (s: Scheduler) => Array<Promise<unknown>>, string[], number]>([
    ['two advances made at once run one after the other', (s) => [s.advance('2m'), s.advance('2m')], ['a@60', 'b@180'], 240],
    ['an advance then a set back run in the order they were made', (s) => [s.advance('2m'), s.set('frozen', T0 / 1000 + 30)], ['a@60'], 30],
    [
      'a set forward then an advance continue from where the set left the clock',
      (s) => [s.set('frozen', T0 / 1000 + 120), s.advance('1m')],
      ['a@60', 'b@180'],
      180,
    ],
    ['a refused move does not hold up the moves made after it', (s) => [s.advance('nonsense'), s.advance('4m')], ['a@60', 'b@180'], 240],
  ])('%s', async (_rule, moves, expected, end) => {
    const { scheduler, ran, note, seconds } = fresh();
    scheduler.schedule(at(60), note('a'));
    scheduler.schedule(at(180), note('b'));
    await Promise.allSettled(moves(scheduler));
    expect(ran).toEqual(expected);
    expect(seconds()).toBe(end);
  });

  it('each move answers with the clock as it left it', async () => {
    const { scheduler } = fresh();
    const states = await Promise.all([scheduler.advance(10), scheduler.advance(10), scheduler.set('frozen', T0 / 1000 + 5)]);
    expect(states.map((state) => state.now - T0 / 1000)).toEqual([10, 20, 5]);
  });

  it('a move first waits for work that is already running, with the clock where it stood', async () => {
    const { scheduler, ran, seconds } = fresh();
    scheduler.schedule(at(0), async () => {
      await turns(5);
      ran.push(`running@${seconds()}`);
    });
    await scheduler.advance(1);
    expect(ran).toEqual(['running@0']);
  });
});

describe('chores', () => {
  it.each<[string, Array<['job' | 'chore', string, number]>, string | number, string[]]>([
    ['a chore that comes due inside a move runs once the move has placed the clock at its end', [['chore', 'sweep', 1]], 5, ['sweep@5']],
    ['a chore due exactly at the end of the move runs', [['chore', 'sweep', 5]], 5, ['sweep@5']],
    ['a chore due after the move waits', [['chore', 'sweep', 6]], 5, []],
    [
      'a move does not stop at a chore: the jobs after it still run at their own due times',
      [
        ['chore', 'sweep', 1],
        ['job', 'a', 3],
        ['job', 'b', 4],
      ],
      5,
      ['a@3', 'b@4', 'sweep@3'],
    ],
    [
      'a chore that came due runs at the next stop of the move, once',
      [
        ['chore', 'sweep', 1],
        ['job', 'a', 3],
      ],
      5,
      ['a@3', 'sweep@3'],
    ],
    [
      'a chore due after the last job stop waits for the end of the move',
      [
        ['job', 'a', 1],
        ['chore', 'sweep', 2],
      ],
      5,
      ['a@1', 'sweep@5'],
    ],
    ['a ten-year move runs a chore once', [['chore', 'sweep', 1]], '3650d', ['sweep@315360000']],
  ])('%s', async (_rule, work, by, expected) => {
    const { scheduler, ran, note } = fresh();
    for (const [kind, name, due] of work) {
      if (kind === 'job') scheduler.schedule(at(due), note(name));
      else scheduler.scheduleChore(at(due), note(name));
    }
    await scheduler.advance(by);
    // Only which stop each piece of work ran at is the rule; chores and jobs of one stop may come in either order.
    expect([...ran].sort()).toEqual([...expected].sort());
  });

  it.each<[string, (r: Rig) => Promise<void>, string[]]>([
    [
      'a chore due now runs after the current turn, like a job',
      async ({ scheduler, note }) => {
        scheduler.scheduleChore(at(0), note('now'));
        await scheduler.settle();
      },
      ['now@0'],
    ],
    [
      'a chore not yet due does not run while the frozen clock stands still',
      async ({ scheduler, note }) => {
        scheduler.scheduleChore(at(1), note('later'));
        await scheduler.settle();
        await turns();
      },
      [],
    ],
    [
      'a canceled chore never runs',
      async ({ scheduler, note }) => {
        scheduler.scheduleChore(at(1), note('gone')).cancel();
        await scheduler.advance(5);
      },
      [],
    ],
    [
      'both chores due at one moment run, each once',
      async ({ scheduler, note }) => {
        scheduler.scheduleChore(at(1), note('one'));
        scheduler.scheduleChore(at(1), note('two'));
        await scheduler.advance(5);
        await scheduler.advance(5);
      },
      ['one@5', 'two@5'],
    ],
    [
      'a chore that books its next run a second later runs once per move, not once per second of it',
      async ({ scheduler, clock, ran, seconds }) => {
        const sweep = (): void => {
          ran.push(`sweep@${seconds()}`);
          scheduler.scheduleChore(clock.nowMs() + 1000, sweep);
        };
        scheduler.scheduleChore(at(1), sweep);
        await scheduler.advance('1h');
        await scheduler.advance('1h');
      },
      ['sweep@3600', 'sweep@7200'],
    ],
    [
      'a chore does not count as a waiting job',
      async ({ scheduler, note, ran }) => {
        scheduler.scheduleChore(at(1), note('sweep'));
        ran.push(`size ${scheduler.size}`);
      },
      ['size 0'],
    ],
  ])('%s', async (_rule, act, expected) => {
    const made = fresh();
    await act(made);
    expect([...made.ran].sort()).toEqual(expected);
  });

  it('a chore that throws is reported on stderr and the jobs of its stop still run', async () => {
    const { scheduler, ran, note } = fresh();
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      scheduler.scheduleChore(at(1), () => {
        throw new Error('chore broke');
      });
      scheduler.schedule(at(1), note('job'));
      await scheduler.advance(2);
      expect(ran).toEqual(['job@1']);
      expect(write.mock.calls.join('')).toContain('chore broke');
    } finally {
      write.mockRestore();
    }
  });

  // A chore may return a promise (Job allows it): its rejection is reported on stderr like a job's, never an
  // unhandled rejection (which would end a Node process).
  it('a chore whose promise rejects is reported on stderr, as a job’s is', async () => {
    const { scheduler } = fresh();
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const rejected = Promise.reject(new Error('async chore broke'));
      // The test's own handler: without it the rejection would be unhandled and end the test run.
      rejected.catch(() => undefined);
      scheduler.scheduleChore(at(0), () => rejected);
      await scheduler.settle();
      await turns();
      expect(write.mock.calls.join('')).toContain('async chore broke');
    } finally {
      write.mockRestore();
    }
  });
});

describe('close()', () => {
  it.each<[string, (r: Rig) => Promise<void>, string[]]>([
    [
      'jobs waiting at close() never run, even when the clock then moves past them',
      async ({ scheduler, note }) => {
        scheduler.schedule(at(1), note('job'));
        scheduler.close();
        await scheduler.advance(5);
      },
      [],
    ],
    [
      'chores waiting at close() never run',
      async ({ scheduler, note }) => {
        scheduler.scheduleChore(at(0), note('chore'));
        scheduler.close();
        await turns();
      },
      [],
    ],
    [
      'a job due now at close() does not run after the current turn',
      async ({ scheduler, note }) => {
        scheduler.schedule(at(0), note('job'));
        scheduler.close();
        await turns();
      },
      [],
    ],
    [
      'close() during a move ends it without running what was still waiting',
      async ({ scheduler, note }) => {
        scheduler.schedule(at(1), () => scheduler.close());
        scheduler.schedule(at(2), note('after close'));
        await scheduler.advance(5);
      },
      [],
    ],
  ])('%s', async (_rule, act, expected) => {
    const made = fresh();
    await act(made);
    expect(made.ran).toEqual(expected);
    expect(made.scheduler.size).toBe(0);
  });

  // A closed scheduler keeps nothing it is given, so a move after close() has nothing to step through (it once spun
  // forever on a job scheduled after close(), in microtasks, out of reach of any timeout). The guard below makes the
  // clock refuse to be read after 10,000 looks, so that a regression fails instead of hanging.
  it('a move after close() ends even if a job was scheduled after close()', async () => {
    const { scheduler, clock, ran, note } = fresh();
    const nowMs = clock.nowMs.bind(clock);
    let looks = 0;
    jest.spyOn(clock, 'nowMs').mockImplementation(() => {
      if (++looks > 10_000) throw new Error('the move did not end: the clock was read 10,000 times');
      return nowMs();
    });
    scheduler.close();
    scheduler.schedule(at(1), note('late'));
    await scheduler.advance(5);
    expect(ran).toEqual([]);
  });
});
