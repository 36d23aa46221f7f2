import { startOptionEntries } from './start-options';

/**
 * The option table of docs/command-line.md, made from the start options (`npm run docs` writes it; a test fails
 * when the page and the table differ).
 *
 * @example startOptionsMarkdown().split('\n')[0] // '| flag | env | default | meaning |'
 */
export function startOptionsMarkdown(): string {
  const rows = startOptionEntries().map(([, entry]) => {
    const flag = `\`${entry.flag}${entry.arg ? ` ${entry.arg}` : ''}\``.replace(/\|/g, '\\|');
    return `| ${flag} | \`${entry.env}\` | ${entry.docs.default} | ${entry.docs.meaning.replace(/\|/g, '\\|')} |`;
  });
  return ['| flag | env | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}
