import { createHash, X509Certificate } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { userInfo, hostname } from 'node:os';
import { join } from 'node:path';
import { systemMs } from '../clock/clock';
import { ConfigError } from '../errors/api-error';
import { caFolder, checkPrivateFile, ensurePrivateFolder } from './ca-folder';
import { IssuedPair, issueLeaf, makeCertificateAuthority } from './issue-certificates';

/** The local CA as a user trusts it: where its certificate is and its SHA-256 fingerprint. */
export interface LocalCa {
  dir: string;
  /** The CA's certificate (public; this is the file to trust). */
  certPath: string;
  /** `AB:CD:…`, as browsers and `openssl x509 -fingerprint -sha256` show it. */
  fingerprint256: string;
  /** base64 of the SHA-256 of the CA's public key (SPKI): what HPKP-style pins and Chromium's SPKI list take. */
  spkiSha256: string;
}

/** A leaf for the server, with the CA it chains to. */
export interface LocalLeaf extends IssuedPair {
  ca: LocalCa;
  /**
   * The leaf and then the CA's certificate, as the server presents them: a client that trusts the CA by its key's
   * hash (Chromium's --ignore-certificate-errors-spki-list) finds it in the chain.
   */
  chain: string;
  /** Whether it was issued by this call (names changed, none yet, or near its end) rather than reused. */
  issued: boolean;
}

const CA_CERT = 'ca.pem';
/** The CA's key and certificate in one file, so that making the CA is one atomic step (see below). */
const CA_KEY = 'ca-key.pem';
/** The leaf's key and certificate, after a first line naming what it was issued for. */
const LEAF = 'leaf.pem';
/** A leaf is issued again when less than this is left of it. */
const RENEW_BEFORE_MS = 30 * 86_400_000;

/**
 * The local CA of this user, made on first use: its key never leaves `dir` (mode 0600 in a 0700 folder) and is never
 * returned from here, only what is needed to trust it.
 *
 * @example const ca = localCa(); console.log(ca.certPath, ca.fingerprint256);
 */
export function localCa(dir = caFolder()): LocalCa {
  return describe(dir, loadOrMakeCa(dir).cert);
}

/**
 * A leaf for `names` under the local CA: the one on disk when it was issued for exactly these names by this CA and
 * has more than 30 days left, else a new one (saved for the next start). The CA is made once and kept.
 *
 * @example const leaf = localLeaf(['localhost', '127.0.0.1', '::1']);
 */
export function localLeaf(names: readonly string[], dir = caFolder()): LocalLeaf {
  try {
    return leafUnder(names, dir);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(
      `The local CA in ${dir} cannot be used (${(error as Error).message}): delete that folder to make a new CA (and trust it again), or set PAYMENTS_MOCK_CA_DIR to another folder.`,
    );
  }
}

function leafUnder(names: readonly string[], dir: string): LocalLeaf {
  const ca = loadOrMakeCa(dir);
  const path = join(dir, LEAF);
  const header = `names: ${names.join(',')}`;
  const kept = readKeptLeaf(path, header, ca.cert);
  if (kept) return { ...kept, chain: `${kept.cert}${ca.cert}`, ca: describe(dir, ca.cert), issued: false };
  const leaf = issueLeaf(ca, names);
  // Written whole under another name and renamed: two sandboxes starting at once each see a complete file.
  writeAtomically(path, `${header}\n${leaf.key}${leaf.cert}`, 0o600);
  return { ...leaf, chain: `${leaf.cert}${ca.cert}`, ca: describe(dir, ca.cert), issued: true };
}

function loadOrMakeCa(dir: string): IssuedPair {
  ensurePrivateFolder(dir);
  const keyPath = join(dir, CA_KEY);
  let pair = readCa(keyPath);
  if (!pair) {
    const made = makeCertificateAuthority(`payments-mock local CA (${ownerName()})`);
    // Linked into place, which fails if another process made one first: then that one is the CA, for both.
    const temporary = `${keyPath}.${process.pid}.tmp`;
    writeFileSync(temporary, `${made.key}${made.cert}`, { mode: 0o600 });
    try {
      linkSync(temporary, keyPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temporary);
    }
    pair = readCa(keyPath) as IssuedPair;
  }
  const certPath = join(dir, CA_CERT);
  if (readOrEmpty(certPath) !== pair.cert) writeAtomically(certPath, pair.cert, 0o644);
  return pair;
}

function readCa(keyPath: string): IssuedPair | undefined {
  const text = readOrEmpty(keyPath);
  if (text === '') return undefined;
  checkPrivateFile(keyPath);
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n?/.exec(text)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(text)?.[0];
  if (!key || !cert)
    throw new ConfigError(`The local CA file ${keyPath} is damaged: delete the folder ${join(keyPath, '..')} to make a new CA (and trust it again).`);
  return { key, cert };
}

function readKeptLeaf(path: string, header: string, caCert: string): IssuedPair | undefined {
  const text = readOrEmpty(path);
  if (!text.startsWith(`${header}\n`)) return undefined;
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n?/.exec(text)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(text)?.[0];
  if (!key || !cert) return undefined;
  try {
    const leaf = new X509Certificate(cert);
    const ca = new X509Certificate(caCert);
    if (!leaf.checkIssued(ca) || !leaf.verify(ca.publicKey)) return undefined;
    if (Date.parse(leaf.validTo) - systemMs() < RENEW_BEFORE_MS || Date.parse(leaf.validFrom) > systemMs()) return undefined;
  } catch {
    return undefined;
  }
  return { key, cert };
}

function describe(dir: string, caCert: string): LocalCa {
  const x509 = new X509Certificate(caCert);
  const spki = x509.publicKey.export({ type: 'spki', format: 'der' });
  return {
    dir,
    certPath: join(dir, CA_CERT),
    fingerprint256: x509.fingerprint256,
    spkiSha256: createHash('sha256').update(spki).digest('base64'),
  };
}

function readOrEmpty(path: string): string {
  try {
    // CRLF (a file copied through Windows, or written by an older copy of forge) reads as LF.
    return readFileSync(path, 'utf8').replace(/\r\n/g, '\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw new ConfigError(`Cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}): check the local CA folder's permissions.`);
  }
}

function writeAtomically(path: string, text: string, mode: number): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode });
  renameSync(temporary, path);
}

/** Who the CA belongs to, in its name, so a device that trusts several can tell them apart. */
function ownerName(): string {
  let user = 'user';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's arbitrary uid): the host name alone says enough.
  }
  return `${user}@${hostname()}`.slice(0, 60);
}
