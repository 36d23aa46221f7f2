import { request } from 'node:http';
import { guardAdmin } from '../../src/http/admin-guard';
import { checkAllowedHosts, splitAllowedHosts } from '../../src/http/allowed-hosts';
import { MockRequest } from '../../src/request-response';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';
import { startMock } from '../../src/start-mock';

/** GET `url` with the Host header a container would send (fetch may not set Host); resolves with the body's text. */
function getText(url: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(text));
    });
    req.setTimeout(5000, () => req.destroy(new Error(`no answer from ${url} within 5 s`)));
    req.on('error', reject).end();
  });
}

// --allowed-hosts / startMock({ allowedHosts }): a container's service name reaches /_mock/*, as Vite's
// server.allowedHosts; every other name is still refused as DNS rebinding.
describe('allowedHosts on the admin surface', () => {
  it.each(['payments-mock', 'payments-mock:4010', 'PAYMENTS-MOCK:4010', 'mock.internal:80', 'mock.internal'])(
    'answers Host %s when payments-mock and mock.internal are trusted (any port, any case)',
    async (host) => {
      const box = sandbox({ allowedHosts: ['payments-mock', 'Mock.Internal'] });
      const res = await box.http.get('/_mock/keys').set('Host', host);
      expect(res.status).toBe(200);
      expect(res.text).toContain(box.keys.secret);
    },
  );

  it.each(['evil.example', 'evil.example:4010', 'payments-mock.evil.example', 'evil-payments-mock:4010', 'payments-mock-2', 'mock.internal.evil.example:4010'])(
    'still answers 403 host_not_allowed to Host %s (every other name is DNS rebinding)',
    async (host) => {
      const box = sandbox({ allowedHosts: ['payments-mock', 'mock.internal'] });
      const res = await box.http.get('/_mock/keys').set('Host', host);
      expectError(res, 403, 'host_not_allowed');
      expect(res.text).not.toContain(box.keys.secret);
      expect(res.body.error.message).toContain('a name given to --allowed-hosts (payments-mock, mock.internal)');
    },
  );

  it('without allowedHosts, a service name is refused and the message says how to trust it', async () => {
    const box = sandbox();
    const res = await box.http.get('/_mock/health').set('Host', 'payments-mock:4010');
    expectError(res, 403, 'host_not_allowed');
    expect(res.body.error.message).toContain('start the mock with --allowed-hosts payments-mock');
  });

  it('keeps the Origin check for writes under a trusted name: its own origin writes, another site does not', async () => {
    const box = sandbox({ allowedHosts: ['payments-mock'] });
    const write = (origin: string) =>
      box.http.post('/_mock/clock/advance').set('Host', 'payments-mock:4010').set('Origin', origin).set('Content-Type', 'application/json').send('{"by":"1h"}');
    expect((await write('http://payments-mock:4010')).status).toBe(200);
    expectError(await write('http://evil.example'), 403, 'origin_not_allowed');
  });

  it('names the trusted host as the OpenAPI server on every interface, and never an untrusted one', async () => {
    // startMock on 0.0.0.0, as in a container, reached through loopback: the server URL follows the Host header
    // only where allowedHosts (or loopback, or an IP literal) accepts it.
    const mock = await startMock({ host: '0.0.0.0', port: 0, fixtures: 'none', allowedHosts: ['payments-mock'] });
    try {
      const serverOf = async (host: string) =>
        (JSON.parse(await getText(`http://127.0.0.1:${mock.port}/openapi.json`, host)) as { servers: Array<{ url: string }> }).servers[0]!.url;
      expect(await serverOf('payments-mock:4010')).toBe('http://payments-mock:4010');
      expect(await serverOf('evil.example:4010')).toBe(`http://0.0.0.0:${mock.port}`);
      expect(await serverOf('payments-mock.evil.example:4010')).toBe(`http://0.0.0.0:${mock.port}`);
    } finally {
      await mock.close();
    }
  });
});

describe('guardAdmin with allowed hosts', () => {
  const request = (host: string): MockRequest => ({ method: 'GET', url: '/_mock/keys', headers: { host }, body: Buffer.alloc(0) });
  const verdict = (baseUrl: string, host: string, allowed: string[]) => {
    try {
      guardAdmin(baseUrl, request(host), allowed);
      return 'ok';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  it.each([
    ['http://0.0.0.0:4010', 'payments-mock:4010', ['payments-mock'], 'ok'],
    ['http://0.0.0.0:4010', 'payments-mock:4010', [], 'host_not_allowed'],
    ['http://0.0.0.0:4010', 'evil.example:4010', ['payments-mock'], 'host_not_allowed'],
    ['http://127.0.0.1:4010', 'payments-mock', ['payments-mock'], 'ok'],
    ['http://127.0.0.1:4010', '[fd00::5]:4010', ['[fd00::5]'], 'ok'],
    ['http://127.0.0.1:4010', 'localhost:4010', ['payments-mock'], 'ok'],
  ])('listening on %s, Host %s, trusted %j: %s', (baseUrl, host, allowed, expected) => {
    expect(verdict(baseUrl, host, allowed)).toBe(expected);
  });
});

describe('checking allowedHosts', () => {
  it.each([
    ['payments-mock, mock.internal', ['payments-mock', 'mock.internal']],
    ['payments-mock', ['payments-mock']],
    ['', []],
  ])('splits %j at its commas into %j', (value, names) => {
    expect(splitAllowedHosts(value)).toEqual(names);
  });

  it('lowercases the names it accepts (Host headers are compared lowercased)', () => {
    expect(checkAllowedHosts(['Payments-Mock', 'payments_mock', '10.0.0.5', '[FD00::5]'])).toEqual(['payments-mock', 'payments_mock', '10.0.0.5', '[fd00::5]']);
  });

  it.each([
    ['*', /wildcards are not accepted: trusting every name would turn off the DNS-rebinding defence/],
    ['*.example.com', /wildcards are not accepted/],
    ['true', /true is not accepted: trusting every name would turn off the DNS-rebinding defence, and this option takes names only/],
    ['TRUE', /true is not accepted/],
    ['false', /false is not accepted/],
    ['.example.com', /name each host exactly \(example\.com\); subdomain patterns are not supported/],
    ['payments-mock:4010', /give the name without a port \(payments-mock\): every port of a trusted name is accepted/],
    ['http://payments-mock:4010', /give the host name alone, not a URL/],
    ['fd00::5', /write an IPv6 address in brackets, such as \[fd00::5\]/],
    ['bad name', /not a host name: use letters, digits/],
    ['', /an empty entry trusts nothing; remove it/],
  ])('refuses %j, saying what to fix', (name, message) => {
    expect(() => checkAllowedHosts([name])).toThrow(message);
    expect(() => checkAllowedHosts([name])).toThrow(/^Invalid --allowed-hosts entry /);
  });

  it('refuses a lone string from a JavaScript caller instead of reading it letter by letter', () => {
    expect(() => checkAllowedHosts('payments-mock' as unknown as string[])).toThrow(
      "Invalid allowedHosts: give an array of host names, such as ['payments-mock'].",
    );
  });

  it('refuses a bad name when the context is made, as a ConfigError (one red CLI line)', () => {
    expect(() => sandbox({ allowedHosts: ['*'] })).toThrow(/Invalid --allowed-hosts entry "\*"/);
  });
});
