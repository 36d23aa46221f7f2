import { createServer, IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status (and body), or it takes over the raw exchange. */
export type Answer = number | { status: number; body?: string; headers?: Record<string, string> } | ((req: IncomingMessage, res: ServerResponse) => void);

/**
 * A real webhook receiver on 127.0.0.1 (port 0): it records every request whole and answers as told, by default
 * 200. `answers` are used in turn (the last one repeats), so "fail twice, then succeed" is `[500, 500, 200]`.
 */
export async function startReceiver(answers: Answer[] = [200]) {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  let plan = answers;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan[Math.min(received.length - 1, plan.length - 1)] ?? 200;
      if (typeof answer === 'function') return answer(req, res);
      const { status, body, headers } = typeof answer === 'number' ? { status: answer, body: undefined, headers: undefined } : answer;
      res.writeHead(status, headers);
      res.end(body ?? (status < 300 ? 'ok' : 'no'));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    port,
    received,
    /** Changes how the following requests are answered (counted from the next one). */
    answer(next: Answer[]) {
      const offset = received.length;
      plan = [...Array<Answer>(offset).fill(200), ...next];
    },
    events: () => received.map((r) => JSON.parse(r.body) as { id: string; type: string; data: { object: Record<string, unknown> } }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
