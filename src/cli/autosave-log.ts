import type { AutosaveReport } from '../state/autosave';
import { Palette } from './colors';
import { LogFormat } from './log-format';

/**
 * The log line of a background save: how many objects, the moment the file is a copy of (everything answered
 * before it is in the file), and how long it took.
 * @example autosaveLine({ file: 's.json', objects: 12, asOf: 0, ms: 4 }, 'json', new Date(), palette(false))
 */
export function autosaveLine(report: AutosaveReport, format: Exclude<LogFormat, 'off'>, now: Date, chalk: Palette): string {
  const asOf = new Date(report.asOf).toISOString();
  if (format === 'json')
    return JSON.stringify({ time: now.toISOString(), type: 'autosave', file: report.file, objects: report.objects, as_of: asOf, ms: report.ms });
  return `${chalk.dim(now.toISOString().slice(11, 23))} ${chalk.dim(`payments-mock: autosaved ${report.objects} objects at ${asOf} to ${report.file} (${report.ms} ms)`)}`;
}
