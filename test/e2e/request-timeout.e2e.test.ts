import { connect } from 'node:net';
import { requestTimeouts } from '../../src/http/node-listener';
import { startMock } from '../../src/start-mock';

/** Sends `head` and part of a body on a raw socket, then stalls; resolves with everything the server answers. */
function stall(url: string, head: string): Promise<{ text: string; ms: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => void (text += chunk));
    socket.on('close', () => resolve({ text, ms: performance.now() - started }));
    socket.on('error', reject);
  });
}

describe('a request not received in time', () => {
  it('is answered 408 request_timeout (the JSON error object) once the body timeout passes, and the server keeps serving', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', bodyTimeoutMs: 200 });
    try {
      const head = 'POST /v1/customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=a';
      const { text, ms } = await stall(mock.url, head);
      expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; type: string; message: string } };
      expect(body.error).toMatchObject({ code: 'request_timeout', type: 'invalid_request_error' });
      expect(body.error.message).toContain('0.2 s');
      expect(ms).toBeGreaterThanOrEqual(190);
      expect(ms).toBeLessThan(2000);
      expect((await fetch(`${mock.url}/_mock/health`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });

  it('headers that stall are answered the same way', async () => {
    const mock = await startMock({ port: 0, fixtures: 'none', bodyTimeoutMs: 200 });
    try {
      const { text } = await stall(mock.url, 'GET /v1/customers HTTP/1.1\r\nHost: x\r\n');
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toContain('"code":"request_timeout"');
    } finally {
      await mock.close();
    }
  });

  it('the default limit is 30 s, checked at least every 7.5 s', () => {
    expect(requestTimeouts()).toEqual({ requestTimeout: 30_000, headersTimeout: 30_000, connectionsCheckingInterval: 7_500 });
  });
});
