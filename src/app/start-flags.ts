import { ConfigError } from '../errors/api-error';
import type { MockOptions } from './mock-options';
import { startOptionEntries, StartFlags } from './start-options';

export type { StartFlags };

/** Where a running mock is when no `--url` says: the CLI's default address. */
export const DEFAULT_MOCK_URL = 'http://127.0.0.1:4010';

/**
 * The flags as startMock options. A flag not given leaves the option's default, and so does an empty value (an
 * environment variable set to nothing, `--webhook ''`). The TLS flags gather into `tls`.
 *
 * @example optionsFromFlags({ port: 0, webhook: ['http://localhost:3000/hooks'] }) // { port: 0, webhooks: [...] }
 */
export function optionsFromFlags(flags: StartFlags): MockOptions {
  const options: Record<string, unknown> = {};
  for (const [name, entry] of startOptionEntries()) {
    const value = flags[name];
    if (entry.option && !isEmpty(value)) options[entry.option] = value;
  }
  return { ...(options as MockOptions), ...tlsFromFlags(flags) };
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
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
