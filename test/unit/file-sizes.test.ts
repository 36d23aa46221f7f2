import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Keeps the house's size rule (issue #43, STYLE.md "Naming and size"): no file of src/ over 300 lines, stylesheets
 * and pages included. A file that grows past it does two jobs (or describes two things): split it, as
 * docs/architecture.md says where each part lives, rather than raise the limit.
 */
const ROOT = join(__dirname, '..', '..');
const SRC = join(ROOT, 'src');
const MAX_LINES = 300;
/** Source, stylesheets and pages; data files (JSON) are not code a reader has to hold in mind. */
const CHECKED = /\.(ts|js|mjs|cjs|css|html)$/;

/**
 * Files allowed over the limit for now, each with the issue that removes it. Keep this list empty: an entry is a
 * debt with a name, and the test below fails once the file is back under the limit, so the entry goes too.
 */
const KNOWN_OVER: Record<string, string> = {};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return CHECKED.test(name) ? [path] : [];
  });
}

/** Lines as an editor numbers them: `wc -l`'s count, plus a last line that has no newline. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

const sizes = files(SRC).map((path) => ({ file: relative(ROOT, path).split(sep).join('/'), lines: lineCount(readFileSync(path, 'utf8')) }));

describe(`the size of the files of src/ (at most ${MAX_LINES} lines)`, () => {
  it.each([
    ['', 0],
    ['one line', 1],
    ['one line\n', 1],
    ['two\nlines', 2],
    ['two\nlines\n', 2],
    ['\n\n\n', 3],
  ])('counts lines as an editor numbers them: %j has %i', (text, lines) => {
    expect(lineCount(text)).toBe(lines);
  });

  it('finds the stylesheets, pages and scripts as well as the TypeScript', () => {
    const kinds = new Set(sizes.map(({ file }) => file.slice(file.lastIndexOf('.') + 1)));
    expect([...kinds]).toEqual(expect.arrayContaining(['ts', 'js', 'css']));
  });

  it(`has no file over ${MAX_LINES} lines outside the known exceptions (split a file that grows past it, by job or by what it describes)`, () => {
    const over = sizes.filter(({ file, lines }) => lines > MAX_LINES && !(file in KNOWN_OVER)).map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });

  it('lists no exception that is no longer needed (a file back under the limit, or gone, leaves the list)', () => {
    const stale = Object.keys(KNOWN_OVER).filter((file) => !sizes.some((size) => size.file === file && size.lines > MAX_LINES));
    expect(stale).toEqual([]);
  });
});
