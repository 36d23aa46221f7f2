import { InvalidArgumentError } from 'commander';
import { parseMemorySize } from '../memory/memory-size';

/*
 * The parsers of the command line's checked option values (integers within bounds, memory sizes, on/off switches),
 * shared by the start flags of `payments-mock` and `payments-mock mcp --start`.
 */

/**
 * A commander argument parser for an integer option within bounds: a bad value is one clear line, not a NaN.
 *
 * @example
 * new Option('--port <n>').argParser(integer('--port', 0, 65535));
 */
export const integer = (name: string, min: number, max: number) => (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}.`);
  return Number(value);
};

/**
 * A commander argument parser for a memory size (`512mb`, `2gb`): a value that is not one is one clear line. The
 * text goes on as given; startMock checks it against the heap limit.
 *
 * @example
 * new Option('--max-memory <size>').argParser(memorySize('--max-memory'));
 */
export const memorySize = (name: string) => (value: string) => {
  if (parseMemorySize(value) === undefined) throw new InvalidArgumentError(`${name} must be a size such as 512mb or 2gb.`);
  return value;
};

/**
 * A switch that may be given a value, so that its environment variable can say off: `--tls` alone is on;
 * `1`/`true`/`on`/`yes` and `0`/`false`/`off`/`no`/empty (PAYMENTS_MOCK_TLS=0) are read as such.
 * @example onOff('--tls')('off') // false
 */
export const onOff =
  (name: string) =>
  (value: string): boolean => {
    const word = value.trim().toLowerCase();
    if (['1', 'true', 'on', 'yes'].includes(word)) return true;
    if (['0', 'false', 'off', 'no', ''].includes(word)) return false;
    throw new InvalidArgumentError(`${name} takes on or off (1/0, true/false), or nothing for on.`);
  };
