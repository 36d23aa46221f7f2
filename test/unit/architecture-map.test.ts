import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PAGE = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

describe('docs/architecture.md', () => {
  it('names only files and folders of src/ that exist (the "where each rule lives" table, the walk, the notes)', () => {
    const paths = [...new Set([...PAGE.matchAll(/`(src\/[\w./-]+)`/g)].map((match) => match[1] as string))];
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !existsSync(join(ROOT, path.replace(/\/$/, ''))))).toEqual([]);
  });
});
