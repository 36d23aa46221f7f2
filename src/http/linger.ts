import type { IncomingMessage } from 'node:http';

/** After an early 413, at most this much more of the body is read and thrown away before the connection is cut. */
export const LINGER_BYTES = 16 * 1024 * 1024;
/** …and for at most this long, counted from the refusal. */
export const LINGER_MS = 3000;

/**
 * The lingering close nginx does. A body over the limit is answered at once with `Connection: close`; Node then
 * closes the socket as soon as the answer is written, while the client is still sending. Bytes arriving at a
 * closed socket make the kernel reset the connection, and a client that is still writing reports EPIPE or
 * ECONNRESET instead of the 413 it was sent. So the rest of the body is read and discarded until it ends, and
 * only then is the connection closed, gracefully. An endless body (or a slow one) is still cut off: after
 * LINGER_BYTES more bytes or LINGER_MS, whichever comes first.
 *
 * Call it before the answer is written: Node closes a `Connection: close` socket through `destroySoon()` once
 * the answer is out, and that one call is deferred here until the body has ended.
 */
export function lingerBeforeClose(req: IncomingMessage): void {
  const socket = req.socket;
  const closeNow = socket.destroySoon.bind(socket);
  const cut = (): void => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(cut, LINGER_MS);
  timer.unref();
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_BYTES) cut();
  });
  socket.once('close', () => clearTimeout(timer));
  socket.destroySoon = () => {
    if (req.complete) return finish();
    req.once('end', finish);
  };
  function finish(): void {
    clearTimeout(timer);
    closeNow();
  }
  // Keeps the body flowing into the listener above: nothing else reads it any more.
  req.resume();
}
