import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/**
 * The project's own Jest configuration, run on suites that start servers (startMock over real HTTP, the Jest global
 * setup's mock): the run ends on its own, with none of Jest's notices about handles left open. `forceExit` would
 * print "Force exiting Jest" on every run and cut off a leak instead of showing it.
 */
describe('a Jest run of this project', () => {
  it('ends on its own: no force-exit notice, no open-handle warning, no worker killed', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.PAYMENTS_MOCK_URL;
    delete env.PAYMENTS_MOCK_ADMIN_TOKEN;
    const args = [
      join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--config',
      join(ROOT, 'jest.config.js'),
      '--ci',
      '--selectProjects',
      'payments-mock',
      'jest-setup',
      '--',
      'test/e2e/server.e2e.test.ts',
      'test/jest-setup/isolation.test.ts',
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`the Jest run failed (exit ${code}):\n${output.slice(-4000)}`);
    expect(output).toMatch(/Tests:\s+\d+ passed/);
    expect(output).not.toMatch(/Force exiting Jest|did not exit one second|failed to exit gracefully|did not end on its own/);
  }, 120_000);
});
