import { Palette } from './colors';
import { RequestLogLine } from '../context/mock-context';

export type LogFormat = 'pretty' | 'json' | 'off';

/** One line per /v1 request: coloured for people, JSON for machines. Keys never appear, only their kind. */
export function formatRequestLine(line: RequestLogLine, format: Exclude<LogFormat, 'off'>, now: Date, chalk: Palette): string {
  if (format === 'json') return JSON.stringify({ time: now.toISOString(), ...line, duration_ms: Math.round(line.duration_ms * 100) / 100 });
  const status = line.status >= 500 || line.status === 0 ? chalk.red : line.status >= 400 ? chalk.yellow : chalk.green;
  const parts = [
    chalk.dim(now.toISOString().slice(11, 23)),
    chalk.bold(line.method.padEnd(6)),
    line.path,
    status(line.status === 0 ? 'dropped' : line.error_code ? `${line.status} ${line.error_code}` : String(line.status)),
    chalk.dim(`${line.duration_ms.toFixed(1)}ms`),
    chalk.cyan(line.key_kind ?? '-'),
  ];
  if (line.replayed) parts.push(chalk.magenta('replayed'));
  return parts.join(' ');
}
