import type { IncomingMessage } from 'node:http';
import { MockContext } from '../context/mock-context';
import { ConfigError } from '../errors/api-error';
import { MAX_BODY_BYTES } from './body';
import { createListener, respond, send } from './node-listener';
import { tooLargeResponse } from './too-large';
import { reencodeParsedBody } from './parsed-body';

/**
 * The mock as a request handler: a Node request listener that is also Express middleware, so it can be given to
 * `http.createServer`, to supertest, or mounted with `app.use('/sub-path', mockApp)`. It is typed without
 * Express's or Node's types so that the package's typings compile in a project that has neither installed.
 */
export interface MockApp {
  (req: unknown, res: unknown, next?: (error?: unknown) => void): void;
}

/** What the host app's body parser leaves on the request (Express's `req.body`, body-parser 1's `_body` flag). */
interface HostRequest extends IncomingMessage {
  body?: unknown;
  _body?: boolean;
  baseUrl?: string;
  protocol?: string;
}

/**
 * The mock as an Express app, for supertest or for mounting inside another app at any path. It never listens.
 * Express only hosts the mock's own listener: routing, parsing and errors are the mock's, so the embedded app
 * answers exactly as the standalone server does. When the host already read the body (`express.json()`,
 * `express.urlencoded()`, `body-parser`), the parsed body is turned back into its wire format and goes through
 * the same parsing, limits and validation; otherwise the mock reads the raw body itself.
 *
 * @example
 * const app = createApp({ fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
 * await request(app).get('/_mock/health').expect(200);
 */
export function createAppFromContext(ctx: MockContext): MockApp {
  const app = loadExpress()();
  app.disable('x-powered-by');
  app.set('etag', false);
  const originOf = (req: HostRequest) => `${req.protocol ?? 'http'}://${req.headers.host ?? '127.0.0.1'}${req.baseUrl ?? ''}`;
  const listener = createListener(ctx, { originOf });
  app.use((req: HostRequest, res) => {
    // The stream is gone once a host parser read it: waiting for its 'end' would hang the request forever.
    if (!req.readableEnded && req._body !== true) return listener(req, res);
    const origin = originOf(req);
    const url = req.url ?? '/';
    const body = reencodeParsedBody(req.headers['content-type'], req.body);
    if (body.length > MAX_BODY_BYTES) return send(res, tooLargeResponse(ctx, url, req.headers.host, origin));
    respond(ctx, { method: req.method ?? 'GET', url, headers: req.headers, body, origin }, res);
  });
  return app as unknown as MockApp;
}

/**
 * The user's Express, loaded when an app is made: it is an optional peer dependency (installing payments-mock
 * installs none of Express's 30 packages for the CLI, startMock or the adapters), and the host app mounting the
 * mock has it already. Missing, it is one clear line, not a stack through Node's module loader.
 */
function loadExpress(): typeof import('express') {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- an optional peer dependency, loaded on use
    return require('express') as typeof import('express');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' || !/'express'/.test((error as Error).message)) throw error;
    throw new ConfigError(
      'createApp() returns an Express app, and Express is not installed: run `npm install express` (Express 5). ' +
        'startMock() and createFetchHandler() need nothing else.',
    );
  }
}
