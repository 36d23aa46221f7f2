import { connect } from 'node:net';
import { MockServer, startMock } from '../../src/start-mock';

/** Sends raw bytes and returns everything the server answers before closing. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node rejects before the mock sees them', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', seed: 1 });
  });
  afterAll(() => mock.close());

  it('answers headers over 16 KiB with 431 request_header_too_large as a JSON error', async () => {
    const answer = await raw(mock.port, `GET /v1/account HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_header_too_large' });
    expect(body.error.doc_url).toBe(`${mock.url}/docs/errors#request_header_too_large`);
  });

  it('answers a HEAD with headers over 16 KiB with 431 and no body: the length is said, the bytes are not sent', async () => {
    const answer = await raw(mock.port, `HEAD /v1/account HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1.1 431 /);
    expect(answer).toMatch(/\r\nContent-Length: [1-9]\d*\r\n/);
    expect(answer.endsWith('\r\n\r\n')).toBe(true);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('');
  });

  it('answers a broken request line with 400 request_malformed as a JSON error, and keeps serving', async () => {
    const answer = await raw(mock.port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code).toBe('request_malformed');
    expect((await fetch(`${mock.url}/_mock/health`)).status).toBe(200);
  });
});
