import { unrefTimer } from '../runtime/platform';
import type { MockContext } from '../context';
import type { EventMessage, ObjectMessage } from '../bus/bus';
import type { MockResponse, ResponseSink } from '../exchange';

/** How long messages gather before one write: a burst of requests costs one write, not one each. */
export const BATCH_MS = 100;
/** A comment line this often, so the page (and proxies) can tell a quiet stream from a dead one. */
export const HEARTBEAT_MS = 10_000;
/** Past this many messages in one batch the rest are counted, not sent: the page refetches on `overflow`. */
export const MAX_BATCH = 100;

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

function follow(ctx: MockContext, sink: ResponseSink): void {
  let queue: Queued[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    timer = undefined;
    let text = '';
    for (const { type, data } of queue) text += `event: ${type}\ndata: ${JSON.stringify(shape(type, data))}\n\n`;
    if (dropped > 0) text += `event: overflow\ndata: {"dropped":${dropped}}\n\n`;
    queue = [];
    dropped = 0;
    sink.write(text);
  };
  // Messages are kept as published (fresh objects or immutable values) and shaped at flush: a message past the
  // cap costs a counter increment.
  const push = (type: string, data: unknown): void => {
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
    // A closing server does not wait for the page: its answer ends, and the page falls back to polling.
    bus.shutdown.subscribe(() => sink.end()),
  ];
  const heartbeat = setInterval(() => sink.write(': heartbeat\n\n'), HEARTBEAT_MS);
  unrefTimer(heartbeat);

  // The first bytes tell the page it is live, and what the clock and scenario are now.
  sink.write(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ clock: ctx.clock.state(), scenario: ctx.scenario.scenario })}\n\n`);
  sink.onClose(() => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    clearInterval(heartbeat);
    if (timer) clearTimeout(timer);
  });
}

/** What the page gets: an event or object as a reference (id, type, where), never the whole snapshot. */
function shape(type: string, data: unknown): unknown {
  if (type === 'event') {
    const { workspace, livemode, event } = data as EventMessage;
    return { workspace, livemode, id: event.id, type: event.type, created: event.created };
  }
  if (type === 'object') {
    const { workspace, livemode, object, deleted } = data as ObjectMessage;
    return { workspace, livemode, id: object.id, object: object.object, deleted: deleted ?? false };
  }
  return data;
}
