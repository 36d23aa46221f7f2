import { MockServer, startMock } from '../../src/start-mock';

/**
 * A small retrying client, as SDKs have: retries network errors (a dropped connection) and 5xx answers, up to
 * `attempts` times, sending the same Idempotency-Key each time when it has one.
 */
async function postWithRetries(url: string, secret: string, form: Record<string, string>, options: { idempotencyKey?: string; attempts?: number } = {}) {
  const attempts = options.attempts ?? 25;
  const headers: Record<string, string> = { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/x-www-form-urlencoded' };
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let tries = 0;
  for (;;) {
    tries++;
    let res: Response | undefined;
    try {
      res = await fetch(url, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
    } catch {
      res = undefined; // the connection was dropped: retry
    }
    if (res && res.status < 500)
      return { status: res.status, body: (await res.json()) as { id: string }, replayed: res.headers.get('idempotent-replayed') === 'true', tries };
    if (res) await res.arrayBuffer();
    if (tries >= attempts) throw new Error(`gave up after ${tries} tries (last: ${res ? res.status : 'dropped'})`);
  }
}

describe('a retrying client against the flaky scenario', () => {
  let mock: MockServer;
  let secret: string;
  const LOGICAL_PAYMENTS = 30;

  beforeEach(async () => {
    mock = await startMock({ port: 0, scenario: 'flaky', scenarioOptions: { rate: 0.5 }, seed: 7, fixtures: 'none' });
    secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key ?? '';
  });

  afterEach(async () => {
    await mock.close();
  });

  /** Counts payments through the API once the service is healthy again. */
  async function countCreated(): Promise<number> {
    mock.setScenario('happy');
    const res = await fetch(`${mock.url}/v1/events?type=payment.created&limit=100`, { headers: { Authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { data: Array<{ data: { object: { id: string } } }>; has_more: boolean };
    expect(list.has_more).toBe(false);
    return new Set(list.data.map((event) => event.data.object.id)).size;
  }

  it('with an Idempotency-Key per logical payment ends with exactly 30 payments', async () => {
    const ids: string[] = [];
    let retried = 0;
    let replayed = 0;
    for (let i = 0; i < LOGICAL_PAYMENTS; i++) {
      const res = await postWithRetries(`${mock.url}/v1/payments`, secret, { amount: String(1000 + i), currency: 'usd' }, { idempotencyKey: `order-${i}` });
      expect(res.status).toBe(200);
      ids.push(res.body.id);
      if (res.tries > 1) retried++;
      if (res.replayed) replayed++;
    }
    // The scenario did bite, both before (retry executes) and after (retry replays) execution.
    expect(retried).toBeGreaterThan(5);
    expect(replayed).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(LOGICAL_PAYMENTS);
    expect(await countCreated()).toBe(LOGICAL_PAYMENTS);
    const test = [...mock.context.store.workspaces.values()][0]?.test;
    expect(test?.payments.size).toBe(LOGICAL_PAYMENTS);
  });

  it('without an Idempotency-Key ends with duplicates: more than 30 payments', async () => {
    for (let i = 0; i < LOGICAL_PAYMENTS; i++) {
      const res = await postWithRetries(`${mock.url}/v1/payments`, secret, { amount: String(1000 + i), currency: 'usd' });
      expect(res.status).toBe(200);
    }
    const created = await countCreated();
    expect(created).toBeGreaterThan(LOGICAL_PAYMENTS);
    const test = [...mock.context.store.workspaces.values()][0]?.test;
    expect(test?.payments.size).toBe(created);
  });
});
