import { ConfigError } from '../errors/api-error';
import type { ScenarioName } from '../scenarios/scenarios';
import type { MockOptions } from './mock-options';

/** Where a running mock is when no `--url` says: the CLI's default address. */
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';

/** The start flags `payments-mock` and `payments-mock mcp --start` share, as the command line parsed them. */
export interface StartFlags {
  port?: number;
  host?: string;
  fixtures?: string;
  clock?: string;
  scenario?: ScenarioName;
  seed?: number;
  state?: string;
  adminToken?: string;
  /** `--allowed-hosts`, already split at its commas. */
  allowedHosts?: string[];
  webhook?: string[];
  journal?: number;
  maxMemory?: string;
  autosave?: string;
  /** `--tls`: HTTPS alone on --port (unless --tls-port). */
  tls?: boolean;
  /** `--tls-port`: HTTPS on this port beside HTTP on --port. */
  tlsPort?: number;
  tlsCert?: string;
  tlsKey?: string;
  /** `--webhook-ca`: a PEM bundle webhook deliveries trust on top of the system's. */
  webhookCa?: string;
}

/**
 * Those flags as startMock options. A flag not given leaves the option's default; an empty `--state` or
 * `--admin-token` (an environment variable set to nothing) is none.
 *
 * @example optionsFromFlags({ port: 0, webhook: ['http://localhost:3000/hooks'] }) // { port: 0, webhooks: [...] }
 */
export function optionsFromFlags(flags: StartFlags): MockOptions {
  return {
    ...(flags.port !== undefined ? { port: flags.port } : {}),
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    ...(flags.fixtures !== undefined ? { fixtures: flags.fixtures } : {}),
    ...(flags.clock !== undefined ? { clock: flags.clock } : {}),
    ...(flags.scenario !== undefined ? { scenario: flags.scenario } : {}),
    ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
    ...(flags.state ? { state: flags.state } : {}),
    ...(flags.adminToken ? { adminToken: flags.adminToken } : {}),
    ...(flags.allowedHosts?.length ? { allowedHosts: flags.allowedHosts } : {}),
    ...(flags.webhook?.length ? { webhooks: flags.webhook } : {}),
    ...(flags.journal !== undefined ? { journalSize: flags.journal } : {}),
    ...(flags.maxMemory ? { maxMemory: flags.maxMemory } : {}),
    ...(flags.autosave ? { autosave: flags.autosave } : {}),
    ...tlsFromFlags(flags),
    ...(flags.webhookCa ? { webhookCa: flags.webhookCa } : {}),
  };
}

/** TLS is on with --tls, and with any of its own flags (a port or certificate files say it is wanted). */
function tlsFromFlags(flags: StartFlags): Pick<MockOptions, 'tls'> {
  const own = {
    ...(flags.tlsPort !== undefined ? { port: flags.tlsPort } : {}),
    ...(flags.tlsCert ? { cert: flags.tlsCert } : {}),
    ...(flags.tlsKey ? { key: flags.tlsKey } : {}),
  };
  if (Object.keys(own).length > 0) return { tls: own };
  return flags.tls ? { tls: true } : {};
}

/**
 * `--url`, the address of a running mock, as a base for its paths: an http(s) address without a query, a
 * fragment or a trailing slash (a mock mounted under a path keeps the path).
 *
 * @example mockBaseUrl('http://localhost:3000/payments/') // 'http://localhost:3000/payments'
 */
export function mockBaseUrl(given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new ConfigError(`Invalid --url ${given.slice(0, 100)}: give the mock's address, such as ${DEFAULT_MOCK_URL}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`Invalid --url ${given.slice(0, 100)}: use an http: or https: address, such as ${DEFAULT_MOCK_URL}.`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
