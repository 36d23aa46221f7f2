import { ConfigError } from '../errors/api-error';

/** A DNS name as a Host header carries it: labels of letters, digits, `-` and `_` (compose service names), dot-separated. */
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/**
 * `--allowed-hosts` as given on the command line or in `PAYMENTS_MOCK_ALLOWED_HOSTS`: names separated by commas,
 * spaces around them ignored. An empty value (an environment variable set to nothing) is no names.
 *
 * @example splitAllowedHosts('payments-mock, mock.internal') // ['payments-mock', 'mock.internal']
 */
export function splitAllowedHosts(value: string): string[] {
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name, index, all) => name !== '' || all.length > 1);
}

/**
 * The host names the admin surface trusts beside the listening address and loopback (as Vite's
 * `server.allowedHosts`), checked and lowercased. Each is a bare name: every port of a trusted name is accepted, as
 * for `localhost`. Anything that would widen the trust past the names given (a wildcard, a leading dot, an empty
 * entry) is refused, so the DNS-rebinding defence still holds for every other name.
 *
 * @example checkAllowedHosts(['Payments-Mock']) // ['payments-mock']
 */
export function checkAllowedHosts(names: readonly string[]): string[] {
  // startMock's callers may not be TypeScript: a lone string would otherwise be read letter by letter.
  if (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))
    throw new ConfigError(`Invalid allowedHosts: give an array of host names, such as ['payments-mock'].`);
  return names.map((given) => {
    const problem = hostProblem(given);
    if (problem) throw new ConfigError(`Invalid --allowed-hosts entry ${JSON.stringify(given.slice(0, 100))}: ${problem}`);
    return given.toLowerCase();
  });
}

function hostProblem(given: string): string | undefined {
  const name = given.toLowerCase();
  const example = 'such as payments-mock or mock.internal, separated by commas';
  if (name === '') return `give host names, ${example} (an empty entry trusts nothing; remove it).`;
  if (name === '*' || name === 'all' || name.includes('*'))
    return 'wildcards are not accepted: trusting every name would turn off the DNS-rebinding defence. Name each host, such as payments-mock.';
  // Vite's `allowedHosts: true` trusts every name; here it would be a host called "true", which is never what was meant.
  if (name === 'true' || name === 'false')
    return `${name} is not accepted: trusting every name would turn off the DNS-rebinding defence, and this option takes names only. Name each host, such as payments-mock.`;
  if (name.startsWith('.')) return `name each host exactly (${name.slice(1)}); subdomain patterns are not supported.`;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(name)) return 'give the host name alone, not a URL: payments-mock, not http://payments-mock:4010.';
  if (!name.startsWith('[') && /:.*:/.test(name)) return `write an IPv6 address in brackets, such as [${name}].`;
  if (/:\d*$/.test(name) && !IPV6_LITERAL.test(name))
    return `give the name without a port (${name.replace(/:\d*$/, '')}): every port of a trusted name is accepted.`;
  if (IPV6_LITERAL.test(name)) return undefined;
  if (name.length > 253 || !HOST_NAME.test(name)) return `not a host name: use letters, digits, '-', '_' and dots, ${example}.`;
  return undefined;
}
