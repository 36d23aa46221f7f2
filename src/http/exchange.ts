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
  /**
   * Where the client reached the mock when an Express host app mounts it (`https://host/sub-path`): error
   * `doc_url`s and the OpenAPI server URL point there. Unset when the mock serves on its own.
   */
  origin?: string;
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
}
