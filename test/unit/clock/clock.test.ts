import { Clock, parseInstant, systemMs } from '../../../src/clock/clock';
import { ConfigError } from '../../../src/errors/api-error';

const NEW_YEAR = Date.parse('2026-01-01T00:00:00Z') / 1000;

describe('Clock.fromSpec', () => {
  it('frozen@<ISO-8601> stands still at that instant', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    expect(clock.now()).toBe(NEW_YEAR);
    expect(clock.state()).toEqual({ mode: 'frozen', now: NEW_YEAR, iso: '2026-01-01T00:00:00.000Z' });
    expect(clock.now()).toBe(NEW_YEAR);
  });

  it('frozen@<Unix seconds> is accepted too', () => {
    expect(Clock.fromSpec(`frozen@${NEW_YEAR}`).now()).toBe(NEW_YEAR);
  });

  it('frozen stands still at the moment it was made', () => {
    const before = Math.floor(systemMs() / 1000);
    const clock = Clock.fromSpec('frozen');
    const after = Math.floor(systemMs() / 1000);
    expect(clock.state().mode).toBe('frozen');
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    expect(clock.now()).toBeLessThanOrEqual(after);
  });

  it.each([
    ['offset:-2d runs two days behind the machine', 'offset:-2d', -172800],
    ['offset:1h runs an hour ahead', 'offset:1h', 3600],
    ['offset:0s follows the machine', 'offset:0s', 0],
  ])('%s', (_rule, spec, offset) => {
    const clock = Clock.fromSpec(spec);
    const machine = systemMs();
    expect(clock.state().mode).toBe('offset');
    // Allow for the machine clock ticking between the two reads.
    expect(Math.abs(clock.nowMs() - (machine + offset * 1000))).toBeLessThan(1000);
  });

  it('real follows the machine clock', () => {
    const clock = Clock.fromSpec('real');
    expect(clock.state().mode).toBe('real');
    expect(Math.abs(clock.nowMs() - systemMs())).toBeLessThan(1000);
  });

  it.each([
    ['an unknown mode', 'sometimes'],
    ['frozen@ with a date that is not a date', 'frozen@yesterday'],
    ['frozen@ with nothing after it', 'frozen@'],
    ['offset: with a bad duration', 'offset:soon'],
  ])('refuses %s with a ConfigError', (_rule, spec) => {
    expect(() => Clock.fromSpec(spec)).toThrow(ConfigError);
  });
});

describe('Clock.advance', () => {
  it.each<[string, string | number, number]>([
    ['a duration text', '25h', NEW_YEAR + 90000],
    ['a number of seconds', 90, NEW_YEAR + 90],
    ['a negative duration moves back', '-1d', NEW_YEAR - 86400],
    ['units combine', '1d12h', NEW_YEAR + 129600],
  ])('moves a frozen clock by %s and keeps it frozen', (_rule, by, expected) => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    expect(clock.advance(by)).toEqual({ mode: 'frozen', now: expected, iso: new Date(expected * 1000).toISOString() });
    expect(clock.now()).toBe(expected);
  });

  it('adds up successive moves', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    clock.advance('1h');
    clock.advance(30);
    clock.advance('-1m');
    expect(clock.now()).toBe(NEW_YEAR + 3600 + 30 - 60);
  });

  it('turns a real clock into an offset clock that runs ahead by the amount', () => {
    const clock = Clock.fromSpec('real');
    clock.advance('2d');
    expect(clock.state().mode).toBe('offset');
    expect(Math.abs(clock.nowMs() - (systemMs() + 172_800_000))).toBeLessThan(1000);
  });

  it('tells listeners after every move, so stores can drop what expired', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    const seen: number[] = [];
    clock.onChange(() => seen.push(clock.now()));
    clock.advance('1s');
    clock.set('frozen', NEW_YEAR + 100);
    expect(seen).toEqual([NEW_YEAR + 1, NEW_YEAR + 100]);
  });

  it('refuses to move past the range a date can show, and leaves the time unchanged', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    expect(() => clock.advance(`${200_000_000}d`)).toThrow(ConfigError);
    expect(clock.now()).toBe(NEW_YEAR);
    expect(clock.advance('-1d').now).toBe(NEW_YEAR - 86400);
  });

  it('refuses a bad duration and leaves the time unchanged', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    expect(() => clock.advance('later')).toThrow(ConfigError);
    expect(clock.now()).toBe(NEW_YEAR);
  });
});

describe('Clock.set', () => {
  it('places a frozen clock at an ISO-8601 instant or Unix seconds', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    expect(clock.set('frozen', '2030-06-01T12:00:00Z').iso).toBe('2030-06-01T12:00:00.000Z');
    expect(clock.set('frozen', 1000).now).toBe(1000);
  });

  it('keeps the current mock time when switching to offset without a time', () => {
    const clock = Clock.fromSpec('frozen@2026-01-01T00:00:00Z');
    clock.set('offset');
    expect(clock.state().mode).toBe('offset');
    expect(Math.abs(clock.now() - NEW_YEAR)).toBeLessThanOrEqual(1);
  });

  it('back to real drops any offset', () => {
    const clock = Clock.fromSpec('offset:-3d');
    clock.set('real');
    expect(Math.abs(clock.nowMs() - systemMs())).toBeLessThan(1000);
  });
});

describe('parseInstant', () => {
  it.each<[string, string | number, number]>([
    ['Unix seconds as a number', NEW_YEAR, NEW_YEAR * 1000],
    ['Unix seconds as digits', String(NEW_YEAR), NEW_YEAR * 1000],
    ['an ISO-8601 date-time', '2026-01-01T00:00:00Z', NEW_YEAR * 1000],
    ['an ISO-8601 date-time with an offset', '2026-01-01T01:00:00+01:00', NEW_YEAR * 1000],
  ])('reads %s', (_rule, input, ms) => {
    expect(parseInstant(input)).toBe(ms);
  });

  it.each<[string, string | number]>([
    ['words', 'now'],
    ['an impossible date', '2026-13-45T00:00:00Z'],
    ['a number too large to be exact', 2 ** 60],
  ])('refuses %s with a ConfigError', (_rule, input) => {
    expect(() => parseInstant(input)).toThrow(ConfigError);
  });
});
