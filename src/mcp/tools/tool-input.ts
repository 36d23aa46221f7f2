import type { ToolAnswer, ToolInput } from '../tool-types';

/**
 * The API's refusal of a typo'd parameter, for the tools that read their input themselves: an unknown name is
 * never ignored silently.
 *
 * @example
 * unknownParam({ methd: 'GET' }, ['method', 'path'], 'request takes method, path, …'); // { ok: false, message: 'Received unknown parameter: methd. …' }
 */
export function unknownParam(input: ToolInput, accepted: string[], hint: string): ToolAnswer | undefined {
  const name = Object.keys(input).find((key) => !accepted.includes(key));
  return name === undefined ? undefined : { ok: false, message: `Received unknown parameter: ${name.slice(0, 80)}. ${hint}`, detail: { param: name } };
}

/** A refusal in the API's words: `Invalid <name>: <what to send>.` */
export function invalid(name: string, what: string): ToolAnswer {
  return { ok: false, message: `Invalid ${name}: ${what}`, detail: { param: name } };
}
