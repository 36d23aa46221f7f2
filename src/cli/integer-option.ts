import { InvalidArgumentError } from 'commander';

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
