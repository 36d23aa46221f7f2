import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { MockContext } from '../context';
import { LATEST_VERSION } from '../domain/versions';
import { ApiError } from '../errors/api-error';
import { makeId } from '../store/random';
import { MAX_BODY_BYTES } from './body';
import { CORS_HEADERS } from './cors';
import { MockRequest, MockResponse } from './exchange';
import { handleRequest } from './handle-request';
import { docsBase, errorResponse } from './respond';

/**
 * A `node:http` request listener over the mock: reads the body (at most 1 MiB), runs `handleRequest`, writes
 * the answer. `startMock` serves with it directly; `createApp` mounts it in Express.
 */
export function createListener(ctx: MockContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) return tooLarge(ctx, req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        tooLarge(ctx, req, res);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent || res.destroyed) return;
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      const request: MockRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      handleRequest(ctx, request).then(
        (response) => send(res, response),
        (error: unknown) => send(res, errorResponse(error, docsBase(ctx.baseUrl, req.headers.host))),
      );
    });
    req.on('error', () => res.destroy());
  };
}

export function send(res: ServerResponse, response: MockResponse): void {
  if (response.drop) {
    res.socket?.destroy();
    return;
  }
  if (response.stream) {
    res.writeHead(response.status, response.headers);
    res.flushHeaders();
    response.stream({ write: (chunk) => void res.write(chunk), end: () => void res.end(), onClose: (listener) => void res.once('close', listener) });
    return;
  }
  // A known length lets Node send the answer in one write instead of chunked encoding.
  response.headers['Content-Length'] = String(Buffer.byteLength(response.body));
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}

function tooLarge(ctx: MockContext, req: IncomingMessage, res: ServerResponse): void {
  const error = new ApiError('request_too_large', `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB). Send a smaller body.`);
  // Every /v1 response carries Request-Id and Service-Version, even one refused before the pipeline ran.
  const url = req.url ?? '/';
  const v1 = url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
  const v1Headers: Record<string, string> = v1 ? { 'Request-Id': makeId(ctx.random, 'req'), 'Service-Version': LATEST_VERSION } : {};
  const response = errorResponse(error, docsBase(ctx.baseUrl, req.headers.host), { ...CORS_HEADERS, ...v1Headers, Connection: 'close' });
  send(res, response);
  // Stop reading the rest; the connection closes after the answer.
  req.resume();
}

/**
 * Requests Node rejects before they reach the listener (oversized headers, a broken request line) are answered
 * with the same JSON error object, not Node's bare status line.
 */
export function createClientErrorHandler(ctx: MockContext): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const apiError = error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('request_header_too_large', 'The request headers are larger than 16 KiB. Send smaller headers.')
      : new ApiError('request_malformed', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}). Check the client sending it.`);
    const body = JSON.stringify(apiError.toBody(docsBase(ctx.baseUrl)));
    const reason = apiError.status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
    socket.end(`HTTP/1.1 ${apiError.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  };
}
