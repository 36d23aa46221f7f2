import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOG } from '../../../src/errors/catalog';
import { errorExamplesMarkdown, errorsMarkdown } from '../../../src/errors/errors-markdown';
import { sandbox } from '../../helpers/sandbox';

type Row = { status: number; type: string };

const README = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'errors.md'), 'utf8');
const catalog: Record<string, Row> = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, spec]) => [code, { status: spec.status, type: spec.type }]));

/** The error table of docs/errors.md, between its markers, as code → status and type. */
function readmeRows(): Record<string, Row> {
  const section = /<!-- errors:start -->\n([\s\S]*?)\n?<!-- errors:end -->/.exec(README)?.[1];
  if (section === undefined) throw new Error('docs/errors.md lacks the <!-- errors:start --> … <!-- errors:end --> section');
  const rows: Record<string, Row> = {};
  for (const line of section.split('\n').slice(2)) {
    const [code = '', status = '', type = ''] = line
      .split(/(?<!\\)\|/)
      .slice(1)
      .map((cell) => cell.trim());
    rows[code.replace(/`/g, '')] = { status: Number(status), type };
  }
  return rows;
}

/** The served /docs/errors page, as code → status and type. */
async function pageRows(): Promise<Record<string, Row>> {
  const res = await sandbox().http.get('/docs/errors');
  expect(res.status).toBe(200);
  const rows: Record<string, Row> = {};
  for (const match of res.text.matchAll(/<tr id="([a-z_]+)"><td><code>([a-z_]+)<\/code><\/td><td>(\d+)<\/td><td>([a-z_]+)<\/td>/g)) {
    expect(match[2]).toBe(match[1]);
    rows[match[1] as string] = { status: Number(match[3]), type: match[4] as string };
  }
  return rows;
}

describe('error documentation', () => {
  it('the error table of docs/errors.md lists every catalog code with its status and type, and nothing else', () => {
    expect(readmeRows()).toEqual(catalog);
  });

  it('the README error table is exactly what `npm run docs` writes (meaning and fix included)', () => {
    expect(README).toContain(`<!-- errors:start -->\n${errorsMarkdown()}\n<!-- errors:end -->`);
  });

  it('the examples of docs/errors.md are exactly what `npm run docs` writes, and the served page shows each', async () => {
    expect(README).toContain(`<!-- error-examples:start -->\n${errorExamplesMarkdown()}\n<!-- error-examples:end -->`);
    const page = (await sandbox().http.get('/docs/errors')).text;
    expect(page).toContain('<h3 id="example-url_invalid">');
    expect(page).toContain('Did you mean GET /v1/payments or GET /v1/payments/{id}?');
    expect(page).toContain('a similar object exists in live mode, but a test mode key was used to make this request.');
  });

  it('the served /docs/errors page lists every catalog code with its status and type, and nothing else', async () => {
    expect(await pageRows()).toEqual(catalog);
  });

  it('every code has an anchor that doc_url can point at', async () => {
    const page = (await sandbox().http.get('/docs/errors')).text;
    for (const code of Object.keys(ERROR_CATALOG)) expect(page).toContain(`id="${code}"`);
  });

  it('every catalog entry says what it means and how to fix it', () => {
    for (const spec of Object.values(ERROR_CATALOG)) {
      expect(spec.meaning.length).toBeGreaterThan(10);
      expect(spec.fix.length).toBeGreaterThan(5);
    }
  });
});
