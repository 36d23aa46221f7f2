import { join } from 'node:path';
import type { InstanceSettings } from '../context/context-options';
import type { FixtureDocument } from '../state/fixture-types';
import { PACKAGE_ROOT } from '../package-root';
import type { AutosaveReport } from '../state/autosave';
import type { TlsOptions } from '../tls/tls-options';

/** The bundled fixtures, used when no --fixtures is given. */
export const DEFAULT_FIXTURES = join(PACKAGE_ROOT, 'fixtures', 'default.json');

/**
 * Options shared by `startMock`, `createApp` and the CLI (which reads them from the table in start-options.ts): the
 * instance's settings (InstanceSettings, in src/context/), and how it is served and loaded.
 * @example { port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1, scenario: 'manual' }
 */
export interface MockOptions extends InstanceSettings {
  /** 0 = any free port. Default 4010. */
  port?: number;
  host?: string;
  /** A fixture file or folder, a fixture document, or 'none' (one generated workspace). Default: the bundled fixtures. */
  fixtures?: string | FixtureDocument;
  /** real | frozen | frozen@<ISO-8601> | offset:<duration>. Default real. */
  clock?: string;
  /**
   * Host names the admin API and the dashboard answer beside the listening address and loopback, on any port (as
   * Vite's `server.allowedHosts`): a container's service name, such as `['payments-mock']`. Every other name is still
   * refused 403 `host_not_allowed` (DNS rebinding). `/v1` answers any Host regardless.
   */
  allowedHosts?: string[];
  /** Load the store from this file at start if it exists; save to it on demand and on shutdown. */
  state?: string;
  /** How long a client may take to send a whole request before it is answered 408 request_timeout (default 30000 ms). Standalone server only. */
  bodyTimeoutMs?: number;
  /**
   * Serve HTTPS (HTTP/2 and HTTP/1.1 by ALPN): `true` serves it alone on `port`; `{ port }` beside HTTP on `port`, over
   * one state. The certificate is `{ cert, key }` (PEM files), else a leaf of the local CA (see docs/https.md).
   */
  tls?: boolean | TlsOptions;
  /** A PEM bundle of CA certificates that webhook deliveries trust on top of the system's (`--webhook-ca`). */
  webhookCa?: string;
  /** With `state`: save in the background this often when something changed (`'30s'`, `'5m'`, `'500ms'`, seconds as a number, or `'off'`). Default `'30s'`, real time. */
  autosave?: string | number;
  /** Called after each autosave with what was saved (the CLI logs it). */
  onAutosave?: (saved: AutosaveReport) => void;
}
