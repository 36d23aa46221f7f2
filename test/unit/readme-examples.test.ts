import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
// The README and the reference pages in docs/ show example files the same way.
const readme = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
]
  .map((file) => readFileSync(join(root, file), 'utf8'))
  .join('\n');

/**
 * The README shows example files verbatim after a `<!-- file:path -->` marker; the examples Jest project runs
 * those files. Together they keep the README's code true.
 */
describe('README examples', () => {
  const markers = [...readme.matchAll(/<!-- file:(\S+) -->\n\n?```\w*\n([\s\S]*?)```/g)];

  it('has examples to check', () => {
    expect(markers.map((m) => m[1])).toEqual(expect.arrayContaining(['examples/webhooks/receiver.ts', 'examples/webhooks/webhooks.test.ts']));
  });

  it.each(markers.map((m) => [m[1] as string, m[2] as string]))('shows %s exactly as it is in the repository', (path, shown) => {
    expect(shown).toBe(readFileSync(join(root, path), 'utf8'));
  });
});
