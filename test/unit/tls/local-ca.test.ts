import { X509Certificate } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../../src/errors/api-error';
import { caFolder } from '../../../src/tls/ca-folder';
import { leafNames } from '../../../src/tls/leaf-names';
import { localCa, localLeaf } from '../../../src/tls/local-ca';

/** The names in a certificate's subjectAltName, IPv6 as Node prints it (0:0:0:0:0:0:0:1). */
function altNames(pem: string): string[] {
  return (new X509Certificate(pem).subjectAltName ?? '').split(', ').map((entry) => entry.replace(/^(DNS|IP Address):/, '').toLowerCase());
}

/** An IPv6 address written out in eight groups, as Node prints it in a certificate. */
function expanded(address: string): string {
  if (!address.includes(':')) return address;
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16).toString(16)).join(':');
}

describe('the local CA', () => {
  let dir: string;
  beforeEach(() => (dir = join(mkdtempSync(join(tmpdir(), 'pm-ca-')), 'ca')));
  afterEach(() => rmSync(join(dir, '..'), { recursive: true, force: true }));

  it('is made once in a 0700 folder with its key 0600, and reused by the next start', () => {
    const first = localLeaf(['localhost', '127.0.0.1', '::1'], dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'ca-key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'leaf.pem')).mode & 0o777).toBe(0o600);
    const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
    expect(caPem).not.toContain('PRIVATE KEY');
    expect(first.issued).toBe(true);
    const ca = new X509Certificate(caPem);
    expect(ca.ca).toBe(true);
    expect(first.ca.fingerprint256).toBe(ca.fingerprint256);
    expect(new X509Certificate(first.cert).checkIssued(ca)).toBe(true);
    expect(new X509Certificate(first.cert).verify(ca.publicKey)).toBe(true);
    // The next start with the same names reuses both.
    const again = localLeaf(['localhost', '127.0.0.1', '::1'], dir);
    expect(again.issued).toBe(false);
    expect(again.cert).toBe(first.cert);
    expect(localCa(dir).fingerprint256).toBe(ca.fingerprint256);
  });

  it('issues the leaf again when the names change, and keeps the CA', () => {
    const before = localLeaf(leafNames({ host: '127.0.0.1', hostname: 'laptop', interfaces: {} }), dir);
    expect(altNames(before.cert).sort()).toEqual(['0:0:0:0:0:0:0:1', '127.0.0.1', 'laptop', 'laptop.local', 'localhost']);
    const after = localLeaf(leafNames({ host: '127.0.0.1', hostname: 'laptop', interfaces: {}, allowedHosts: ['payments-mock'] }), dir);
    expect(after.issued).toBe(true);
    expect(altNames(after.cert)).toContain('payments-mock');
    expect(new X509Certificate(after.cert).serialNumber).not.toBe(new X509Certificate(before.cert).serialNumber);
    expect(after.ca.fingerprint256).toBe(before.ca.fingerprint256);
  });

  it('with --host 0.0.0.0, names every address of this machine (read on the certificate, no traffic to them)', () => {
    const names = leafNames({ host: '0.0.0.0' });
    const leaf = localLeaf(names, dir);
    const onCertificate = altNames(leaf.cert);
    const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(onCertificate).toContain(expanded(address.toLowerCase()));
    expect(onCertificate).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '0:0:0:0:0:0:0:1']));
  });

  it('refuses a folder open to other users, and a CA key others can read', () => {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    expect(() => localCa(dir)).toThrow(
      new ConfigError(`The local CA folder ${dir} is open to other users (mode 755): run chmod 700 ${dir}, or set PAYMENTS_MOCK_CA_DIR to another folder.`),
    );
    chmodSync(dir, 0o700);
    localCa(dir);
    chmodSync(join(dir, 'ca-key.pem'), 0o644);
    expect(() => localCa(dir)).toThrow(/ca-key\.pem is open to other users \(mode 644\): run chmod 600/);
  });

  it('reads a CA file with CRLF line ends, and refuses a damaged one in one line naming the fix', () => {
    const made = localLeaf(['localhost'], dir);
    const keyPath = join(dir, 'ca-key.pem');
    writeFileSync(keyPath, readFileSync(keyPath, 'utf8').replace(/\n/g, '\r\n'), { mode: 0o600 });
    expect(localCa(dir).fingerprint256).toBe(made.ca.fingerprint256);
    writeFileSync(keyPath, 'not a key', { mode: 0o600 });
    expect(() => localLeaf(['localhost'], dir)).toThrow(
      new ConfigError(`The local CA file ${keyPath} is damaged: delete the folder ${dir} to make a new CA (and trust it again).`),
    );
  });

  it('lives where PAYMENTS_MOCK_CA_DIR says, else in the per-user data folder of each platform', () => {
    expect(caFolder({ PAYMENTS_MOCK_CA_DIR: '/somewhere/ca' }, 'linux')).toBe('/somewhere/ca');
    expect(caFolder({ XDG_DATA_HOME: '/home/ada/.data' }, 'linux')).toBe('/home/ada/.data/payments-mock/ca');
    expect(caFolder({}, 'darwin')).toMatch(/Library\/Application Support\/payments-mock\/ca$/);
    expect(caFolder({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32')).toContain('payments-mock');
  });
});
