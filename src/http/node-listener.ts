import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { MockContext } from '../context/mock-context';
import { ApiError } from '../errors/api-error';
import { MAX_BODY_BYTES } from './body';
import { MockRequest, MockResponse, ResponseSink } from '../request-response';
import { handleRequest } from './handle-request';
import { Traffic } from './traffic';
import { docsBase, errorResponse } from './respond';
import { lingerBeforeClose } from './linger';
import { tooLargeResponse } from './too-large';
import { dropExchange, hasNoBody, isHttp2, requestHeaders, responseGone, responseHeaders } from './http2-compat';

export interface ListenerOptions {
  /** The requests being answered, for a shutdown that drains them (startMock). */
  traffic?: Traffic;
  /**
   * The address (mount path included) the client reached the mock at (createApp inside a host app; startMock on
   * every interface); undefined leaves the listening address.
   */
  originOf?: (req: IncomingMessage) => string | undefined;
}

/**
 * A `node:http` request listener over the mock: reads the body (at most 1 MiB), runs `handleRequest`, writes
 * the answer. `startMock` serves with it directly; `createApp` mounts it in Express.
 */
export function createListener(ctx: MockContext, { traffic, originOf }: ListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    // No Content-Length and no Transfer-Encoding: HTTP/1.1 says there is no body (a GET, a DELETE); HTTP/2 ends the
    // stream with the headers. Answered at once, without listening to a stream that only ends (Node discards it after the answer).
    if (hasNoBody(req)) return dispatch(ctx, req, res, NO_BODY, originOf, traffic);
    if (Number(req.headers['content-length']) > MAX_BODY_BYTES) return tooLarge(ctx, req, res);
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
      if (res.headersSent || responseGone(res)) return;
      dispatch(ctx, req, res, chunks.length === 1 ? (chunks[0] as Buffer) : chunks.length === 0 ? NO_BODY : Buffer.concat(chunks), originOf, traffic);
    });
    req.on('error', () => res.destroy());
  };
}

/** Answers a request whose body has been read. */
function dispatch(ctx: MockContext, req: IncomingMessage, res: ServerResponse, body: Buffer, originOf: ListenerOptions['originOf'], traffic?: Traffic): void {
  const request: MockRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: requestHeaders(req), body };
  const origin = originOf?.(req);
  if (origin !== undefined) request.origin = origin;
  respond(ctx, request, res, traffic);
}

/** The body of every request without one (nothing writes to a request's body). */
const NO_BODY = Buffer.alloc(0);

/** Runs a read request through the mock and writes its answer; with `traffic`, counted for a draining shutdown. */
export function respond(ctx: MockContext, request: MockRequest, res: ServerResponse, traffic?: Traffic): void {
  // Shutting down and drained: the state is being saved, so nothing more may be answered.
  if (traffic?.stopped) return dropExchange(res);
  traffic?.start();
  let response: MockResponse | Promise<MockResponse>;
  try {
    response = handleRequest(ctx, request);
  } catch (error) {
    return answer(res, failure(ctx, request, error), traffic);
  }
  // Most answers are ready at once: written in the same turn, without a promise.
  if (!(response instanceof Promise)) return answer(res, response, traffic);
  response.then(
    (ready) => answer(res, ready, traffic),
    (error: unknown) => answer(res, failure(ctx, request, error), traffic),
  );
}

function answer(res: ServerResponse, response: MockResponse, traffic: Traffic | undefined): void {
  if (traffic?.closing) response.headers.Connection = 'close';
  const streaming = send(res, response);
  if (!traffic) return;
  if (streaming) void streaming.then(() => traffic.finish());
  else traffic.finish();
}

function failure(ctx: MockContext, request: MockRequest, error: unknown): MockResponse {
  return errorResponse(error, docsBase(ctx.baseUrl, request.headers.host, request.origin));
}

export function send(res: ServerResponse, response: MockResponse): void | Promise<void> {
  if (response.drop) return dropExchange(res);
  if (response.stream) return sendStream(res, response, response.stream);
  // A known length lets Node send the answer in one write instead of chunked encoding.
  response.headers['Content-Length'] = String(Buffer.byteLength(response.body));
  res.writeHead(response.status, responseHeaders(res, response.headers));
  res.end(response.body);
}

