import type { Express } from 'express';
import { createAppFromContext } from './http/create-app';
import { createContext, MockOptions } from './options';

/**
 * The mock as an Express app that never listens: for supertest, or to mount inside your own server.
 *
 * @example
 * import request from 'supertest';
 * const app = createApp({ fixtures: 'none', seed: 1 });
 * await request(app).get('/_mock/health').expect(200);
 */
export function createApp(options: Omit<MockOptions, 'port' | 'host'> = {}): Express {
  return createAppFromContext(createContext(options));
}
