import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { palette } from '../../../src/cli/colors';
import { CliIO, main } from '../../../src/cli/main';
import { ConfigError } from '../../../src/errors/api-error';
import { issueLeaf, makeCertificateAuthority } from '../../../src/tls/issue-certificates';
import { startMock } from '../../../src/start-mock';

/**
 * Files that look like PEM (the BEGIN and END lines are there) but hold no valid certificate or key between them: a
 * truncated copy, a paste with the wrong base64. Refused at start as a missing file is: one red line and exit 1 from
 * the CLI, a ConfigError from startMock, the same words in both.
 */
const NOT_BASE64_DER = 'VGhpcyBpcyBub3QgREVSIGF0IGFsbC4=';
const brokenCertificate = `-----BEGIN CERTIFICATE-----\n${NOT_BASE64_DER}\n-----END CERTIFICATE-----\n`;
const brokenKey = `-----BEGIN PRIVATE KEY-----\n${NOT_BASE64_DER}\n-----END PRIVATE KEY-----\n`;

describe('PEM files whose content is not a certificate or key', () => {
  let dir: string;
  let good: { cert: string; key: string };
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const forced = process.env.FORCE_COLOR;
  beforeAll(() => {
    // A terminal's colours whatever runs the tests (chalk is loaded, and reads this, when the CLI first paints).
    process.env.FORCE_COLOR = '1';
    good = issueLeaf(makeCertificateAuthority('test CA'), ['localhost', '127.0.0.1']);
  });
  afterAll(() => {
    if (forced === undefined) delete process.env.FORCE_COLOR;
    else process.env.FORCE_COLOR = forced;
  });
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'pm-bad-pem-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, () => { args: string[]; options: Parameters<typeof startMock>[0] }, RegExp]> = [
    [
      '--tls-cert',
      () => {
        const [cert, key] = [file('cert.pem', brokenCertificate), file('key.pem', good.key)];
        return { args: ['--tls-cert', cert, '--tls-key', key], options: { tls: { cert, key } } };
      },
      /^--tls-cert \S+cert\.pem is not a valid PEM certificate: give the certificate file, such as mkcert's localhost\.pem\.$/,
    ],
    [
      '--tls-key',
      () => {
        const [cert, key] = [file('cert.pem', good.cert), file('key.pem', brokenKey)];
        return { args: ['--tls-cert', cert, '--tls-key', key], options: { tls: { cert, key } } };
      },
      /^--tls-key \S+key\.pem is not a valid PEM private key: give the key file, such as mkcert's localhost-key\.pem\.$/,
    ],
    [
      '--webhook-ca',
      () => {
        // One good CA certificate, then a broken one: every certificate of the bundle is checked.
        const bundle = file('bundle.pem', `${makeCertificateAuthority('good').cert}\n${brokenCertificate}`);
        return { args: ['--webhook-ca', bundle], options: { webhookCa: bundle } };
      },
      /^--webhook-ca \S+bundle\.pem holds a certificate that is not valid PEM: give the CA's certificate, such as mkcert's rootCA\.pem\.$/,
    ],
  ];

  it.each(cases)('%s: the CLI prints one red line and exits 1', async (_flag, given, message) => {
    let stderr = '';
    let stdout = '';
    const io: CliIO = { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), isTTY: true };
    const result = await main(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', ...given().args], io);
    await result.mock?.close();
    expect(result.exitCode).toBe(1);
    expect(result.mock).toBeUndefined();
    expect(stdout).toBe('');
    const line = stderr.slice(0, -1);
    expect(stderr.endsWith('\n')).toBe(true);
    expect(line).not.toContain('\n');
    // Red: ESC[31m … ESC[39m around the whole line, as the CLI's palette paints it.
    const [open, close] = ['\u001b[31m', '\u001b[39m'];
    expect(line.startsWith(open) && line.endsWith(close)).toBe(true);
    const text = line.slice(open.length, -close.length);
    expect(line).toBe(palette(true).red(text));
    expect(text.replace(/^payments-mock: /, '')).toMatch(message);
  });

  it.each(cases)('%s: startMock rejects with the same words as a ConfigError', async (_flag, given, message) => {
    const started = startMock({ port: 0, fixtures: 'none', ...given().options });
    await expect(started).rejects.toBeInstanceOf(ConfigError);
    await expect(started).rejects.toThrow(message);
  });
});
