import express from 'express';
import { MockContext } from '../context';
import { createListener } from './node-listener';

/**
 * The mock as an Express app, for supertest or for mounting inside another app (`app.use(mockApp)`). It never
 * listens. Express only hosts the mock's own listener: routing, parsing and errors are the mock's, so the
 * embedded app answers exactly as the standalone server does.
 *
 * @example
 * const app = createApp({ fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
 * await request(app).get('/_mock/health').expect(200);
 */
export function createAppFromContext(ctx: MockContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const listener = createListener(ctx);
  app.use((req, res) => listener(req, res));
  return app;
}
