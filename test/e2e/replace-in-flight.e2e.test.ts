import { MockServer, startMock } from '../../src/start-mock';

interface Answer {
  status: number;
  id: string | undefined;
  at: number;
}

let clock = 0;

/** Starts `count` slow creates with `key`, each answered after the scenario's latency; resolves with their answers in order of arrival. */
function slowCreates(mock: MockServer, key: string, count: number): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const res = await fetch(`${mock.url}/v1/customers`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
      const body = (await res.json()) as { id?: string };
      return { status: res.status, id: body.id, at: ++clock };
    }),
  );
}

async function admin(mock: MockServer, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${mock.url}${path}`, { method, ...(body ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } } : {}) });
  expect(res.status).toBe(200);
  return { status: res.status, id: undefined, at: ++clock };
}

async function exists(mock: MockServer, key: string, id: string): Promise<boolean> {
  return (await fetch(`${mock.url}/v1/customers/${id}`, { headers: { Authorization: `Bearer ${key}` } })).status === 200;
}

const secretOf = (keys: MockServer['keys'], workspace?: string) =>
  keys.find((k) => k.kind === 'secret' && !k.livemode && (workspace === undefined || k.workspace === workspace))!.key;

/**
 * Lets the slow creates reach their latency (they are in flight) before the admin call. Bounded, so a slow machine
 * fails the test with a reason rather than leaving a loop running after it.
 */
const inFlight = async (mock: MockServer, count: number) => {
  const deadline = Date.now() + 10_000;
  while (mock.context.inFlight.running() < count) {
    if (Date.now() > deadline) throw new Error(`only ${mock.context.inFlight.running()} of ${count} requests were in flight after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('operations that replace state wait for the requests in flight in what they replace', () => {
  let mock: MockServer;
  beforeEach(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', seed: 1, scenario: 'slow', scenarioOptions: { latency_ms: 1500 } });
  });
  afterEach(() => mock.close());

  it('POST /_mock/reset: every create answered 200 before the reset answered was in flight; none is answered 200 for an object missing afterwards', async () => {
    const key = secretOf(mock.keys);
    const creates = slowCreates(mock, key, 40);
    await inFlight(mock, 40);
    const reset = await admin(mock, 'POST', '/_mock/reset');
    const later = slowCreates(mock, key, 10);
    const answers = [...(await creates), ...(await later)];
    await admin(mock, 'PUT', '/_mock/scenario', { scenario: 'happy' });
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      if (answer.at > reset.at) expect(await exists(mock, key, answer.id!)).toBe(true);
      else expect(await exists(mock, key, answer.id!)).toBe(false);
    }
    expect((await creates).every((answer) => answer.at < reset.at)).toBe(true);
  });

  it('PUT /_mock/state: creates in flight finish before the import; creates after it land in the imported state', async () => {
    const key = secretOf(mock.keys);
    const exported = await (await fetch(`${mock.url}/_mock/state`)).json();
    const creates = slowCreates(mock, key, 40);
    await inFlight(mock, 40);
    const imported = await admin(mock, 'PUT', '/_mock/state', exported);
    const later = await slowCreates(mock, key, 10);
    expect((await creates).every((answer) => answer.status === 200 && answer.at < imported.at)).toBe(true);
    await admin(mock, 'PUT', '/_mock/scenario', { scenario: 'happy' });
    for (const answer of later) expect(await exists(mock, key, answer.id!)).toBe(true);
  });

  it('DELETE /_mock/workspaces/{id}: waits for that workspace only; its later requests are 401, another workspace is never held', async () => {
    const made = (await (await fetch(`${mock.url}/_mock/workspaces`, { method: 'POST' })).json()) as { workspace: string; keys: MockServer['keys'] };
    const doomed = secretOf(made.keys);
    const creates = slowCreates(mock, doomed, 20);
    await inFlight(mock, 20);
    const deleting = admin(mock, 'DELETE', `/_mock/workspaces/${made.workspace}`);
    const deadline = Date.now() + 10_000;
    while (!mock.context.inFlight.pending(made.workspace)) {
      if (Date.now() > deadline) throw new Error('the workspace deletion never started waiting');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const other = mock.keys.find((k) => k.workspace !== made.workspace)!.workspace;
    expect(mock.context.inFlight.pending(other)).toBeUndefined();
    const deleted = await deleting;
    expect((await creates).every((answer) => answer.status === 200 && answer.at < deleted.at)).toBe(true);
    const after = await fetch(`${mock.url}/v1/customers`, { method: 'POST', headers: { Authorization: `Bearer ${doomed}` } });
    expect(after.status).toBe(401);
  });

  it('mock.reset() waits for requests in flight too', async () => {
    const key = secretOf(mock.keys);
    const creates = slowCreates(mock, key, 5);
    await inFlight(mock, 5);
    await mock.reset();
    // Every create had finished (its answer computed) when the reset ran.
    expect(mock.context.inFlight.running()).toBe(0);
    expect((await creates).every((answer) => answer.status === 200)).toBe(true);
  });
});
