import { parseDuration } from '../../../src/clock/duration';
import { ConfigError } from '../../../src/errors/api-error';

describe('parseDuration', () => {
  it.each<[string, string | number, number]>([
    ['a number is seconds', 90, 90],
    ['a fractional number of seconds rounds to the nearest second', 1.6, 2],
    ['a negative number moves back', -30, -30],
    ['a digit string is seconds', '3600', 3600],
    ['a signed digit string is seconds', '-15', -15],
    ['s is seconds', '30s', 30],
    ['m is minutes', '15m', 900],
    ['h is hours', '25h', 90000],
    ['d is days', '30d', 2592000],
    ['w is weeks', '1w', 604800],
    ['units combine', '1h30m', 5400],
    ['units combine in any order', '30m1h', 5400],
    ['a leading minus negates the whole duration', '-2d', -172800],
    ['a leading plus is allowed', '+1d', 86400],
    ['fractions of a unit are allowed', '1.5h', 5400],
    ['surrounding spaces are ignored', '  2h ', 7200],
    ['zero is a duration', '0s', 0],
  ])('%s: %s → %i seconds', (_rule, input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });

  it.each<[string, string | number]>([
    ['an empty text', ''],
    ['a unit without a number', 'h'],
    ['an unknown unit', '5y'],
    ['words', 'tomorrow'],
    ['a minus inside the duration', '1h-30m'],
    ['spaces between parts', '1h 30m'],
    ['an uppercase unit', '2H'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s with a ConfigError that shows valid forms', (_rule, input) => {
    expect(() => parseDuration(input)).toThrow(ConfigError);
    if (typeof input === 'string') expect(() => parseDuration(input)).toThrow(/25h/);
  });
});
