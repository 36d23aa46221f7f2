import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/**
 * What differs when the listener is given a request of Node's HTTP/2 compatibility API (the TLS port, by ALPN)
 * instead of HTTP/1.1: the same handler answers both, byte for byte, and only the protocol's own framing differs.
 * Nothing here loads `node:http2`: a server without TLS never does.
 */
interface Http2Parts {
  httpVersionMajor: number;
  /** The HTTP/2 stream (Http2ServerRequest/Response), absent on HTTP/1.1. */
  stream?: { endAfterHeaders?: boolean; destroyed?: boolean; close?(code?: number): void };
}

/** Whether a request or response is HTTP/2. */
export function isHttp2(req: IncomingMessage): boolean {
  return (req as unknown as Http2Parts).httpVersionMajor === 2;
}

/**
 * The request's headers as the handler reads them: on HTTP/2, without the pseudo-headers (`:method`, `:path`, …),
 * with `:authority` as `host` (what HTTP/1.1 clients send), so the journal, the Host check and links see the same
 * headers over both protocols.
 */
export function requestHeaders(req: IncomingMessage): IncomingHttpHeaders {
  if (!isHttp2(req)) return req.headers;
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(req.headers)) if (!name.startsWith(':')) headers[name] = value;
  const authority = req.headers[':authority'];
  if (headers.host === undefined && typeof authority === 'string') headers.host = authority;
  return headers;
}

/**
 * Whether a request carries no body. HTTP/1.1: neither Content-Length nor Transfer-Encoding. HTTP/2 frames the
 * body itself (Content-Length is optional there): the client ended the stream with its headers.
 */
export function hasNoBody(req: IncomingMessage): boolean {
  if (isHttp2(req)) return (req as unknown as Http2Parts).stream?.endAfterHeaders === true;
  return req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
}

/** Headers HTTP/2 forbids (RFC 9113, 8.2.2): they describe one HTTP/1.1 connection, which HTTP/2 has not. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/** An answer's headers for the response's protocol: HTTP/2 gets them without the connection-specific ones. */
export function responseHeaders(res: ServerResponse, headers: Record<string, string>): Record<string, string> {
  if ((res as unknown as Http2Parts).stream === undefined) return headers;
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!CONNECTION_HEADERS.has(name.toLowerCase())) kept[name] = value;
  return kept;
}

/** NGHTTP2_INTERNAL_ERROR: the stream is reset as a failure, as a dropped connection is one. */
const INTERNAL_ERROR = 2;

/**
 * Drops the exchange as a network failure would: HTTP/1.1 closes the connection; HTTP/2 resets only this stream,
 * since the connection carries other requests.
 */
export function dropExchange(res: ServerResponse): void {
  const stream = (res as unknown as Http2Parts).stream;
  if (stream?.close) stream.close(INTERNAL_ERROR);
  else res.socket?.destroy();
}

/** Whether the response can no longer be written (its socket, or its HTTP/2 stream, is gone). */
export function responseGone(res: ServerResponse): boolean {
  return res.destroyed === true || (res as unknown as Http2Parts).stream?.destroyed === true;
}
