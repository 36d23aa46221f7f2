import { createServer, Server } from 'node:http';
import { connect, Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockContext } from '../../src/context/mock-context';
import { handleRequest } from '../../src/http/handle-request';
import { createListener } from '../../src/http/node-listener';
import { createContext } from '../../src/app/create-context';

/**
 * A dashboard stream whose client never reads, against the real listener: the server's buffer for it stays small
 * and the stream is ended once a write has waited `streamStallMs`. The traffic is in-process requests (what
 * mock.inject runs) with long paths, so that the stream has plenty to say: 100 messages a batch, 10 batches a second.
 * The server listens on a Unix socket: its kernel buffers are a few hundred KB where loopback TCP's grow to several
 * MB, so the stall begins in a fraction of the time (and of the CPU) and the same bounds are checked.
 */
describe('a stalled GET /_mock/stream subscriber', () => {
  let ctx: MockContext;
  let server: Server;
  let serverSockets: Socket[];
  let client: Socket | undefined;
  let traffic: NodeJS.Timeout | undefined;
  let folder: string;
  let socketPath: string;

  async function start(streamStallMs: number): Promise<void> {
    // journalSize 0: the long paths are the stream's to carry, not the journal's to keep.
    ctx = createContext({ fixtures: 'none', seed: 1, journalSize: 0, streamStallMs });
    server = createServer(createListener(ctx));
    serverSockets = [];
    server.on('connection', (socket) => serverSockets.push(socket));
    folder = mkdtempSync(join(tmpdir(), 'stream-stall-'));
    socketPath = join(folder, 'mock.sock');
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  }

  afterEach(async () => {
    clearInterval(traffic);
    client?.destroy();
    ctx.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(folder, { recursive: true, force: true });
  });

  /** Opens the stream with a raw socket that reads nothing once the request is sent. */
  function stalledClient(): Socket {
    const socket = connect(socketPath, () => socket.write('GET /_mock/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    socket.pause();
    return socket;
  }

  function steadyTraffic(): NodeJS.Timeout {
    const path = `/v1/${'x'.repeat(60_000)}`;
    return setInterval(() => {
      for (let i = 0; i < 40; i++) void handleRequest(ctx, { method: 'GET', url: path, headers: {}, body: Buffer.alloc(0) });
    }, 10);
  }

  const until = async (check: () => boolean, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('keeps what waits for the client bounded, and ends the stream once a write has waited streamStallMs', async () => {
    await start(1500);
    client = stalledClient();
    await until(() => ctx.bus.request.hasSubscribers, 5000);
    const socket = serverSockets[0] as Socket;
    let closedAt: number | undefined;
    socket.on('close', () => (closedAt = Date.now()));
    const started = Date.now();
    traffic = steadyTraffic();
    let maxBuffered = 0;
    // Once the kernel's socket buffers are full (a few MB), writes start to wait in the server: the stall begins.
    let stalledAt: number | undefined;
    while (closedAt === undefined && Date.now() - started < 25_000) {
      if (socket.writableLength > 0) stalledAt ??= Date.now();
      maxBuffered = Math.max(maxBuffered, socket.writableLength);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Without a bound this grows by tens of MB a second; with it, one batch (64 KiB of text) at most waits.
    expect(maxBuffered).toBeGreaterThan(0);
    expect(maxBuffered).toBeLessThanOrEqual(256 * 1024);
    expect(closedAt).toBeDefined();
    // This loop sees the stall up to a poll late, and later on a loaded machine (250 ms measured): 1,000 ms still tells
    // a stream ended after waiting streamStallMs (1,500) from one ended at once.
    expect(closedAt! - stalledAt!).toBeGreaterThanOrEqual(1000);
    expect(closedAt! - stalledAt!).toBeLessThan(4000);
    await until(() => !ctx.bus.request.hasSubscribers, 2000);
    expect(ctx.bus.request.hasSubscribers).toBe(false);
  }, 40_000);

  it('says how many messages it missed, in one overflow message, once the client reads again', async () => {
    await start(30_000);
    client = stalledClient();
    await until(() => ctx.bus.request.hasSubscribers, 5000);
    const socket = serverSockets[0] as Socket;
    traffic = steadyTraffic();
    // Stalled: a write waits for the client.
    await until(() => socket.writableLength > 0, 25_000);
    expect(socket.writableLength).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    clearInterval(traffic);
    let text = '';
    client.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    client.resume();
    await until(() => /event: overflow\ndata: \{"dropped":\d+\}/.test(text), 10_000);
    const overflows = [...text.matchAll(/event: overflow\ndata: \{"dropped":(\d+)\}/g)].map((match) => Number(match[1]));
    expect(overflows.length).toBeGreaterThanOrEqual(1);
    expect(overflows.every((count) => count > 0)).toBe(true);
    // The stream goes on once the client reads: it was not ended.
    expect(ctx.bus.request.hasSubscribers).toBe(true);
  }, 40_000);
});
