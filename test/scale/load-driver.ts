import { Agent, request } from 'node:http';

/** One answer to a create, as the load driver saw it. */
export interface Answer {
  status: number;
  /** The created payment's id (200), or the error code (anything else). */
  id?: string;
  code?: string;
  /** When the client had the whole answer (Unix ms). */
  at: number;
}

/**
 * Creates payments from `clients` concurrent keep-alive connections, as a load test does, until `stop` says so.
 * Every answer goes to `onAnswer`; a connection that fails is an answer with status 0 (and the driver goes on).
 */
export async function driveCreates(url: string, key: string, clients: number, stop: () => boolean, onAnswer: (answer: Answer) => void): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL('/v1/payments', url);
  const body = 'amount=2000&currency=usd';
  const once = () =>
    new Promise<void>((resolve) => {
      const req = request(
        target,
        {
          method: 'POST',
          agent,
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': body.length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            const at = Date.now();
            const status = res.statusCode ?? 0;
            // Only what the checks need: the id of a create, the code of an error (the rest would be parsed for nothing).
            const id = status === 200 ? /"id":"([^"]+)"/.exec(text)?.[1] : undefined;
            const code = status !== 200 ? /"code":"([^"]+)"/.exec(text)?.[1] : undefined;
            onAnswer({ status, at, ...(id ? { id } : {}), ...(code ? { code } : {}) });
            resolve();
          });
        },
      );
      req.on('error', () => {
        onAnswer({ status: 0, at: Date.now() });
        resolve();
      });
      req.end(body);
    });
  const client = async () => {
    while (!stop()) await once();
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
}
