import request from 'supertest';
import { MockContext } from '../../src/context/mock-context';
import { createAppFromContext } from '../../src/http/express-app';
import { createContext } from '../../src/app/create-context';
import { MockOptions } from '../../src/app/mock-options';
import { keysByRole, WorkspaceKeys } from '../../src/adapters/jest/workspace';

export const FROZEN_AT = '2026-01-01T00:00:00Z';
export const FROZEN_UNIX = Date.parse(FROZEN_AT) / 1000;

export type SandboxKeys = WorkspaceKeys;

/**
 * A fresh mock for one test: its own context (frozen clock, seeded ids, one generated workspace unless told
 * otherwise) behind the Express app, driven with supertest. Nothing listens on a port.
 */
export function sandbox(options: MockOptions = {}) {
  const ctx = createContext({ fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 1, ...options });
  const app = createAppFromContext(ctx);
  const workspace = [...ctx.store.workspaces.values()][0];
  const keys: SandboxKeys = keysByRole([...ctx.store.keys.values()].filter((k) => k.workspace === workspace?.id));
  const http = request(app);
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
  return {
    ctx,
    app,
    http,
    keys,
    /** GET with a key (secret test key by default). */
    get: (path: string, key = keys.secret) => http.get(path).set(auth(key)),
    /** POST a form body (an object of strings, nested with brackets as clients do) with a key. */
    post: (path: string, form: Record<string, string | number> = {}, key = keys.secret) =>
      http
        .post(path)
        .set(auth(key))
        .type('form')
        .send(new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString()),
    /** POST a JSON body with a key. */
    postJson: (path: string, body: unknown, key = keys.secret) =>
      http.post(path).set(auth(key)).set('Content-Type', 'application/json').send(JSON.stringify(body)),
    /** Admin API call with a JSON body. */
    admin: (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) => {
      const call = http[method](path);
      return body === undefined ? call : call.set('Content-Type', 'application/json').send(JSON.stringify(body));
    },
  };
}

export type Sandbox = ReturnType<typeof sandbox>;

/** Creates a payment with the secret key and returns its body. */
export async function createPayment(box: Sandbox, form: Record<string, string | number> = {}, key?: string) {
  const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd', ...form }, key);
  if (res.status !== 200) throw new Error(`payment create failed: ${res.status} ${res.text}`);
  return res.body as { id: string; client_secret: string; [field: string]: unknown };
}

export type { MockContext };

/**
 * Holds the slow scenario's latency from now until the returned function is called. The latency is a setTimeout,
 * and Jest's fake timers take that alone here (setImmediate, intervals, Date and the rest stay real), so a request
 * waits in it as long as the test needs: a duplicate then meets the first request in flight however slowly it
 * arrives, where with a real 200 ms timer a loaded machine could deliver it after the first had finished. Pair it
 * with `afterEach(() => jest.useRealTimers())`, so a failing test leaves no fake timers behind.
 */
export function holdLatency(): () => void {
  jest.useFakeTimers({
    doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
  });
  return () => {
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
  };
}
