import { ConfigError } from '../errors/api-error';
import { MAX_TIME_MS, TIME_RANGE_YEARS } from '../schemas/time-range';
import { parseDuration } from './duration';

export type ClockMode = 'real' | 'frozen' | 'offset';

export interface ClockState {
  mode: ClockMode;
  now: number;
  iso: string;
}

/**
 * A clock as a state file keeps it: a frozen clock's instant (Unix seconds, to the millisecond), an offset clock's
 * distance from the machine's time (so a clock 31 days ahead is 31 days ahead after a restart), or just `real`.
 */
export type SavedClock = { mode: 'real' } | { mode: 'frozen'; now: number } | { mode: 'offset'; offset_ms: number };

/** Reads the machine's time: the one place outside tests that may. Real-time features (rate limits) use it too. */
export const systemMs = (): number => Date.now();

/**
 * The mock clock: the only source of "now" for created timestamps, idempotency, the event window and key grace.
 * `real` follows the machine, `frozen` stands still until moved, `offset` follows the machine shifted.
 *
 * @example
 * const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
 * clock.advance('25h');
 * clock.now(); // 1767315600
 */
export class Clock {
  private mode: ClockMode = 'real';
  private frozenAtMs = 0;
  private offsetMs = 0;
  private readonly listeners: Array<() => void> = [];

  static fromSpec(spec: string = 'real'): Clock {
    const clock = new Clock();
    if (spec === 'real') return clock;
    if (spec === 'frozen') {
      clock.set('frozen');
      return clock;
    }
    if (spec.startsWith('frozen@')) {
      clock.set('frozen', spec.slice('frozen@'.length));
      return clock;
    }
    if (spec.startsWith('offset:')) {
      clock.mode = 'offset';
      clock.offsetMs = parseDuration(spec.slice('offset:'.length)) * 1000;
      checkRange(systemMs() + clock.offsetMs);
      return clock;
    }
    throw new ConfigError(`Invalid clock "${spec}": use real, frozen, frozen@<ISO-8601>, or offset:<duration> (e.g. offset:-2d).`);
  }

  /** Current time in milliseconds. */
  nowMs(): number {
    if (this.mode === 'frozen') return this.frozenAtMs;
    return systemMs() + this.offsetMs;
  }

  /** Current time in Unix seconds: what every `created` carries. */
  now(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** The mode alone, without building the whole state (the scheduler asks on every job it arms). */
  get currentMode(): ClockMode {
    return this.mode;
  }

  state(): ClockState {
    const ms = this.nowMs();
    return { mode: this.mode, now: Math.floor(ms / 1000), iso: new Date(Math.floor(ms / 1000) * 1000).toISOString() };
  }

  /** Switches mode; `now` (Unix seconds or ISO-8601) places the clock, and defaults to the current mock time. */
  set(mode: ClockMode, now?: string | number): ClockState {
    if (mode === 'real' && now !== undefined) {
      throw new ConfigError('A real clock follows the machine and takes no "now": use mode "offset" (or "frozen") to place the clock.');
    }
    const targetMs = checkRange(now === undefined ? this.nowMs() : parseInstant(now));
    this.mode = mode;
    if (mode === 'real') this.offsetMs = 0;
    if (mode === 'frozen') this.frozenAtMs = targetMs;
    if (mode === 'offset') this.offsetMs = targetMs - systemMs();
    this.changed();
    return this.state();
  }

  /** Moves the clock forward (or back, with a negative duration) in any mode. */
  advance(by: string | number): ClockState {
    const ms = parseDuration(by) * 1000;
    // Checked before moving, so a refused duration leaves the clock as it was.
    checkRange(this.nowMs() + ms);
    if (this.mode === 'frozen') this.frozenAtMs += ms;
    else {
      this.mode = 'offset';
      this.offsetMs += ms;
    }
    this.changed();
    return this.state();
  }

  /**
   * Stands the clock at an instant without changing how it runs: a frozen clock stays frozen there, a running
   * one runs on from there. The scheduler uses it to stop at each due time while it moves the clock.
   */
  placeAt(ms: number): ClockState {
    checkRange(ms);
    if (this.mode === 'frozen') this.frozenAtMs = ms;
    else {
      this.mode = 'offset';
      this.offsetMs = ms - systemMs();
    }
    this.changed();
    return this.state();
  }

  /** What a state file keeps of this clock (see SavedClock). */
  toSaved(): SavedClock {
    if (this.mode === 'frozen') return { mode: 'frozen', now: this.frozenAtMs / 1000 };
    if (this.mode === 'offset') return { mode: 'offset', offset_ms: this.offsetMs };
    return { mode: 'real' };
  }

  /** A clock as it was saved; the saved values are checked already (range included). */
  static fromSaved(saved: SavedClock): Clock {
    const clock = new Clock();
    clock.mode = saved.mode;
    if (saved.mode === 'frozen') clock.frozenAtMs = Math.round(saved.now * 1000);
    if (saved.mode === 'offset') clock.offsetMs = saved.offset_ms;
    return clock;
  }

  /** Called after every explicit move, so stores can drop what time has expired. */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

export function checkRange(ms: number): number {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_TIME_MS) {
    throw new ConfigError(`Time out of range: the clock must stay ${TIME_RANGE_YEARS}.`);
  }
  return ms;
}

/** Unix seconds (number or digit string) or an ISO-8601 date-time, in milliseconds. */
export function parseInstant(value: string | number): number {
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const seconds = Number(value);
    if (!Number.isSafeInteger(seconds)) throw new ConfigError(`Invalid time ${value}: expected Unix seconds.`);
    return seconds * 1000;
  }
  // A date-time without a zone is read as UTC, so the same command means the same instant on every machine.
  const zoned = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value}Z` : value;
  const ms = Date.parse(zoned);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) {
    throw new ConfigError(`Invalid time "${value}": use Unix seconds or ISO-8601 such as 2026-01-01T00:00:00Z.`);
  }
  return ms;
}
