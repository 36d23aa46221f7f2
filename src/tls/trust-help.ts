import type { LocalCa } from './local-ca';

/**
 * What `payments-mock tls` prints: where the local CA is, its fingerprint, and how to trust it on each platform
 * (the same steps as docs/https.md, with this CA's path filled in).
 *
 * @example trustHelp(localCa())
 */
export function trustHelp(ca: LocalCa): string {
  const cert = ca.certPath;
  return `payments-mock local CA
  certificate  ${cert}
  SHA-256      ${ca.fingerprint256}
  folder       ${ca.dir} (the key, ca-key.pem, never leaves it; PAYMENTS_MOCK_CA_DIR moves it)

Trust it once on each device; every certificate the sandbox issues (for localhost, 127.0.0.1, ::1, this machine's
names, and with --host 0.0.0.0 its addresses) chains to it. Check the fingerprint where the device shows one.

  Node      NODE_EXTRA_CA_CERTS=${cert} node app.js   (the stripe SDK, fetch, https)
  curl      curl --cacert ${cert} https://127.0.0.1:4010/v1/payments
  macOS     sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain "${cert}"
  Linux     Debian/Ubuntu: sudo cp "${cert}" /usr/local/share/ca-certificates/payments-mock.crt && sudo update-ca-certificates
            Fedora/RHEL:   sudo cp "${cert}" /etc/pki/ca-trust/source/anchors/payments-mock.pem && sudo update-ca-trust
            Firefox and Chromium keep their own store (NSS): certutil -d sql:$HOME/.pki/nssdb -A -t C,, -n payments-mock -i "${cert}"
  Windows   certutil -addstore -user Root "${cert}"
  iOS       send ca.pem to the device (AirDrop, mail), install the profile in Settings > General > VPN & Device
            Management, then switch it on in Settings > General > About > Certificate Trust Settings
  Android   Settings > Security > Encryption & credentials > Install a certificate > CA certificate; apps trust
            user CAs only if their network_security_config says <certificates src="user"/> (debug builds can)

More: docs/https.md`;
}

/** Node's codes for a certificate a TLS client does not accept. */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS/;

/**
 * What to do when a client of this package (`trigger`, `flow`, `mcp --url`) meets a mock on `https:` whose
 * certificate its process does not trust; undefined for any other failure.
 *
 * @example untrustedCertificate('SELF_SIGNED_CERT_IN_CHAIN') // 'the certificate … NODE_EXTRA_CA_CERTS=…'
 */
export function untrustedCertificate(code: string | undefined): string | undefined {
  if (!code || !CERTIFICATE_CODES.test(code)) return undefined;
  return `its certificate is not trusted here (${code}): run with NODE_EXTRA_CA_CERTS="$(npx payments-mock tls --path)" (the local CA), or your own CA's file`;
}
