import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setupPaymentsMock, teardownPaymentsMock } from '../../src/adapters/jest/global-setup';

const run = promisify(execFile);

describe('the Jest / Playwright global setup with tls', () => {
  it('publishes the https: URL and the local CA, so worker processes started after it reach the mock; teardown takes both back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pm-runner-tls-'));
    const before = process.env.NODE_EXTRA_CA_CERTS;
    delete process.env.NODE_EXTRA_CA_CERTS;
    try {
      const mock = await setupPaymentsMock({ tls: { caDir: dir } });
      expect(process.env.PAYMENTS_MOCK_URL).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(process.env.NODE_EXTRA_CA_CERTS).toBe(mock.ca?.certPath);
      // A worker: a process started with this environment, as Jest and Playwright start theirs.
      const worker = `fetch(process.env.PAYMENTS_MOCK_URL + '/_mock/health').then((r) => console.log(r.status), (e) => { console.log(e.cause?.code); process.exit(1); })`;
      const { stdout } = await run(process.execPath, ['-e', worker], { env: process.env, timeout: 15_000 });
      expect(stdout.trim()).toBe('200');
      await teardownPaymentsMock();
      expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
      expect(process.env.PAYMENTS_MOCK_URL).toBeUndefined();
    } finally {
      await teardownPaymentsMock();
      if (before !== undefined) process.env.NODE_EXTRA_CA_CERTS = before;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
