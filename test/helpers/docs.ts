import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The README and every page of docs/, each with its path: the text whose examples the tests run as written. */
export function documents(): Array<{ path: string; text: string }> {
  const pages = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...pages].map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

/** All of them as one text, for tests that look an example up by its marker wherever it lives. */
export function allDocs(): string {
  return documents()
    .map((document) => document.text)
    .join('\n');
}
