import { Palette } from './colors';
import { RequestLogLine } from '../context/mock-context';
import { maskPath } from '../masking/mask-text';

export type LogFormat = 'pretty' | 'json' | 'off';

/**
 * One line per /v1 request: coloured for people, JSON for machines. Keys never appear, only their kind; a key or
 * card number in the path is masked as the journal masks it.
 */
export function formatRequestLine(line: RequestLogLine, format: Exclude<LogFormat, 'off'>, now: Date, chalk: Palette): string {
  const path = maskPath(line.path);
  if (format === 'json') return JSON.stringify({ time: now.toISOString(), ...line, path, duration_ms: Math.round(line.duration_ms * 100) / 100 });
  const status = line.status >= 500 || line.status === 0 ? chalk.red : line.status >= 400 ? chalk.yellow : chalk.green;
  const parts = [
    chalk.dim(now.toISOString().slice(11, 23)),
    chalk.bold(line.method.padEnd(6)),
    path,
    status(line.status === 0 ? 'dropped' : line.error_code ? `${line.status} ${line.error_code}` : String(line.status)),
    chalk.dim(`${line.duration_ms.toFixed(1)}ms`),
    chalk.cyan(line.key_kind ?? '-'),
  ];
  if (line.replayed) parts.push(chalk.magenta('replayed'));
  return parts.join(' ');
}
