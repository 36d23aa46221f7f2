import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSecureServer, Http2SecureServer } from 'node:http2';
import type { Socket } from 'node:net';
import type { MockContext } from '../context/mock-context';
import { createClientErrorHandler, createListener, ListenerOptions, requestTimeouts } from '../http/node-listener';
import type { TlsMaterial } from './tls-options';

/** The TLS listener: HTTP/2 and HTTP/1.1 by ALPN, and a way to cut every connection at close. */
export interface TlsListener {
  server: Http2SecureServer;
  /** Destroys every connection (HTTP/2 sessions and HTTP/1.1 sockets alike). */
  closeAll(): void;
}

/**
 * An HTTPS server over the same listener as the HTTP one: `http2.createSecureServer` with `allowHTTP1`, so a client
 * offering `h2` by ALPN speaks HTTP/2 and any other speaks HTTP/1.1, both through `createListener` (which adapts
 * the few places the compatibility API differs: src/http/http2-compat.ts). HTTP/1.1 over TLS keeps the plain
 * server's limits: the body timeout (408), oversized headers (431), keep-alive for 60 s.
 *
 * @example const { server } = createTlsServer(ctx, material, { traffic });
 */
export function createTlsServer(ctx: MockContext, material: TlsMaterial, listenerOptions: ListenerOptions, bodyTimeoutMs?: number): TlsListener {
  const server = createSecureServer({ cert: material.cert, key: material.key, allowHTTP1: true });
  // The HTTP/1.1 side reads these as an http.Server does (Node checks them on 'listening').
  Object.assign(server, requestTimeouts(bodyTimeoutMs), { keepAliveTimeout: 60_000 });
  const listener = createListener(ctx, listenerOptions);
  server.on('request', (req, res) => listener(req as unknown as IncomingMessage, res as unknown as ServerResponse));
  server.on('clientError', createClientErrorHandler(ctx, bodyTimeoutMs));
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // A failed handshake (a client that does not trust the certificate) is the client's problem: nothing to log.
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  return {
    server,
    closeAll: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
