import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { allDocs } from '../helpers/docs';
import { MockServer, startMock } from '../../src/start-mock';

/**
 * Runs the README's client examples as written, against a mock started with the bundled fixtures (the README's
 * key), so the README cannot drift from the mock: each is type-checked (strict) and then executed.
 */
const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
/** The README and docs/*.md: an example is found by its marker wherever it lives. */
const README = allDocs();
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const OPENAPI_TS = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');

function example(name: string): string {
  const source = new RegExp(`<!-- example:${name} -->\\n\`\`\`ts\\n([\\s\\S]*?)\\n\`\`\``).exec(README)?.[1];
  if (source === undefined) throw new Error(`README.md lacks the example "${name}" (<!-- example:${name} --> then a ts block)`);
  return source;
}

/** The example with its top-level awaits inside a main(), pointed at this test's mock. */
function program(source: string, mock: MockServer): string {
  const lines = source.replaceAll('http://127.0.0.1:4010', mock.url).replaceAll('port: 4010', `port: ${mock.port}`).split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const body = lines.filter((line) => !line.startsWith('import '));
  return `${imports.join('\n')}\n\nasync function main(): Promise<void> {\n${body.join('\n')}\n}\n\nmain().catch((error: unknown) => {\n  console.error(error);\n  process.exit(1);\n});\n`;
}

const EXAMPLES = ['openapi-fetch', 'stripe'];

describe('the README client examples', () => {
  let mock: MockServer;
  let folder: string;
  /** What tsc said of the folder: nothing when every example type-checks. */
  let checked: { stdout: string };

  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: 1 });
    // Inside the project so the examples resolve stripe, openapi-fetch and @types/node as a user's project would.
    mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
    folder = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'readme-examples-'));
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          target: 'ES2022',
          module: 'preserve',
          moduleResolution: 'bundler',
          lib: ['ES2022', 'DOM'],
          types: ['node'],
          esModuleInterop: true,
          noEmit: true,
          skipLibCheck: true,
        },
      }),
    );
    // Every example is written, and the whole folder type-checked, in one tsc run (each run costs seconds of CPU,
    // mostly reading the libraries). The openapi-fetch example's types are generated from the served document first.
    await run(process.execPath, [OPENAPI_TS, `${mock.url}/openapi.json`, '-o', join(folder, 'payments-mock-api.d.ts')], { cwd: folder });
    for (const name of EXAMPLES) writeFileSync(join(folder, `${name}.ts`), program(example(name), mock));
    checked = await run(process.execPath, [TSC, '-p', folder], { cwd: folder }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  }, 60_000);

  afterAll(async () => {
    await mock.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function typecheckAndRun(name: string): Promise<string> {
    const source = program(example(name), mock);
    expect(checked.stdout.split('\n').filter((line) => line.startsWith(`${name}.ts`))).toEqual([]);
    expect(checked.stdout).toBe('');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    });
    writeFileSync(join(folder, `${name}.js`), outputText);
    const { stdout } = await run(process.execPath, [join(folder, `${name}.js`)], { cwd: folder });
    return stdout;
  }

  it('the openapi-typescript + openapi-fetch example: types generated from the served document, no casts', async () => {
    const lines = (await typecheckAndRun('openapi-fetch')).trim().split('\n');
    expect(lines[0]).toBe('402 insufficient_funds');
    expect(lines.slice(1).length).toBeGreaterThan(0);
    for (const line of lines.slice(1)) expect(line).toBe('card_declined');
  }, 60_000);

  it('the stripe SDK example', async () => {
    const lines = (await typecheckAndRun('stripe')).trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^cus_[0-9A-Za-z]{24}$/),
      'requires_confirmation',
      'payment.succeeded,payment.created,customer.created',
      'parameter_invalid phone',
    ]);
  }, 60_000);
});

describe("the README's Jest config", () => {
  it('transforms TypeScript test files and names the package entry points that exist', () => {
    const source = /```js\n\/\/ jest\.config\.js\n([\s\S]*?)\n```/.exec(README)?.[1];
    if (source === undefined) throw new Error('README.md lacks the jest.config.js example');
    const module = { exports: {} as { transform: Record<string, string>; globalSetup: string; globalTeardown: string } };
    new Function('module', source)(module);
    const config = module.exports;
    expect(Object.keys(config.transform).some((pattern) => new RegExp(pattern).test('checkout.test.ts'))).toBe(true);
    expect(Object.values(config.transform)).toEqual(['ts-jest']);
    for (const entry of [config.globalSetup, config.globalTeardown]) expect(() => require.resolve(entry, { paths: [ROOT] })).not.toThrow();
  });
});
