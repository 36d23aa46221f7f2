import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Browser } from 'playwright-core';
import { consoleErrors, describeInBrowser, launchChromium } from '../helpers/browser';
import { requireBuild } from '../helpers/cli-process';
import { MswPage, serveMswPage } from '../helpers/msw-page';

/**
 * The adapters on the current majors of the runners they serve, as a project on them gets payments-mock: the
 * package packed into its tarball and installed beside the project's own runner, from lock files pinned in
 * test/runner-majors/. MSW 2 and Vitest 4, this repository's own dev dependencies, are run by msw-*.test.ts and
 * vitest.test.ts on every Node; MSW 3 and Vitest 5 need Node 22.12 or newer, so this file runs on those Nodes
 * (`npm run test:matrix` runs 22, 24 and 26) and is skipped on Node 20.
 */
const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const MAJORS = join(ROOT, 'test', 'runner-majors');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
/** MSW 3 and Vitest 5 both declare node >=22.12. */
const runnersSupportThisNode = major > 22 || (major === 22 && minor >= 12);

let folder: string;
let tarball: string;

/** Copies a consumer project of test/runner-majors, installs its lock file, then payments-mock from the tarball. */
async function consumer(name: string, extra: Array<[string, string]> = []): Promise<{ dir: string; log: string }> {
  const dir = join(folder, name);
  mkdirSync(dir);
  for (const file of readdirSync(join(MAJORS, name))) copyFileSync(join(MAJORS, name, file), join(dir, file));
  for (const [from, to] of extra) copyFileSync(from, join(dir, to));
  await run(NPM, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir });
  // As a user adds it to a project that has its runner already: a peer range that leaves the runner out fails here.
  const added = await run(NPM, ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: dir });
  return { dir, log: `${added.stdout}${added.stderr}` };
}

const installed = (dir: string, name: string) =>
  (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

(runnersSupportThisNode ? describe : describe.skip)(`the adapters on MSW 3 and Vitest 5 (Node ${process.versions.node})`, () => {
  let msw: { dir: string; log: string };
  let vitest: { dir: string; log: string };

  beforeAll(async () => {
    requireBuild();
    folder = mkdtempSync(join(tmpdir(), 'payments-mock-majors-'));
    // dist/ is built already (npm test builds first); --ignore-scripts keeps `prepack` from rebuilding it.
    const packed = await run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', folder], { cwd: ROOT });
    tarball = join(folder, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename);
    const vitestFiles = readdirSync(join(ROOT, 'test', 'runners', 'vitest'))
      .filter((file) => /\.(ts|mjs)$/.test(file))
      .map((file): [string, string] => [join(ROOT, 'test', 'runners', 'vitest', file), file]);
    [msw, vitest] = await Promise.all([
      consumer('msw-3', [[join(ROOT, 'test', 'runners', 'msw-browser', 'page.js'), 'page.js']]),
      consumer('vitest-5', vitestFiles),
    ]);
  }, 180_000);

  afterAll(() => folder && rmSync(folder, { recursive: true, force: true }));

  describe('MSW 3', () => {
    it('takes payments-mock beside msw@3 with no peer conflict', () => {
      expect(installed(msw.dir, 'msw')).toMatch(/^3\./);
      expect(installed(msw.dir, 'payments-mock')).toBe((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);
      expect(msw.log).not.toMatch(/ERESOLVE|peer/i);
    });

    it('setupServer: node --test runs a project’s tests against the sandbox, webhooks verified by standardwebhooks', async () => {
      const result = await run(process.execPath, ['--test', '--test-reporter=spec', 'setup-server.test.mjs'], { cwd: msw.dir }).catch(
        (error: { stdout: string; stderr: string }) => ({ ...error, failed: true }),
      );
      expect(`${result.stdout}${result.stderr}`).toMatch(/pass 2/);
      expect(result).not.toHaveProperty('failed');
    }, 60_000);
  });

  describeInBrowser('MSW 3 in Chromium (setupWorker)', () => {
    let site: MswPage;
    let browser: Browser;

    afterAll(async () => {
      await browser?.close();
      await site?.close();
    });

    it('creates, confirms and lists payments in a page, with the worker of MSW 3 and no server of the mock’s', async () => {
      // As the project's bundler: page.js resolves msw/browser and payments-mock/msw in the project's node_modules.
      site = await serveMswPage(join(msw.dir, 'page.js'), { workingDir: msw.dir });
      browser = await launchChromium();
      const page = await browser.newPage();
      const errors = consoleErrors(page);
      await page.goto(site.url);
      await page.waitForFunction(() => typeof (globalThis as unknown as { run?: unknown }).run === 'function');
      const result = await page.evaluate(() => (globalThis as unknown as { run: () => Promise<any> }).run());
      expect(result.confirmed.body.status).toBe('succeeded');
      expect(result.list.body.data.map((payment: { id: string }) => payment.id)).toContain(result.created.body.id);
      expect(result.declined.body.error.code).toBe('card_declined');
      expect(result.state).toEqual({ status: 200, payments: 2 });
      expect(errors.filter((error) => !/status of 402/.test(error))).toEqual([]);
      await page.close();
    }, 60_000);
  });

  describe('Vitest 5', () => {
    it.each(['threads', 'forks'])(
      'runs payments-mock/vitest with two files in parallel (pool %s), each in its own workspace',
      async (pool) => {
        const result = await run(
          process.execPath,
          [join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.config.mjs', '--pool', pool, '--reporter', 'verbose'],
          {
            cwd: vitest.dir,
            env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', JEST_WORKER_ID: '' },
          },
        ).catch((error: { stdout: string; stderr: string }) => ({ ...error, failed: true }));
        const output = `${result.stdout}${result.stderr}`;
        expect(installed(vitest.dir, 'vitest')).toMatch(/^5\./);
        expect(output).toMatch(/Tests\s+4 passed \(4\)/);
        expect(output).toContain('keeps its clock and scenario while the declining file changes its own');
        expect(output).toContain('leaves no critical finding');
        expect(result).not.toHaveProperty('failed');
      },
      90_000,
    );
  });
});
