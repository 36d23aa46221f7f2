import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { killAll, spawnCli } from '../helpers/cli-process';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..');

describe('the README quick start over HTTPS, and what a start without TLS loads', () => {
  afterEach(() => killAll());

  it('runs the quick start line with --tls as written (on a free port): an https: URL that a client trusting the CA reaches', async () => {
    const line = /^npx payments-mock (--tls)\s+# serves (https:\/\/127\.0\.0\.1:4010)/m.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(line?.slice(1)).toEqual(['--tls', 'https://127.0.0.1:4010']);
    const dir = mkdtempSync(join(tmpdir(), 'pm-readme-tls-'));
    try {
      const cli = spawnCli([line?.[1] as string, '--port', '0'], { PAYMENTS_MOCK_CA_DIR: join(dir, 'ca') });
      const url = (await cli.waitForLine((l) => l.startsWith('payments-mock listening on '), 'the listening line', 30_000)).slice(
        'payments-mock listening on '.length,
      );
      expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const { stdout } = await run('curl', ['-sS', '--cacert', join(dir, 'ca', 'ca.pem'), `${url}/_mock/health`, '-w', ' %{http_code}'], { timeout: 10_000 });
      expect(stdout.endsWith(' 200')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('a start without TLS loads neither the certificate code nor node:http2 / node:https; a start with it does', async () => {
    const probe = (tls: boolean) => `
      const { startMock } = require(${JSON.stringify(join(ROOT, 'dist', 'index.js'))});
      startMock({ port: 0, fixtures: 'none'${tls ? `, tls: { caDir: ${JSON.stringify(join(tmpdir(), `pm-load-probe-${process.pid}`))} }` : ''} }).then(async (mock) => {
        // http2 and https: Node itself loads neither for a plain start, on any line (tls, which some Nodes may load
        // for their own fetch, is not asked about).
        const natives = process.moduleLoadList.filter((name) => /^NativeModule (http2|https)$/.test(name));
        const forge = Object.keys(require.cache).some((file) => file.includes('node-forge'));
        const ours = Object.keys(require.cache).some((file) => file.includes('/dist/tls/'));
        console.log(JSON.stringify({ natives, forge, ours }));
        await mock.close();
      });`;
    const without = JSON.parse((await run(process.execPath, ['-e', probe(false)], { timeout: 20_000 })).stdout) as {
      natives: string[];
      forge: boolean;
      ours: boolean;
    };
    expect(without).toEqual({ natives: [], forge: false, ours: false });
    const withTls = JSON.parse((await run(process.execPath, ['-e', probe(true)], { timeout: 20_000 })).stdout) as {
      natives: string[];
      forge: boolean;
      ours: boolean;
    };
    rmSync(join(tmpdir(), `pm-load-probe-${process.pid}`), { recursive: true, force: true });
    expect(withTls.natives).toEqual(expect.arrayContaining(['NativeModule http2', 'NativeModule https']));
    expect(withTls).toMatchObject({ forge: true, ours: true });
  }, 40_000);
});
