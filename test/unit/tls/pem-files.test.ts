import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { CliIO, main } from '../../../src/cli/main';
import { issueLeaf, makeCertificateAuthority } from '../../../src/tls/issue-certificates';
import { readCaBundle, readCertificatePair } from '../../../src/tls/pem-files';

/** A self-signed certificate valid between two dates (forge, as any tool would make one), and its key. */
function certificateBetween(notBefore: Date, notAfter: Date): { cert: string; key: string } {
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = '01';
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer([{ name: 'commonName', value: 'localhost' }]);
  cert.sign(forge.pki.privateKeyFromPem(keys.privateKey), forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.privateKey };
}

/** The CLI run in this process: what it wrote to stderr and its exit code. */
async function start(args: string[]): Promise<{ stderr: string; exitCode: number }> {
  let stderr = '';
  const io: CliIO = { stdout: () => undefined, stderr: (text) => void (stderr += text), isTTY: false };
  const result = await main(['node', 'payments-mock', '--port', '0', '--fixtures', 'none', ...args], io);
  if (result.mock) await result.mock.close();
  return { stderr, exitCode: result.exitCode };
}

describe('certificate files given with --tls-cert / --tls-key', () => {
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  let good: { cert: string; key: string };
  beforeAll(() => {
    const ca = makeCertificateAuthority('test CA');
    good = issueLeaf(ca, ['localhost', '127.0.0.1']);
  });
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'pm-pem-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves a valid pair, its key in any PEM form', () => {
    const pair = readCertificatePair(file('cert.pem', good.cert), file('key.pem', good.key));
    expect(pair.cert).toContain('BEGIN CERTIFICATE');
  });

  it.each([
    [
      'a missing file',
      () => ['--tls-cert', join(dir, 'nope.pem'), '--tls-key', join(dir, 'key.pem')],
      /^payments-mock: --tls-cert \S+nope\.pem: no such file\. Give the path of a PEM file\.\n$/,
    ],
    [
      'a file that cannot be read (a folder)',
      () => ['--tls-cert', dir, '--tls-key', file('key.pem', good.key)],
      /^payments-mock: --tls-cert \S+ is a folder: give the path of a PEM file\.\n$/,
    ],
    [
      'a certificate file that is not PEM',
      () => ['--tls-cert', file('cert.der', 'not a certificate'), '--tls-key', file('key.pem', good.key)],
      /holds no PEM certificate/,
    ],
    [
      'a key file that is not PEM',
      () => ['--tls-cert', file('cert.pem', good.cert), '--tls-key', file('key.txt', 'hello')],
      /--tls-key \S+ holds no PEM private key/,
    ],
    [
      "a key that is not the certificate's",
      () => [
        '--tls-cert',
        file('cert.pem', good.cert),
        '--tls-key',
        file('other.pem', certificateBetween(new Date(Date.now() - 1e6), new Date(Date.now() + 1e9)).key),
      ],
      /--tls-key \S+ is not the key of --tls-cert \S+: give the key made with that certificate\./,
    ],
    [
      'an expired certificate',
      () => {
        const old = certificateBetween(new Date('2020-01-01T00:00:00Z'), new Date('2021-01-01T00:00:00Z'));
        return ['--tls-cert', file('old.pem', old.cert), '--tls-key', file('old-key.pem', old.key)];
      },
      /--tls-cert \S+ expired on 2021-01-01T00:00:00\.000Z: make a new certificate/,
    ],
    [
      'a certificate not valid yet',
      () => {
        const future = certificateBetween(new Date('2999-01-01T00:00:00Z'), new Date('3000-01-01T00:00:00Z'));
        return ['--tls-cert', file('future.pem', future.cert), '--tls-key', file('future-key.pem', future.key)];
      },
      /--tls-cert \S+ is not valid until 2999-01-01T00:00:00\.000Z: check this machine's clock/,
    ],
    [
      'a key encrypted with a passphrase',
      () => {
        const encrypted = generateKeyPairSync('rsa', {
          modulusLength: 2048,
          publicKeyEncoding: { type: 'spki', format: 'pem' },
          privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' },
        }).privateKey;
        return ['--tls-cert', file('cert.pem', good.cert), '--tls-key', file('locked.pem', encrypted)];
      },
      /--tls-key \S+ is encrypted with a passphrase: give an unencrypted key \(openssl pkey -in \S+ -out plain-key\.pem\)\./,
    ],
    ['a certificate without its key', () => ['--tls-cert', file('cert.pem', good.cert)], /--tls-cert needs --tls-key/],
  ])('refuses %s at start: one line, exit 1', async (_what, args, message) => {
    const { stderr, exitCode } = await start(args());
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('--webhook-ca takes a bundle of PEM certificates and refuses anything else', async () => {
    const bundle = readCaBundle(file('bundle.pem', `${good.cert}\n${makeCertificateAuthority('second').cert}`));
    expect(bundle).toHaveLength(2);
    const { stderr, exitCode } = await start(['--webhook-ca', file('empty.pem', 'nothing here')]);
    expect(exitCode).toBe(1);
    expect(stderr).toMatch(/^payments-mock: --webhook-ca \S+ holds no PEM certificate/);
  });
});
