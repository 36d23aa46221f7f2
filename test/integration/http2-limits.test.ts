import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { ClientHttp2Session, connect, constants } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockServer, startMock } from '../../src/start-mock';

/**
 * HTTP/2 on the TLS port, at its edges: a body over 1 MiB gets the same JSON 413 as over HTTP/1.1 (and only its
 * stream ends, the connection goes on), and a client that resets its stream halfway through a body leaves nothing
 * behind. A real node:http2 client on loopback, trusting the mock's own CA.
 */
const MiB = 1024 * 1024;

interface Answer {
  status: number;
  body: string;
}

describe('HTTP/2 limits on the TLS port', () => {
  let dir: string;
  let mock: MockServer;
  let session: ClientHttp2Session;
  let key: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pm-h2-limits-'));
    mock = await startMock({ port: 0, fixtures: 'none', seed: 3, tls: { caDir: join(dir, 'ca') } });
    key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
    session = connect(mock.url, { ca: readFileSync(mock.ca?.certPath as string) });
    session.on('error', () => undefined);
  });

  afterAll(async () => {
    session.close();
    await mock.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One exchange on the shared session; `send` writes the body and ends the stream. */
  function exchange(headers: Record<string, string | number>, send: (stream: ReturnType<ClientHttp2Session['request']>) => void): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = session.request({ ':method': 'POST', authorization: `Bearer ${key}`, ...headers });
      let status = 0;
      let body = '';
      stream.on('response', (h) => (status = Number(h[':status'])));
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => resolve({ status, body }));
      stream.on('error', reject);
      send(stream);
    });
  }

  /** Payments and journaled requests, read without a socket. */
  async function counts(): Promise<{ payments: number; journaled: number }> {
    const list = await mock.inject({ url: '/v1/payments?limit=100', headers: { authorization: `Bearer ${key}` } });
    const journal = await mock.inject({ url: '/_mock/requests?limit=100' });
    return {
      payments: (JSON.parse(list.body as string) as { data: unknown[] }).data.length,
      journaled: (JSON.parse(journal.body as string) as { data: unknown[] }).data.length,
    };
  }

  const create = () =>
    exchange({ ':path': '/v1/payments', 'content-type': 'application/x-www-form-urlencoded' }, (stream) => stream.end('amount=2000&currency=usd'));

  it.each([
    ['announced by Content-Length', true],
    ['found while reading (no Content-Length, 2 MiB in 64 KiB frames)', false],
  ])('answers a body over 1 MiB, %s, with the JSON 413, and the connection serves the next request', async (_how, announced) => {
    const body = Buffer.alloc(2 * MiB, 'a');
    const answer = await exchange(
      { ':path': '/v1/payments', 'content-type': 'application/x-www-form-urlencoded', ...(announced ? { 'content-length': body.length } : {}) },
      (stream) => {
        for (let at = 0; at < body.length; at += 64 * 1024) stream.write(body.subarray(at, at + 64 * 1024));
        stream.end();
      },
    );
    expect(answer.status).toBe(413);
    const error = (JSON.parse(answer.body) as { error: { code: string; message: string; doc_url: string } }).error;
    expect(error.code).toBe('request_too_large');
    expect(error.message).toMatch(/larger than 1048576 bytes/);
    // Links in the answer name the address the client used: the https: one.
    expect(error.doc_url.startsWith(`${mock.url}/`)).toBe(true);
    expect((await create()).status).toBe(200);
    expect(session.destroyed).toBe(false);
  });

  it('a stream reset halfway through its body: nothing created or journaled, the same connection and a new one go on', async () => {
    // What a create alone changes, read the same way: the control for the drops below.
    const start = await counts();
    expect((await create()).status).toBe(200);
    const one = await counts();
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const stream = session.request({
          ':method': 'POST',
          ':path': '/v1/payments',
          authorization: `Bearer ${key}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': 1000,
        });
        stream.on('error', () => undefined);
        stream.on('close', () => resolve());
        // Half of the announced body, then RST_STREAM (CANCEL) once the server has taken it.
        stream.write('amount=2000&currency=usd&description=' + 'x'.repeat(400), () => stream.close(constants.NGHTTP2_CANCEL));
      });
    }
    // The server answered nothing for them and kept nothing: the next create is the only change.
    expect((await create()).status).toBe(200);
    const after = await counts();
    expect(after.payments - one.payments).toBe(one.payments - start.payments);
    expect(after.journaled - one.journaled).toBe(one.journaled - start.journaled);
    const fresh = connect(mock.url, { ca: readFileSync(mock.ca?.certPath as string) });
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const stream = fresh.request({ ':path': '/_mock/health' });
        stream.on('response', (h) => resolve(Number(h[':status'])));
        stream.on('error', reject);
        stream.end();
      });
      expect(status).toBe(200);
    } finally {
      fresh.close();
    }
  });
});
