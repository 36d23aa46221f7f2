import { startMock } from '../../src/start-mock';

/** Runs the same /v1 requests on a fresh seeded server, with `between` called before each; returns every answer. */
async function run(between: (call: (method: string, url: string, body?: Record<string, unknown>) => Promise<unknown>) => Promise<void>) {
  const mock = await startMock({ port: 0, fixtures: 'none', seed: 7, clock: 'frozen@2026-01-01T00:00:00Z' });
  try {
    const key = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;
    const call = (method: string, url: string, body?: Record<string, unknown>) =>
      mock.inject({ method, url, headers: { Authorization: `Bearer ${key}` }, ...(body ? { body } : {}) });
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      await between(call);
      for (const res of [
        await call('POST', '/v1/customers', { email: `c${i}@example.com` }),
        await call('POST', '/v1/payments', { amount: 100 + i, currency: 'usd' }),
        await call('GET', '/v1/events?limit=3'),
      ])
        answers.push(`${res.status} ${res.headers['Request-Id']} ${res.body}`);
    }
    return answers;
  } finally {
    await mock.close();
  }
}

describe('--seed streams are separate per purpose', () => {
  it('admin calls, preflights, docs, the OpenAPI document and unknown URLs never shift the /v1 sequence', async () => {
    const quiet = await run(async () => undefined);
    const busy = await run(async (call) => {
      await call('GET', '/_mock/state');
      await call('GET', '/_mock/requests');
      await call('OPTIONS', '/v1/payments');
      await call('GET', '/docs/errors');
      await call('GET', '/openapi.json');
      await call('GET', '/nowhere');
      await call('PUT', '/_mock/scenario', { scenario: 'happy' });
    });
    expect(busy).toEqual(quiet);
  });

  it('a slow scenario drawing latencies does not shift ids', async () => {
    const quiet = await run(async () => undefined);
    const mockRun = await run(async (call) => {
      // Draws from the latency stream (a 0 ms fixed latency still goes through the scenario's dice path).
      await call('PUT', '/_mock/scenario', { scenario: 'slow', options: { latency_ms: 1 } });
      await call('GET', '/v1/account');
      await call('PUT', '/_mock/scenario', { scenario: 'happy' });
    });
    const ids = (answers: string[]) => answers.map((answer) => /"id":"(\w+)"/.exec(answer)?.[1]);
    expect(ids(mockRun)).toEqual(ids(quiet));
  });
});
