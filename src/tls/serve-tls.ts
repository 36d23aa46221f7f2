import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createHttp2Server } from 'node:http2';
import { createServer as createHttpsServer, Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { MockContext } from '../context/mock-context';
import { createClientErrorHandler, createListener, ListenerOptions, requestTimeouts } from '../http/node-listener';
import type { TlsMaterial } from './tls-options';

/** The TLS listener: HTTP/2 and HTTP/1.1 by ALPN, and a way to cut every connection at close. */
export interface TlsListener {
  server: HttpsServer;
  /** Destroys every connection (HTTP/2 sessions and HTTP/1.1 sockets alike). */
  closeAll(): void;
}

/**
 * An HTTPS server over the same listener as the HTTP one, HTTP/2 and HTTP/1.1 chosen by ALPN. HTTP/1.1 is Node's
 * own `https.Server` (the plain server's limits: the body timeout, 431 on oversized headers, keep-alive for 60 s);
 * a connection that agreed on `h2` is handed, already decrypted, to an HTTP/2 server that never listens. Both call
 * `createListener`, which adapts the few places the HTTP/2 compatibility API differs (src/http/http2-compat.ts).
 * `http2.createSecureServer({ allowHTTP1: true })` does the same in one object, but its HTTP/1.1 path answered
 * keep-alive requests markedly slower than `https.Server` here (bench/https.js).
 *
 * @example const { server } = createTlsServer(ctx, material, { traffic });
 */
export function createTlsServer(ctx: MockContext, material: TlsMaterial, listenerOptions: ListenerOptions, bodyTimeoutMs?: number): TlsListener {
  const listener = createListener(ctx, listenerOptions);
  const server = createHttpsServer({ cert: material.cert, key: material.key, ALPNProtocols: ['h2', 'http/1.1'], ...requestTimeouts(bodyTimeoutMs) }, listener);
  server.keepAliveTimeout = 60_000;
  server.on('clientError', createClientErrorHandler(ctx, bodyTimeoutMs));
  const http2 = createHttp2Server();
  http2.on('request', (req, res) => listener(req as unknown as IncomingMessage, res as unknown as ServerResponse));
  // https.Server gives each secure connection to Node's HTTP/1.1 parser; one that chose h2 goes to HTTP/2 instead.
  const [http1] = server.listeners('secureConnection') as Array<(socket: TLSSocket) => void>;
  server.removeAllListeners('secureConnection');
  server.on('secureConnection', (socket: TLSSocket) => (socket.alpnProtocol === 'h2' ? http2.emit('connection', socket) : http1?.call(server, socket)));
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A failed handshake (a client that does not trust the certificate) is the client's business: nothing to log.
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  return {
    server,
    closeAll: () => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    },
  };
}
