import type { IncomingHttpHeaders } from 'node:http';

/**
 * A request as the mock's core sees it: already read, independent of the transport. The Node listener, the
 * Express app and `mock.inject()` all produce one of these, so the whole pipeline runs without sockets in tests.
 */
export interface MockRequest {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * The value `body` was serialised from, for JSON answers. Stored objects are immutable versions, so the
   * journal keeps this (mostly references) rather than a second long-lived copy of the text.
   */
  value?: unknown;
  /** Close the connection without answering: an injected "lost response". */
  drop?: boolean;
  /**
   * A body too large for one string (a whole-store export), written piece by piece instead of `body`; `write`
   * resolves when the piece may be followed by the next (backpressure).
   */
  stream?: (write: (text: string) => Promise<void>) => Promise<void>;
}
