import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliIO, main } from '../../../src/cli/main';

async function cli(args: string[]): Promise<{ stdout: string; exitCode: number }> {
  let stdout = '';
  const io: CliIO = { stdout: (text) => void (stdout += text), stderr: () => undefined, isTTY: false };
  const { exitCode } = await main(['node', 'payments-mock', ...args], io);
  return { stdout, exitCode };
}

describe('payments-mock tls', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'pm-tls-cmd-')), 'ca');
  const before = process.env.PAYMENTS_MOCK_CA_DIR;
  beforeAll(() => (process.env.PAYMENTS_MOCK_CA_DIR = dir));
  afterAll(() => {
    if (before === undefined) delete process.env.PAYMENTS_MOCK_CA_DIR;
    else process.env.PAYMENTS_MOCK_CA_DIR = before;
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('prints where the CA is, its SHA-256 fingerprint and how to trust it on each platform (making the CA if there is none)', async () => {
    const { stdout, exitCode } = await cli(['tls']);
    expect(exitCode).toBe(0);
    const certPath = join(dir, 'ca.pem');
    expect(stdout).toContain(`certificate  ${certPath}`);
    expect(stdout).toContain(`SHA-256      ${new X509Certificate(readFileSync(certPath)).fingerprint256}`);
    for (const platform of ['Node ', 'macOS', 'Linux', 'Windows', 'iOS', 'Android', `NODE_EXTRA_CA_CERTS=${certPath}`]) expect(stdout).toContain(platform);
    expect(stdout).not.toContain('PRIVATE KEY');
  });

  it('--path prints the certificate path alone, for NODE_EXTRA_CA_CERTS="$(payments-mock tls --path)"', async () => {
    expect((await cli(['tls', '--path'])).stdout).toBe(`${join(dir, 'ca.pem')}\n`);
  });
});
