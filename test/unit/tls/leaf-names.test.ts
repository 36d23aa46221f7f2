import { isIP } from 'node:net';
import fc from 'fast-check';
import { ConfigError } from '../../../src/errors/api-error';
import { leafNames } from '../../../src/tls/leaf-names';
import { tlsMaterial } from '../../../src/tls/tls-options';

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
const dnsName = fc.array(label, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.'));
const anyText = fc.string({ maxLength: 30 });
const address = fc.oneof(fc.ipV4(), fc.ipV6());
const interfaces = fc.dictionary(
  label,
  fc.array(
    address.map((a) => ({
      address: a,
      netmask: '',
      family: isIP(a) === 6 ? ('IPv6' as const) : ('IPv4' as const),
      mac: '',
      internal: false,
      cidr: null,
      scopeid: 0,
    })) as fc.Arbitrary<never>,
    { maxLength: 3 },
  ),
);

describe('the names a leaf is issued for', () => {
  it('always holds the loopback names, each name once and sorted, and only names a certificate can hold, whatever the host, machine name and interfaces', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constant('0.0.0.0'), fc.constant('::'), address, dnsName, anyText),
        fc.oneof(dnsName, anyText),
        fc.array(fc.oneof(dnsName, anyText), { maxLength: 3 }),
        interfaces,
        (host, hostname, allowedHosts, ifaces) => {
          const names = leafNames({ host, hostname, allowedHosts, interfaces: ifaces });
          expect(names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '::1']));
          expect(new Set(names).size).toBe(names.length);
          expect([...names].sort()).toEqual(names);
          for (const name of names) expect(isIP(name) !== 0 || /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(name)).toBe(true);
          // Every address of every interface when listening on all of them.
          if (host === '0.0.0.0' || host === '::')
            for (const entries of Object.values(ifaces))
              for (const entry of entries ?? []) expect(names).toContain((entry as { address: string }).address.toLowerCase());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a wrong tls option is one ConfigError before anything is read or made', () => {
    expect(() => tlsMaterial({ port: 70000 }, '127.0.0.1', [])).toThrow(
      new ConfigError('Invalid --tls-port 70000: use a port from 0 to 65535 (0 = any free port).'),
    );
    expect(() => tlsMaterial({ key: 'k.pem' }, '127.0.0.1', [])).toThrow(
      new ConfigError('--tls-key needs --tls-cert: give both files, or neither to use the local CA.'),
    );
    expect(() => tlsMaterial('yes' as never, '127.0.0.1', [])).toThrow(new ConfigError('Invalid tls: use true or an object such as { port: 4443 }.'));
  });
});
