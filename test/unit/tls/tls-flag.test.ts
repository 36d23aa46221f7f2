import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CliIO, main } from '../../../src/cli/main';

describe('--tls and PAYMENTS_MOCK_TLS', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-tls-flag-'));
  const saved = { tls: process.env.PAYMENTS_MOCK_TLS, ca: process.env.PAYMENTS_MOCK_CA_DIR };
  beforeAll(() => (process.env.PAYMENTS_MOCK_CA_DIR = join(dir, 'ca')));
  afterAll(() => {
    for (const [name, value] of [
      ['PAYMENTS_MOCK_TLS', saved.tls],
      ['PAYMENTS_MOCK_CA_DIR', saved.ca],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [['--tls'], undefined, 'https:'],
    [['--tls', 'off'], undefined, 'http:'],
    [[], '0', 'http:'],
    [[], 'false', 'http:'],
    [[], '', 'http:'],
    [[], '1', 'https:'],
    [['--tls-port', '0'], undefined, 'http:'],
  ] as Array<[string[], string | undefined, string]>)('%j with PAYMENTS_MOCK_TLS=%j serves %s on --port', async (args, env, scheme) => {
    if (env === undefined) delete process.env.PAYMENTS_MOCK_TLS;
    else process.env.PAYMENTS_MOCK_TLS = env;
    let out = '';
    const io: CliIO = { stdout: (text) => void (out += text), stderr: () => undefined, isTTY: false };
    const result = await main(['node', 'payments-mock', ...args, '--port', '0', '--fixtures', 'none', '--log', 'off'], io);
    try {
      expect(out).toMatch(new RegExp(`^payments-mock listening on ${scheme}//127\\.0\\.0\\.1:\\d+\\n$`));
      if (args.includes('--tls-port')) expect(result.mock?.tlsUrl).toMatch(/^https:/);
    } finally {
      await result.mock?.close();
    }
  });

  it('refuses any other value in one line', async () => {
    delete process.env.PAYMENTS_MOCK_TLS;
    let err = '';
    const io: CliIO = { stdout: () => undefined, stderr: (text) => void (err += text), isTTY: false };
    const result = await main(['node', 'payments-mock', '--tls', 'maybe', '--port', '0'], io);
    expect(result.exitCode).toBe(1);
    expect(err).toBe('payments-mock: --tls takes on or off (1/0, true/false), or nothing for on.\n');
  });
});
