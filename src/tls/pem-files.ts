import { createPrivateKey, KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { systemMs } from '../clock/clock';
import { ConfigError } from '../errors/api-error';
import type { IssuedPair } from './issue-certificates';

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]+?-----END \1PRIVATE KEY-----/;

/**
 * The certificate (with any chain after it) and key of `--tls-cert` / `--tls-key`, such as mkcert's, checked as a
 * TLS server would find out too late: each file there and readable, PEM, the key the certificate's own, and the
 * certificate within its dates. Every problem is one ConfigError naming the flag and the fix.
 *
 * @example const pair = readCertificatePair('./localhost.pem', './localhost-key.pem');
 */
export function readCertificatePair(certPath: string, keyPath: string): IssuedPair {
  const certText = readPem('--tls-cert', certPath);
  const keyText = readPem('--tls-key', keyPath);
  const blocks = certText.match(CERTIFICATE_BLOCK);
  if (!blocks)
    throw new ConfigError(
      `--tls-cert ${certPath} holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the certificate file, such as mkcert's localhost.pem.`,
    );
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(blocks[0] as string);
  } catch {
    throw new ConfigError(`--tls-cert ${certPath} is not a valid PEM certificate: give the certificate file, such as mkcert's localhost.pem.`);
  }
  const keyBlock = KEY_BLOCK.exec(keyText)?.[0];
  if (!keyBlock)
    throw new ConfigError(
      `--tls-key ${keyPath} holds no PEM private key (-----BEGIN PRIVATE KEY-----): give the key file, such as mkcert's localhost-key.pem.`,
    );
  let key: KeyObject;
  try {
    key = createPrivateKey(keyBlock);
  } catch (error) {
    const encrypted = /ENCRYPTED/.test(keyBlock) || /passphrase/i.test((error as Error).message);
    throw new ConfigError(
      encrypted
        ? `--tls-key ${keyPath} is encrypted with a passphrase: give an unencrypted key (openssl pkey -in ${keyPath} -out plain-key.pem).`
        : `--tls-key ${keyPath} is not a valid PEM private key: give the key file, such as mkcert's localhost-key.pem.`,
    );
  }
  if (!cert.checkPrivateKey(key))
    throw new ConfigError(`--tls-key ${keyPath} is not the key of --tls-cert ${certPath}: give the key made with that certificate.`);
  const now = systemMs();
  if (Date.parse(cert.validTo) <= now)
    throw new ConfigError(
      `--tls-cert ${certPath} expired on ${new Date(cert.validTo).toISOString()}: make a new certificate, or leave out --tls-cert and --tls-key to use the local CA.`,
    );
  if (Date.parse(cert.validFrom) > now)
    throw new ConfigError(
      `--tls-cert ${certPath} is not valid until ${new Date(cert.validFrom).toISOString()}: check this machine's clock, or make a new certificate.`,
    );
  return { cert: blocks.join('\n') + '\n', key: keyBlock + '\n' };
}

/**
 * `--webhook-ca`: a PEM bundle of CA certificates (an mkcert root, a company root), each checked, for webhook
 * deliveries to trust on top of the system's store.
 *
 * @example const extra = readCaBundle('./company-root.pem'); // ['-----BEGIN CERTIFICATE-----…']
 */
export function readCaBundle(path: string): string[] {
  const blocks = readPem('--webhook-ca', path).match(CERTIFICATE_BLOCK);
  if (!blocks)
    throw new ConfigError(
      `--webhook-ca ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----): give the CA's certificate, such as mkcert's rootCA.pem.`,
    );
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw new ConfigError(`--webhook-ca ${path} holds a certificate that is not valid PEM: give the CA's certificate, such as mkcert's rootCA.pem.`);
    }
  }
  return blocks.map((block) => `${block}\n`);
}

function readPem(flag: string, path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ConfigError(`${flag} ${path}: no such file. Give the path of a PEM file.`);
    if (code === 'EISDIR') throw new ConfigError(`${flag} ${path} is a folder: give the path of a PEM file.`);
    throw new ConfigError(`${flag} ${path} cannot be read (${code ?? 'error'}): check its permissions.`);
  }
  return bytes.toString('latin1');
}
