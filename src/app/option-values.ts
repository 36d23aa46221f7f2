import { ConfigError } from '../errors/api-error';
import { parseMemorySize } from '../memory/memory-size';

/*
 * How the start options' values are read from text (a flag's argument or an environment variable) and checked when
 * startMock is given them as values: one rule each, so a flag, its variable and the option fail alike.
 */

/** A kind of option value: read from text (`--port 80`), and checked as given to startMock (`{ port: 80 }`). */
export interface OptionValue<T> {
  /** The value in `text`, or a ConfigError that names `flag` and says what it takes. */
  read(text: string, flag: string): T;
  /** Whether a value given to startMock is one of these (absent: any value of the option's type is). */
  holds?(value: unknown): boolean;
  /** What it takes, for a refusal: `an integer from 0 to 65535`. */
  takes: string;
}

/** Text as given. */
export const text: OptionValue<string> = { read: (given) => given, takes: 'text' };

/**
 * A whole number within [min, max].
 * @example integerIn(0, 65535).read('80', '--port') // 80
 */
export function integerIn(min: number, max: number): OptionValue<number> {
  const takes = `an integer from ${min} to ${max}`;
  const holds = (value: unknown) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
  return {
    takes,
    holds,
    read: (given, flag) => {
      if (!/^\d+$/.test(given) || !holds(Number(given))) throw new ConfigError(`${flag} must be ${takes}.`);
      return Number(given);
    },
  };
}

/**
 * One of a list of words.
 * @example oneOf(['json', 'off']).read('off', '--log') // 'off'
 */
export function oneOf<T extends string>(choices: readonly T[]): OptionValue<T> {
  const takes = `one of ${choices.join(', ')}`;
  const holds = (value: unknown) => (choices as readonly unknown[]).includes(value);
  return {
    takes,
    holds,
    read: (given, flag) => {
      if (!holds(given)) throw new ConfigError(`${flag} ${JSON.stringify(given)} is not known: use ${takes}.`);
      return given as T;
    },
  };
}

/** A memory size (`512mb`, `2gb`), kept as written: startMock checks it against the heap limit. */
export const memorySize: OptionValue<string> = {
  takes: 'a size such as 512mb or 2gb',
  read: (given, flag) => {
    if (parseMemorySize(given) === undefined) throw new ConfigError(`${flag} must be ${memorySize.takes}.`);
    return given;
  },
};

/**
 * A switch its environment variable can turn off: `1`/`true`/`on`/`yes`, and `0`/`false`/`off`/`no`/empty
 * (PAYMENTS_MOCK_TLS=0); the flag alone is on.
 * @example onOff.read('off', '--tls') // false
 */
export const onOff: OptionValue<boolean> = {
  takes: 'on or off (1/0, true/false), or nothing for on',
  read: (given, flag) => {
    const word = given.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(word)) return true;
    if (['0', 'false', 'off', 'no', ''].includes(word)) return false;
    throw new ConfigError(`${flag} takes ${onOff.takes}.`);
  },
};

/**
 * Words separated by white space or by a separator: an environment variable carries a list in one value.
 * @example listOf(/\s+/).read('http://a/x http://b/y', '--webhook') // ['http://a/x', 'http://b/y']
 */
export function listOf(separator: RegExp): OptionValue<string[]> {
  return {
    takes: 'a list',
    read: (given) =>
      given
        .split(separator)
        .map((word) => word.trim())
        .filter((word) => word !== ''),
  };
}
