import { autosaveMs, startAutosave, StateSaver } from '../../../src/state/autosave';

describe('autosaveMs', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['500ms', 500],
    ['1h30m', 5_400_000],
    [2, 2000],
  ])('reads %j as %d ms', (given, ms) => expect(autosaveMs(given)).toBe(ms));

  it('reads off as no autosave', () => expect(autosaveMs('off')).toBeNull());

  it.each(['never', '50ms', '2d', '', '-5s'])('refuses %j with what to give', (given) =>
    expect(() => autosaveMs(given)).toThrow(`Invalid --autosave ${given}: give an interval from 100ms to 24h, such as 30s, 5m or 500ms, or off.`),
  );
});

describe('StateSaver', () => {
  it('runs one save at a time: a save asked for during another starts after it, and both run', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    let n = 0;
    const saver = new StateSaver(
      async () => {
        const mine = ++n;
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(mine);
        running--;
      },
      () => 0,
    );
    await Promise.all([saver.save(), saver.save(), saver.save()]);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3]);
  });

  it('is dirty once the change count moved past what the last completed save began at', async () => {
    let changes = 5;
    const saver = new StateSaver(
      async () => void changes++,
      () => changes,
    );
    expect(saver.dirty).toBe(false);
    changes = 6;
    expect(saver.dirty).toBe(true);
    await saver.save(); // began at 6; a change during the save (7) is still to save
    expect(saver.dirty).toBe(true);
  });
});

describe('startAutosave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('saves each interval only when something changed, and stops when told', async () => {
    let changes = 0;
    const writes: number[] = [];
    const saver = new StateSaver(
      async () => void writes.push(changes),
      () => changes,
    );
    const reports: number[] = [];
    const stop = startAutosave(
      saver,
      1000,
      () => ({ file: 's.json', objects: changes }),
      (report) => reports.push(report.objects),
    );
    await jest.advanceTimersByTimeAsync(5000);
    expect(writes).toEqual([]);
    changes = 3;
    await jest.advanceTimersByTimeAsync(1000);
    expect(writes).toEqual([3]);
    expect(reports).toEqual([3]);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(writes).toEqual([3]);
    stop();
    changes = 4;
    await jest.advanceTimersByTimeAsync(10_000);
    expect(writes).toEqual([3]);
  });

  it('reports a failed save on stderr and tries again at the next interval', async () => {
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let changes = 0;
    let fail = true;
    const saver = new StateSaver(
      async () => {
        if (fail) throw new Error('disk full');
      },
      () => changes,
    );
    changes = 1;
    const reports: unknown[] = [];
    const stop = startAutosave(
      saver,
      1000,
      () => ({ file: 's.json', objects: 1 }),
      (report) => reports.push(report),
    );
    try {
      await jest.advanceTimersByTimeAsync(1000);
      expect(stderr).toHaveBeenCalledWith('payments-mock: autosave to s.json failed: disk full. The previous file is whole; trying again in 1000 ms.\n');
      expect(reports).toEqual([]);
      fail = false;
      await jest.advanceTimersByTimeAsync(1000);
      expect(reports).toHaveLength(1);
    } finally {
      stop();
      stderr.mockRestore();
    }
  });
});
