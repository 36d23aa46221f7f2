import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allDocs } from '../helpers/docs';

const root = join(__dirname, '..', '..');
const readme = allDocs();

/**
 * The README and docs/ show example files verbatim after a `<!-- file:path -->` marker; the examples Jest project runs
 * those files. Together they keep the README's code true.
 */
describe('README examples', () => {
  const markers = [...readme.matchAll(/<!-- file:(\S+) -->\n\n?```\w*\n([\s\S]*?)```/g)];

  it('has examples to check', () => {
    expect(markers.map((m) => m[1])).toEqual(
      expect.arrayContaining([
        'examples/webhooks/receiver.ts',
        'examples/webhooks/webhooks.test.ts',
        'examples/checkout/shop.js',
        'examples/checkout/checkout.test.ts',
      ]),
    );
  });

  it.each(markers.map((m) => [m[1] as string, m[2] as string]))('shows %s exactly as it is in the repository', (path, shown) => {
    expect(shown).toBe(readFileSync(join(root, path), 'utf8'));
  });
});
