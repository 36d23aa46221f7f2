import { ConfigError } from '../errors/api-error';
import type { LocalCa } from './local-ca';

/**
 * `startMock({ tls })`: HTTPS, with HTTP/2 and HTTP/1.1 by ALPN. `tls: true` serves HTTPS alone on `port`; an object
 * says more.
 * @example startMock({ port: 4010, tls: { port: 4443 } }) // HTTP on 4010 and HTTPS on 4443, one state
 */
export interface TlsOptions {
  /** Serve HTTPS on this port beside HTTP on `port` (0 = any free port). Absent: HTTPS alone, on `port`. */
  port?: number;
  /** A PEM certificate file (a chain may follow it), such as mkcert's; with `key`. Absent: a leaf of the local CA. */
  cert?: string;
  /** The PEM private key file of `cert`. */
  key?: string;
  /** Where the local CA is kept (default: `PAYMENTS_MOCK_CA_DIR`, else a per-user folder; see `payments-mock tls`). */
  caDir?: string;
}

/** What the TLS listener serves: a certificate and key, and the local CA when it issued them. */
export interface TlsMaterial {
  cert: string;
  key: string;
  /** The local CA (absent with `cert`/`key` files): where it is and how to trust it. */
  ca?: LocalCa;
  /** The HTTPS port when HTTP is served too. */
  port?: number;
}

/**
 * The `tls` option checked, and its certificate read or issued: every mistake is one ConfigError (the refusals at
 * start). Loads the certificate code only when TLS is asked for.
 *
 * @example const material = tlsMaterial(true, '127.0.0.1', []);
 */
export function tlsMaterial(tls: true | TlsOptions, host: string, allowedHosts: readonly string[]): TlsMaterial {
  const given: TlsOptions = tls === true ? {} : tls;
  if (typeof given !== 'object' || given === null) throw new ConfigError('Invalid tls: use true or an object such as { port: 4443 }.');
  const port = given.port;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535))
    throw new ConfigError(`Invalid --tls-port ${String(port)}: use a port from 0 to 65535 (0 = any free port).`);
  if ((given.cert === undefined) !== (given.key === undefined))
    throw new ConfigError(
      given.cert === undefined
        ? '--tls-key needs --tls-cert: give both files, or neither to use the local CA.'
        : '--tls-cert needs --tls-key: give both files, or neither to use the local CA.',
    );
  /* eslint-disable @typescript-eslint/no-require-imports -- the certificate code loads only with TLS (docs/architecture.md) */
  if (given.cert !== undefined && given.key !== undefined) {
    const { readCertificatePair } = require('./pem-files') as typeof import('./pem-files');
    return { ...readCertificatePair(given.cert, given.key), ...(port !== undefined ? { port } : {}) };
  }
  const { localLeaf } = require('./local-ca') as typeof import('./local-ca');
  const { leafNames } = require('./leaf-names') as typeof import('./leaf-names');
  const { caFolder } = require('./ca-folder') as typeof import('./ca-folder');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const leaf = localLeaf(leafNames({ host, allowedHosts }), given.caDir ?? caFolder());
  return { cert: leaf.chain, key: leaf.key, ca: leaf.ca, ...(port !== undefined ? { port } : {}) };
}
