import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface JestJson {
  success: boolean;
  numPassedTests: number;
  testResults: Array<{ name: string; status: string; startTime: number; endTime: number; message: string }>;
}

/**
 * Contract section 17, as a user meets it: two Jest files on one mock at the same time (test/parallel-workers/,
 * the package's own global setup from dist/), one declining cards, advancing 31 days and resetting its
 * workspace, the other asserting its clock, scenario, data and keys never moved. They meet through the admin API
 * (each waits for the other's announced step), so the overlap is real and no sleep is involved.
 */
describe('two Jest files in parallel on one server', () => {
  it('do not disturb each other: one declines, advances 31 days and resets, the other is untouched', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'payments-mock-parallel-'));
    try {
      const output = join(scratch, 'results.json');
      const env: NodeJS.ProcessEnv = { ...process.env };
      delete env.PAYMENTS_MOCK_URL;
      delete env.PAYMENTS_MOCK_ADMIN_TOKEN;
      const args = [
        join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        join(ROOT, 'test', 'parallel-workers', 'jest.config.js'),
        '--ci',
        '--json',
        '--outputFile',
        output,
        '--cacheDirectory',
        join(scratch, 'cache'),
      ];
      const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const results = JSON.parse(readFileSync(output, 'utf8')) as JestJson;
      if (code !== 0)
        throw new Error(`the parallel Jest run failed (exit ${code}):\n${results.testResults.map((r) => r.message).join('\n')}\n${stderr.slice(-4000)}`);
      expect(results.success).toBe(true);
      expect(results.testResults.map((r) => r.name.split('/').pop()).sort()).toEqual(['declining.test.js', 'steady.test.js']);
      // They ran at the same time: each started before the other ended.
      const [a, b] = results.testResults as [JestJson['testResults'][0], JestJson['testResults'][0]];
      expect(a.startTime).toBeLessThan(b.endTime);
      expect(b.startTime).toBeLessThan(a.endTime);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
