import { startOptionEntries, StartOption } from '../app/start-options';

/** One line of a help's list: a term and what it does, the terms in one column. */
export type HelpRow = [term: string, text: string];

/**
 * A start option's help row: its line, its default and its variable, as `--help` shows them.
 * @example optionRow(START_OPTIONS.port) // ['--port <n>', 'port to listen on; 0 = any free port (default: 4010, env: PAYMENTS_MOCK_PORT)']
 */
export function optionRow(entry: StartOption, under: { help?: string; shownDefault?: string } = {}): HelpRow {
  const shownDefault = under.shownDefault ?? entry.shownDefault;
  const notes = [...(shownDefault ? [`default: ${shownDefault}`] : []), `env: ${entry.env}`];
  return [`${entry.flag}${entry.arg ? ` ${entry.arg}` : ''}`, `${under.help ?? entry.help} (${notes.join(', ')})`];
}

/** The help rows of every start option `payments-mock` takes. */
export function startOptionRows(): HelpRow[] {
  return startOptionEntries().map(([, entry]) => optionRow(entry));
}

/**
 * A help page: usage, description, then lists (options, commands) with their terms in one column.
 * @example helpPage('payments-mock [options]', 'A sandbox.', [['Options:', [['-h, --help', 'display help']]]])
 */
export function helpPage(usage: string, description: string, lists: Array<[title: string, rows: HelpRow[]]>, after = ''): string {
  const width = Math.max(...lists.flatMap(([, rows]) => rows.map(([term]) => term.length))) + 2;
  const body = lists.map(([title, rows]) => [title, ...rows.map(([term, text]) => `  ${term.padEnd(width)}${text}`)].join('\n'));
  return `Usage: ${usage}\n\n${description}\n\n${body.join('\n\n')}\n${after ? `\n${after}\n` : ''}`;
}
