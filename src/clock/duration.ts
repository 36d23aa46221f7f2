import { ConfigError } from '../errors/api-error';

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
const DURATION = /^([+-]?)((?:\d+(?:\.\d+)?[smhdw])+)$/;
const PART = /(\d+(?:\.\d+)?)([smhdw])/g;

/**
 * Parses durations such as `25h`, `-2d`, `1h30m`, `90s` (or a plain number of seconds) into whole seconds.
 * @example parseDuration('1d12h') // 129600
 */
export function parseDuration(input: string | number): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new ConfigError(`Invalid duration: ${input}`);
    return Math.round(input);
  }
  const text = input.trim();
  if (/^[+-]?\d+$/.test(text)) return Number(text);
  const match = DURATION.exec(text);
  if (!match) {
    throw new ConfigError(`Invalid duration "${input}": use a number of seconds or units like 30s, 15m, 25h, 2d, 1w (e.g. "1h30m", "-2d").`);
  }
  let seconds = 0;
  for (const [, amount, unit] of (match[2] ?? '').matchAll(PART)) seconds += Number(amount) * (UNIT_SECONDS[unit ?? 's'] ?? 1);
  return Math.round(match[1] === '-' ? -seconds : seconds);
}
