/**
 * The exchange model every transport speaks: a request already read (`MockRequest`), its answer (`MockResponse`,
 * or one streamed into a `ResponseSink`), and the pages served beside the route tables (`Page`). Types only, on
 * the ground floor: `node:http`, Express, `fetch`, MSW and `mock.inject()` each turn their own kind into these.
 */

/**
 * Request headers, lower-case names (Node's `IncomingHttpHeaders` fits). Declared here so the package's typings
 * need no `@types/node`.
 */
export interface RequestHeaders {
  [name: string]: string | string[] | undefined;
  authorization?: string;
  'content-type'?: string;
  host?: string;
}

/**
 * A request as the mock's core sees it: already read, independent of the transport. The Node listener, the
 * Express app and `mock.inject()` all produce one of these, so the whole pipeline runs without sockets in tests.
 */
export interface MockRequest {
  method: string;
  /** Path and query string, as sent. */
  url: string;
  headers: RequestHeaders;
  /** The raw body (a Node `Buffer` from the socket). */
  body: Uint8Array;
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
  /**
   * An answer written piece by piece after the status and headers: a body too large for one string (a whole-store
   * export), or a long-lived one (the dashboard's event stream). A stream that returns a promise ends the answer
   * when it settles; one that returns nothing ends it itself (`sink.end()`), or the client goes away. `body` is
   * then ignored.
   */
  stream?: (sink: ResponseSink) => void | Promise<void>;
}

/** Where a streamed answer writes. */
export interface ResponseSink {
  /** Writes a piece; resolves when the next may follow (backpressure). */
  write(chunk: string): Promise<void>;
  /** Ends the answer (the server is closing). */
  end(): void;
  /** Drops the connection, and with it what waits to be written (a client that stopped reading). */
  abort(): void;
  onClose(listener: () => void): void;
}

/**
 * A page served beside the route tables (the OpenAPI document, the errors page, the 3-D Secure challenge, the
 * dashboard and its stream): the app that composes the mock gives the HTTP layer its pages, so `http/` never
 * imports the features above it.
 */
export interface Page {
  /** With an exact `path`, other methods are answered 405. Without it, the page answers every method itself. */
  method?: string;
  /** An exact path (`/openapi.json`), or a test that claims paths (`/3ds/{payment}`). */
  path: string | ((path: string) => boolean);
  /** Under /_mock: served without the admin token, because it holds no data (the dashboard's files). */
  open?: boolean;
  /**
   * The answer; undefined when the page declines the request after all (then routing goes on). `base` is the
   * address clients reach the mock at, for absolute links.
   */
  answer(req: MockRequest, path: string, query: string, base: string): MockResponse | Promise<MockResponse> | undefined;
}

/** The pages of one mock instance: outside /_mock, and under it (checked by the admin guard first). */
export interface Pages {
  site: Page[];
  admin: Page[];
}
