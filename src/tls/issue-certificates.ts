import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';
import type * as Forge from 'node-forge';
import { systemMs } from '../clock/clock';

/** A certificate and its private key, both PEM. */
export interface IssuedPair {
  cert: string;
  key: string;
}

const DAY_MS = 86_400_000;
/** The local CA lasts ten years: trusted once, on every device, it should not need trusting again soon. */
const CA_DAYS = 3650;
/**
 * A leaf lasts 397 days: Apple's platforms refuse TLS server certificates valid for more than 825 days even under a
 * root the user added, and Chromium holds public ones to 398. It is issued again well before it ends.
 */
const LEAF_DAYS = 397;
/** Certificates start an hour back, so a device whose clock is a little behind does not see one from the future. */
const BACKDATE_MS = 3_600_000;

/**
 * node-forge, loaded on first use: only a start with TLS and no certificate files (or `payments-mock tls`) pays for
 * it. Only the parts that build and sign certificates are loaded, not the whole library.
 */
function forge(): typeof Forge {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use (above) */
  require('node-forge/lib/pki');
  return require('node-forge/lib/forge') as typeof Forge;
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** A new RSA key pair from Node's own (native) generator; forge only assembles and signs the certificate. */
function newKeyPair(bits: number): { publicPem: string; privatePem: string } {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicPem: pair.publicKey, privatePem: pair.privateKey };
}

/**
 * Signs the certificate with Node's native RSA (sha256WithRSAEncryption) and returns its PEM: forge builds the
 * to-be-signed part, but its pure-JavaScript signing took 400 ms with the CA's 3072-bit key, Node's takes 2 ms.
 */
function signed(f: typeof Forge, cert: Forge.pki.Certificate, signerKeyPem: string): string {
  cert.signatureOid = cert.siginfo.algorithmOid = f.pki.oids['sha256WithRSAEncryption'] as string;
  // In forge's API (cert.sign uses it), missing from its type declarations.
  const tbs = (f.pki as unknown as { getTBSCertificate(cert: Forge.pki.Certificate): Forge.asn1.Asn1 }).getTBSCertificate(cert);
  (cert as Forge.pki.Certificate & { tbsCertificate: Forge.asn1.Asn1 }).tbsCertificate = tbs;
  cert.signature = sign('sha256', Buffer.from(f.asn1.toDer(tbs).getBytes(), 'binary'), signerKeyPem).toString('binary');
  // forge writes CRLF line ends; files and comparisons use LF.
  return f.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
}

/**
 * Names as UTF8String: forge writes PrintableString by default, which cannot hold `@` or `_` (a user name), and
 * Chromium refuses such a certificate outright (ERR_SSL_SERVER_CERT_BAD_FORMAT).
 */
function utf8(f: typeof Forge, attributes: Array<{ name: string; value: string }>): Forge.pki.CertificateField[] {
  return attributes.map((attribute) => ({ ...attribute, valueTagClass: f.asn1.Type.UTF8 as unknown as Forge.asn1.Class }));
}

/** A random positive serial number of 16 bytes, as RFC 5280 asks (unique per issuer, at most 20 bytes). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  // Positive, and minimal in DER (no leading zero byte before a byte under 0x80): the first byte is 0x01 to 0x7f.
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x01;
  return bytes.toString('hex');
}

/**
 * A certificate with a new key pair of `bits`, a random serial number and a validity of `days` from an hour ago
 * (a client whose clock is a little behind still accepts it); the caller names it, extends it and signs it.
 */
function blankCertificate(f: typeof Forge, bits: number, days: number): { cert: Forge.pki.Certificate; keys: ReturnType<typeof newKeyPair> } {
  const keys = newKeyPair(bits);
  const cert = f.pki.createCertificate();
  cert.publicKey = f.pki.publicKeyFromPem(keys.publicPem);
  cert.serialNumber = serialNumber();
  const now = systemMs();
  cert.validity.notBefore = new Date(now - BACKDATE_MS);
  cert.validity.notAfter = new Date(now + days * DAY_MS);
  return { cert, keys };
}

/**
 * Makes the local certificate authority: a self-signed RSA 3072 root that may sign server certificates only
 * (path length 0), valid for ten years.
 *
 * @example const ca = makeCertificateAuthority('payments-mock local CA (ada@laptop)');
 */
export function makeCertificateAuthority(commonName: string): IssuedPair {
  const f = forge();
  const { cert, keys } = blankCertificate(f, 3072, CA_DAYS);
  const subject = utf8(f, [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'payments-mock local CA' },
  ]);
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  return { cert: signed(f, cert, keys.privatePem), key: keys.privatePem };
}

/**
 * Issues a server certificate for `names` (DNS names and IP addresses, IPv6 without brackets), signed by `ca`:
 * RSA 2048, `serverAuth` only, the names in subjectAltName (where clients look; the common name is the first).
 *
 * @example const leaf = issueLeaf(ca, ['localhost', '127.0.0.1', '::1']);
 */
export function issueLeaf(ca: IssuedPair, names: readonly string[]): IssuedPair {
  const f = forge();
  const caCert = f.pki.certificateFromPem(ca.cert);
  const { cert, keys } = blankCertificate(f, 2048, LEAF_DAYS);
  cert.setSubject(
    utf8(f, [
      { name: 'commonName', value: names.includes('localhost') ? 'localhost' : (names[0] ?? 'localhost') },
      { name: 'organizationName', value: 'payments-mock development certificate' },
    ]),
  );
  cert.setIssuer(caCert.subject.attributes);
  const caKeyId = caCert.generateSubjectKeyIdentifier().getBytes();
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caKeyId },
  ]);
  return { cert: signed(f, cert, ca.key), key: keys.privatePem };
}
