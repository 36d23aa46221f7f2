import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';

/** Addresses that mean every interface. */
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);
/** A DNS name a certificate can hold (letters, digits, `-`, `_`, dot-separated). */
const DNS_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** What the names of a leaf are drawn from; the defaults read this machine. */
export interface NameSources {
  /** The listening address (`--host`). */
  host: string;
  /** `--allowed-hosts`: names the sandbox answers on, so its certificate holds them too (a container's service name). */
  allowedHosts?: readonly string[];
  hostname?: string;
  interfaces?: ReturnType<typeof networkInterfaces>;
}

/**
 * The names a leaf is issued for: `localhost`, `127.0.0.1`, `::1`, the machine's host name (and `<name>.local`, its
 * mDNS name, which phones on the same network resolve), the listening address, the `--allowed-hosts` names, and with
 * `--host 0.0.0.0` (or `::`) every address of every interface. Sorted and without repeats, so the same machine gives
 * the same list whatever order the system lists its interfaces in.
 *
 * @example leafNames({ host: '127.0.0.1', hostname: 'laptop', interfaces: {} }) // ['127.0.0.1', '::1', 'laptop', 'laptop.local', 'localhost']
 */
export function leafNames({ host, allowedHosts = [], hostname = osHostname(), interfaces = networkInterfaces() }: NameSources): string[] {
  const names = new Set(['localhost', '127.0.0.1', '::1']);
  const machine = hostname.toLowerCase();
  if (DNS_NAME.test(machine)) {
    names.add(machine);
    if (!machine.includes('.')) names.add(`${machine}.local`);
  }
  if (WILDCARD.has(host)) {
    for (const entries of Object.values(interfaces)) for (const entry of entries ?? []) names.add(entry.address.toLowerCase());
  } else {
    const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
    if (isIP(bare) || DNS_NAME.test(bare)) names.add(bare);
  }
  for (const name of allowedHosts) {
    const bare = name.replace(/^\[|\]$/g, '').toLowerCase();
    if (isIP(bare) || DNS_NAME.test(bare)) names.add(bare);
  }
  return [...names].sort();
}
