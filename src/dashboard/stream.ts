import { unrefTimer } from '../runtime/platform';
import type { MockContext } from '../context/mock-context';
import type { EventMessage, ObjectMessage, RequestMessage } from '../bus/bus';
import { objectRefOf } from '../store/event-log';
import type { MockResponse, ResponseSink } from '../request-response';
import { summarize } from './object-summary';

/** How long messages gather before one write: a burst of requests costs one write, not one each. */
export const BATCH_MS = 100;
/** A comment line this often, so the page (and proxies) can tell a quiet stream from a dead one. */
export const HEARTBEAT_MS = 10_000;
/** Past this many messages in one batch the rest are counted, not sent: the page refetches on `overflow`. */
export const MAX_BATCH = 100;
/** Past this much text in one batch the rest are counted too: one write is never large, whatever the messages. */
export const MAX_BATCH_CHARS = 64 * 1024;
/** A request's path is cut to this in its message (an in-process request may have a path of any length). */
const MAX_PATH_CHARS = 1024;
/**
 * How long a write may wait for the client to take it (real time) before the stream is ended: a page that stopped
 * reading (a frozen tab, a client that never reads) is dropped, and falls back to polling if it comes back.
 */
export const STALL_MS = 30_000;

interface Queued {
  type: string;
  data: unknown;
}

/**
 * `GET /_mock/stream`: Server-Sent Events fed by the instance event bus (`request`, `object`, `event`,
 * `delivery`, `clock`, `scenario`, `reset`). It follows the bus only while the client is connected, so with no
 * dashboard open the request path pays nothing; with one open, a request costs a small object pushed on an array
 * and the text is built once per batch. Messages only say what changed; the page reads details from the admin API.
 */
export function streamResponse(ctx: MockContext): MockResponse {
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Accel-Buffering': 'no',
    },
    body: '',
    stream: (sink) => follow(ctx, sink),
  };
}

/**
 * One subscriber. Its backlog is bounded: at most one batch (MAX_BATCH messages, MAX_BATCH_CHARS of text) waits
 * to be sent, and while a write waits for the client to take it (`drain`) nothing more is written: messages are
 * only counted, and one `overflow` message says how many were missed once it drains. A write still waiting after
 * `streamStallMs` (default STALL_MS) ends the stream.
 */
function follow(ctx: MockContext, sink: ResponseSink): void {
  let queue: Queued[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Set while a write waits for the client (nothing more is written until it is taken): ends the stream if it stalls. */
  let stall: NodeJS.Timeout | undefined;
  const stallMs = ctx.streamStallMs ?? STALL_MS;

  const send = (text: string): void => {
    stall = setTimeout(() => sink.abort(), stallMs);
    void sink.write(text).then(() => {
      clearTimeout(stall);
      stall = undefined;
      // What was missed meanwhile is said in one message.
      if (dropped > 0 || queue.length > 0) timer ??= setTimeout(flush, BATCH_MS);
    });
  };
  const flush = (): void => {
    timer = undefined;
    if (stall !== undefined) return;
    let text = '';
    let sent = 0;
    for (; sent < queue.length && text.length < MAX_BATCH_CHARS; sent++) {
      const { type, data } = queue[sent] as Queued;
      text += `event: ${type}\ndata: ${JSON.stringify(shape(type, data))}\n\n`;
    }
    dropped += queue.length - sent;
    if (dropped > 0) text += `event: overflow\ndata: {"dropped":${dropped}}\n\n`;
    queue = [];
    dropped = 0;
    send(text);
  };
  // Messages are kept as published (fresh objects or immutable values) and shaped at flush: a message past the
  // cap, or while the client is not reading, costs a counter increment.
  const push = (type: string, data: unknown): void => {
    if (stall !== undefined) {
      dropped++;
      return;
    }
    if (queue.length < MAX_BATCH) queue.push({ type, data });
    else dropped++;
    timer ??= setTimeout(flush, BATCH_MS);
  };

  const { bus } = ctx;
  const unsubscribers = [
    bus.request.subscribe((message) => push('request', message)),
    bus.event.subscribe((message) => push('event', message)),
    bus.object.subscribe((message) => push('object', message)),
    bus.delivery.subscribe((message) => push('delivery', message)),
    bus.clock.subscribe((message) => push('clock', message)),
    bus.scenario.subscribe((message) => push('scenario', message)),
    bus.reset.subscribe((message) => push('reset', message)),
    bus.memory.subscribe((message) => push('memory', message)),
    // A closing server does not wait for the page: its answer ends, and the page falls back to polling.
    bus.shutdown.subscribe(() => sink.end()),
  ];
  const heartbeat = setInterval(() => {
    if (stall === undefined) send(': heartbeat\n\n');
  }, HEARTBEAT_MS);
  unrefTimer(heartbeat);

  // The first bytes tell the page it is live, and what the clock and scenario are now.
  send(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ clock: ctx.clock.state(), scenario: ctx.scenario.scenario })}\n\n`);
  sink.onClose(() => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
    clearTimeout(stall);
  });
}

/**
 * What the page gets: an event or object as a reference (id, type, where) with, for an object, its status and a
 * small summary (see summarize), and for an event the object it is about; never the whole snapshot.
 */
function shape(type: string, data: unknown): unknown {
  if (type === 'event') {
    const { workspace, livemode, event } = data as EventMessage;
    const object = objectRefOf(event);
    return { workspace, livemode, id: event.id, type: event.type, created: event.created, data: { object: { id: object.id, object: object.object } } };
  }
  if (type === 'object') {
    const { workspace, livemode, object, deleted } = data as ObjectMessage;
    return { workspace, livemode, id: object.id, object: object.object, deleted: deleted ?? false, ...summarize(object) };
  }
  if (type === 'request') {
    const request = data as RequestMessage;
    return request.path.length > MAX_PATH_CHARS ? { ...request, path: `${request.path.slice(0, MAX_PATH_CHARS)}…` } : request;
  }
  return data;
}
