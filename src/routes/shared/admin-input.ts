import { ApiError } from '../../errors/api-error';

/** Admin bodies are small JSON objects; these helpers read them strictly, naming what is wrong. */
export type Input = Record<string, unknown>;

export function onlyKeys(input: Input, allowed: string[]): void {
  for (const key of Object.keys(input)) {
    if (!allowed.includes(key)) {
      throw new ApiError('parameter_unknown', `Received unknown parameter: ${key}. Accepted here: ${allowed.join(', ') || 'none'}.`, { param: key });
    }
  }
}

export function optionalString(input: Input, name: string): string | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ApiError('parameter_invalid', `Invalid ${name}: expected a non-empty string.`, { param: name });
  return value;
}

export function requiredString(input: Input, name: string): string {
  const value = optionalString(input, name);
  if (value === undefined) throw new ApiError('parameter_missing', `Missing required param: ${name}.`, { param: name });
  return value;
}

export function optionalBoolean(input: Input, name: string): boolean | undefined {
  const value = input[name];
  if (value === undefined) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new ApiError('parameter_invalid', `Invalid ${name}: expected true or false.`, { param: name });
}

/** The body of a clock move: exactly `{ by }`, a duration ("25h", "-1d") or a number of seconds. */
export function clockMove(body: Input): string | number {
  onlyKeys(body, ['by']);
  const by = body.by;
  if (by === undefined) throw new ApiError('parameter_missing', 'Missing required param: by (e.g. "25h", "31d", or a number of seconds).', { param: 'by' });
  if (typeof by !== 'string' && typeof by !== 'number')
    throw new ApiError('parameter_invalid', 'Invalid by: use a duration such as "25h" or "31d", or a number of seconds.', { param: 'by' });
  return by;
}

/** Turns configuration errors (a bad duration or time) into a 400 naming the parameter. */
export function asParam<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('parameter_invalid', `Invalid ${name}: ${(error as Error).message}`, { param: name });
  }
}

/** `asParam` for work that answers later (a clock move waits for the webhook attempts it makes due). */
export async function asParamAsync<T>(name: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('parameter_invalid', `Invalid ${name}: ${(error as Error).message}`, { param: name });
  }
}

/** The `limit` query parameter of an admin list: 1 to 1000, or undefined when it is not given. */
export function queryLimit(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 1000) {
    throw new ApiError('parameter_invalid_integer', `Invalid limit: ${value.slice(0, 40)}. Use 1 to 1000.`, { param: 'limit' });
  }
  return Number(value);
}
