import { createContext } from '../app/create-context';
import { handleRequest } from '../http/handle-request';
import type { MockResponse } from '../request-response';

const FORM = 'amount=2000&currency=usd&metadata[order]=42';

/**
 * Sends what a user's first requests are (a create and a retrieve) to a throwaway instance, just before the CLI's
 * code cache is written (bin/payments-mock.js). The cache holds the functions that had run when it was made; a
 * first start that served no create (`--version`, a probe of `/_mock/keys`, a test that stopped it at once)
 * left a cache without them, so every later start compiled them on its first create (on Node 24, 2 ms of CPU of
 * an 8 ms first create). Synchronous: it runs in the process's `exit` handler.
 * @example trainCodeCache(); // then script.createCachedData()
 */
export function trainCodeCache(): void {
  const ctx = createContext({ fixtures: 'none', seed: 1, clock: 'frozen' });
  try {
    const key = [...ctx.store.keys.values()].find((record) => record.kind === 'secret' && !record.livemode)?.key ?? '';
    const auth = { host: '127.0.0.1:4010', authorization: `Bearer ${key}` };
    const created = answer(ctx, 'POST', '/v1/payments', { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, FORM);
    if (created.status !== 200) throw new Error(`the training create answered ${created.status}: ${created.body}`);
    answer(ctx, 'GET', `/v1/payments/${(JSON.parse(created.body) as { id: string }).id}`, auth);
  } finally {
    ctx.close();
  }
}

function answer(ctx: ReturnType<typeof createContext>, method: string, url: string, headers: Record<string, string>, body = ''): MockResponse {
  const response = handleRequest(ctx, { method, url, headers, body: Buffer.from(body) });
  if (response instanceof Promise) throw new Error(`${method} ${url} did not answer at once`);
  return response;
}
