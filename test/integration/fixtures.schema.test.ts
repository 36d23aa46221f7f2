import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_SCHEMA } from '../../src/schemas/fixtures';
import { DEFAULT_FIXTURES } from '../../src/app/mock-options';

const root = join(__dirname, '..', '..');

describe('fixtures/schema.json', () => {
  it('is FIXTURE_SCHEMA written out (regenerate it with `npm run schema`)', () => {
    const shipped = JSON.parse(readFileSync(join(root, 'fixtures', 'schema.json'), 'utf8')) as unknown;
    expect(shipped).toEqual(JSON.parse(JSON.stringify(FIXTURE_SCHEMA)));
  });

  it('is a schema a standalone validator (an editor) can use, and the bundled fixtures satisfy it', () => {
    const shipped = JSON.parse(readFileSync(join(root, 'fixtures', 'schema.json'), 'utf8')) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(shipped);
    const bundled = JSON.parse(readFileSync(DEFAULT_FIXTURES, 'utf8')) as { $schema?: string };
    expect(validate(bundled)).toBe(true);
    expect(bundled.$schema).toBe('./schema.json');
  });

  it('ships in the package with the bundled fixtures', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('fixtures');
  });
});
