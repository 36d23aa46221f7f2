import { Cancelable, errorName, LOGGED_RESPONSE_BYTES, MAX_RESPONSE_BYTES, SendOptions, SendResult } from './send';
import { monotonicMs } from '../runtime/platform';

/**
 * POSTs one delivery with the global `fetch` (the `fetch` webhook transport): what `createFetchHandler` and
 * `payments-mock/msw` use, so a fetch interceptor (MSW in Node, MSW's service worker in a browser) sees the
 * deliveries. The same rules as the node:http transport: never throws, no redirect followed, the whole exchange
 * within `timeoutMs`, at most 64 KiB of the answer read, its first 1 KiB logged.
 */
export async function postWebhookWithFetch(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: Pick<SendOptions, 'timeoutMs' | 'track'>,
): Promise<SendResult> {
  const started = monotonicMs();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const request: Cancelable = { destroy: () => controller.abort() };
  const untrack = options.track ? options.track(request) : () => undefined;
  const done = (status: number | null, error: string | null, text: string | null): SendResult => ({
    status,
    error,
    body: text,
    durationMs: Math.round((monotonicMs() - started) * 100) / 100,
  });
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: controller.signal });
    // `redirect: 'manual'` gives a 3xx as it is in Node, and an opaque redirect (status 0) in a browser.
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel();
      return done(response.status || null, 'redirect', null);
    }
    return done(response.status, null, await readCapped(response));
  } catch (error) {
    if (timedOut) return done(null, 'timeout', null);
    return done(null, fetchErrorName(error), null);
  } finally {
    clearTimeout(timer);
    untrack();
  }
}

/** At most 64 KiB of the answer is read; the first 1 KiB is kept as text. */
async function readCapped(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_RESPONSE_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  if (size >= MAX_RESPONSE_BYTES) void reader.cancel().catch(() => undefined);
  if (size === 0) return null;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return new TextDecoder().decode(all.subarray(0, LOGGED_RESPONSE_BYTES));
}

/**
 * Node's fetch (undici) reports the socket's error as `cause`, with Node's codes (ECONNREFUSED) or its own
 * (UND_ERR_SOCKET: the other side closed); a browser says only "Failed to fetch". The cause is read by its
 * fields, not `instanceof Error`: it may come from another realm (a test runner's sandbox, a worker).
 */
function fetchErrorName(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (typeof cause === 'object' && cause !== null && 'message' in cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return 'connection_reset';
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return 'timeout';
    // Node 20 and 22 give the parser's code (HPE_INVALID_CONSTANT); the undici of Node 24 and newer gives none.
    if ((cause as { name?: unknown }).name === 'HTTPParserError') return 'invalid_response';
    return errorName(cause as Error);
  }
  if ((error as Error | null)?.name === 'AbortError') return 'connection_reset';
  return 'network_error';
}