/**
 * A streamed answer, chunked, waiting for the client to take each piece; a failure midway drops the connection.
 * It resolves when a body written piece by piece is done, and at once for a stream that ends itself (the
 * dashboard's), so a draining shutdown never waits for an open page.
 */
async function sendStream(res: ServerResponse, response: MockResponse, stream: NonNullable<MockResponse['stream']>): Promise<void> {
  res.writeHead(response.status, responseHeaders(res, response.headers));
  res.flushHeaders();
  const sink: ResponseSink = {
    write: (chunk) =>
      res.write(chunk) || responseGone(res)
        ? Promise.resolve()
        : new Promise((resolve) => {
            // Whichever comes first; the other listener goes too, so a long export never piles them up.
            const go = (): void => {
              res.off('drain', go);
              res.off('close', go);
              resolve();
            };
            res.once('drain', go);
            res.once('close', go);
          }),
    end: () => void res.end(),
    abort: () => void res.destroy(),
    onClose: (listener) => void res.once('close', listener),
  };
  try {
    const done = stream(sink);
    if (!done) return;
    await done;
    res.end();
  } catch (error) {
    process.stderr.write(`payments-mock: a streamed answer failed midway: ${(error as Error).message}\n`);
    res.destroy();
  }
}

function tooLarge(ctx: MockContext, req: IncomingMessage, res: ServerResponse): void {
  const response = tooLargeResponse(ctx, req.url ?? '/', requestHeaders(req).host);
  if (isHttp2(req)) {
    // HTTP/2 ends this stream alone (the connection goes on): the rest of its body is dropped as it comes.
    req.resume();
    return void send(res, response);
  }
  response.headers.Connection = 'close';
  // The rest of the body is read and dropped (bounded) before the connection closes, so the client reads the 413.
  lingerBeforeClose(req);
  send(res, response);
}

/**
 * Requests Node rejects before they reach the listener (oversized headers, a broken request line) are answered
 * with the same JSON error object, not Node's bare status line.
 */
export function createClientErrorHandler(ctx: MockContext, bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const apiError = clientErrorOf(error, bodyTimeoutMs);
    const body = JSON.stringify(apiError.toBody(docsBase(ctx.baseUrl)));
    const reason = REASONS[apiError.status] ?? 'Bad Request';
    // An answer to HEAD has no body (a client would read it as the start of the next answer); its length is still said.
    socket.end(
      `HTTP/1.1 ${apiError.status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${isHead(error) ? '' : body}`,
    );
  };
}

/**
 * Whether the refused request is a HEAD. Node has not parsed a method yet, so it is read from the bytes that
 * failed (`rawPacket`): a request sent in one write starts with its method.
 */
function isHead(error: NodeJS.ErrnoException & { rawPacket?: unknown }): boolean {
  const packet = error.rawPacket;
  return Buffer.isBuffer(packet) && packet.length >= 5 && packet.toString('latin1', 0, 5) === 'HEAD ';
}

const REASONS: Record<number, string> = { 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

function clientErrorOf(error: NodeJS.ErrnoException, bodyTimeoutMs: number): ApiError {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return new ApiError('request_header_too_large', 'The request headers are larger than 16 KiB. Send smaller headers.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new ApiError('request_timeout', `The request was not received within ${bodyTimeoutMs / 1000} s. Send the whole request (headers and body) at once.`);
  }
  return new ApiError('request_malformed', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}). Check the client sending it.`);
}

/** How long a client may take to send a whole request (headers and body) before it is answered 408. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/**
 * Server options that bound how long a request may take to arrive. Node checks every `connectionsCheckingInterval`,
 * so that is kept to a quarter of the limit: a slow body is answered within 1.25× the limit.
 */
export function requestTimeouts(bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS): {
  requestTimeout: number;
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  return {
    requestTimeout: bodyTimeoutMs,
    headersTimeout: Math.min(60_000, bodyTimeoutMs),
    connectionsCheckingInterval: Math.max(10, Math.floor(bodyTimeoutMs / 4)),
  };
}
