import { createAppFromContext, MockApp } from './http/express-app';
import { createContext } from './app/create-context';
import { MockOptions } from './app/mock-options';

/**
 * The mock as an Express app that never listens: for supertest, or to mount inside your own Express server at
 * any path, before or after its body parsers.
 *
 * @example
 * import request from 'supertest';
 * const app = createApp({ fixtures: 'none', seed: 1 });
 * await request(app).get('/_mock/health').expect(200);
 * hostApp.use(express.json(), express.urlencoded({ extended: true }));
 * hostApp.use('/payments-mock', createApp({ seed: 1 }));
 */
export function createApp(options: Omit<MockOptions, 'port' | 'host'> = {}): MockApp {
  return createAppFromContext(createContext(options));
}
