import { MAX_BODY_BYTES } from '../../http/body';
import { MockRequest, MockResponse, ResponseSink } from '../../request-response';

/** A WHATWG Request as far as the mock reads it (typed here so the package's typings need no DOM library). */
export interface FetchRequestLike {
  method: string;
  url: string;
  headers: { forEach(callback: (value: string, name: string) => void): void; get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

const NO_BODY = new Uint8Array(0);

/**
 * A fetch Request as the core's MockRequest: headers lower-cased as Node gives them, the mount path cut from the
 * URL, the body read whole, at most 1 MiB: past that, `tooLarge` is set and the rest is not read (the caller
 * answers 413 as the server does, to the request as it reads here).
 */
export async function readRequest(request: FetchRequestLike, basePath: string): Promise<{ request: MockRequest; tooLarge: boolean }> {
  const url = new URL(request.url);
  const path = basePath && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) ? url.pathname.slice(basePath.length) || '/' : url.pathname;
  const headers: MockRequest['headers'] = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A fetch Request carries no Host header; the server's clients send the URL's.
  headers.host ??= url.host;
  const mockRequest: MockRequest = { method: request.method, url: `${path}${url.search}`, headers, body: NO_BODY, origin: `${url.origin}${basePath}` };
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return { request: mockRequest, tooLarge: true };
  if (!request.body) return { request: mockRequest, tooLarge: false };
  const body = await readCapped(request.body);
  if (!body) return { request: mockRequest, tooLarge: true };
  mockRequest.body = body;
  return { request: mockRequest, tooLarge: false };
}

/** The whole body, or undefined as soon as it passes 1 MiB (the rest is not read). */
async function readCapped(stream: ReadableStream<Uint8Array>): Promise<Uint8Array | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: the rest is not wanted, and a body stream may never settle its cancel.
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

/** Statuses whose answer has no body (a fetch Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const ENCODER = new TextEncoder();

/**
 * The error a fetch gets when the connection is lost before an answer: what `fetch` itself rejects with (a
 * TypeError "fetch failed" whose cause has code ECONNRESET, as Node's fetch reports a reset socket). Its own
 * class only so that the MSW handlers can tell it from any other error; to the application it is a TypeError.
 */
export class DroppedConnection extends TypeError {
  constructor() {
    const cause = Object.assign(new Error('payments-mock dropped the connection without answering: an injected fault (a lost response).'), {
      code: 'ECONNRESET',
    });
    super('fetch failed', { cause });
  }
}

/**
 * The core's MockResponse as a fetch Response with the same status, headers and body bytes the node:http
 * transport writes (Content-Length included). A dropped connection rejects, as a network error does.
 */
export function toResponse(response: MockResponse, method: string): Response {
  if (response.drop) throw new DroppedConnection();
  if (response.stream) return streamed(response, response.stream);
  const bytes = ENCODER.encode(response.body);
  // Set on the answer's own headers, as the node:http transport does: the journal shows what was sent.
  response.headers['Content-Length'] = String(bytes.length);
  const body = NULL_BODY.has(response.status) || method === 'HEAD' ? null : bytes;
  return new Response(body, { status: response.status, headers: response.headers });
}

/** A streamed answer (an export, the dashboard's event stream) as a ReadableStream that the reader pulls. */
function streamed(response: MockResponse, stream: NonNullable<MockResponse['stream']>): Response {
  let ended = false;
  const closeListeners: Array<() => void> = [];
  let wake: (() => void) | undefined;
  /** The answer is over, however it ended: a write waiting for the reader returns, and the close listeners run once. */
  const over = (): void => {
    ended = true;
    wake?.();
    wake = undefined;
    for (const listener of closeListeners.splice(0)) listener();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const end = (): void => {
        if (ended) return;
        controller.close();
        over();
      };
      const sink: ResponseSink = {
        write: (chunk) => {
          if (ended) return Promise.resolve();
          controller.enqueue(ENCODER.encode(chunk));
          // Backpressure: wait until the reader asks for more.
          return (controller.desiredSize ?? 1) > 0 ? Promise.resolve() : new Promise((resolve) => (wake = resolve));
        },
        end,
        // A reader that stopped reading: the body fails, as a dropped connection would.
        abort: () => fail(new Error('The stream was ended: its reader stopped reading.')),
        onClose: (listener) => void closeListeners.push(listener),
      };
      const fail = (error: unknown): void => {
        if (ended) return;
        controller.error(error);
        over();
      };
      try {
        // A stream that returns a promise ends the answer when it settles; one that returns nothing ends it itself.
        const done = stream(sink);
        if (done) done.then(end, fail);
      } catch (error) {
        fail(error);
      }
    },
    pull() {
      wake?.();
      wake = undefined;
    },
    cancel() {
      over();
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
