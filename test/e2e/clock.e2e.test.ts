import { MockServer, startMock } from '../../src/start-mock';

const FROZEN_AT = '2026-01-01T00:00:00Z';
const FROZEN_UNIX = Date.parse(FROZEN_AT) / 1000;

describe('the mock clock over a real server (startMock)', () => {
  let mock: MockServer;
  let secret: string;

  beforeEach(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: `frozen@${FROZEN_AT}`, seed: 1 });
    secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key ?? '';
  });

  afterEach(async () => {
    await mock.close();
  });

  const createPayment = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, ...headers },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { id: string; created: number } };
  };

  it('mock.clock.advance("25h") moves created timestamps and GET /_mock/clock', async () => {
    expect(mock.clock.now()).toBe(FROZEN_UNIX);
    expect((await createPayment()).body.created).toBe(FROZEN_UNIX);

    const state = await mock.clock.advance('25h');
    expect(state).toEqual({ mode: 'frozen', now: FROZEN_UNIX + 25 * 3600, iso: '2026-01-02T01:00:00.000Z' });
    expect((await createPayment()).body.created).toBe(FROZEN_UNIX + 25 * 3600);

    const clock = (await (await fetch(`${mock.url}/_mock/clock`)).json()) as { now: number };
    expect(clock.now).toBe(FROZEN_UNIX + 25 * 3600);
  });

  it('mock.clock.advance past 24h makes an Idempotency-Key start a new request', async () => {
    const first = await createPayment({ 'Idempotency-Key': 'order-1' });
    const replay = await createPayment({ 'Idempotency-Key': 'order-1' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);

    await mock.clock.advance('25h');
    const fresh = await createPayment({ 'Idempotency-Key': 'order-1' });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.id).not.toBe(first.body.id);
  });

  it('mock.clock.set places the clock, and the admin API sees the same clock', async () => {
    mock.clock.set('frozen', '2030-01-01T00:00:00Z');
    expect((await createPayment()).body.created).toBe(Date.parse('2030-01-01T00:00:00Z') / 1000);
    const res = await fetch(`${mock.url}/_mock/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ by: '1d' }),
    });
    expect(res.status).toBe(200);
    expect(mock.clock.state()).toMatchObject({ mode: 'frozen', now: Date.parse('2030-01-02T00:00:00Z') / 1000 });
  });

  it('starts an offset clock from the clock option', async () => {
    const behind = await startMock({ port: 0, fixtures: 'none', clock: 'offset:-2d', seed: 1 });
    try {
      expect(behind.clock.state().mode).toBe('offset');
      expect(Math.abs(behind.clock.now() - (Math.floor(Date.now() / 1000) - 2 * 86400))).toBeLessThanOrEqual(2);
    } finally {
      await behind.close();
    }
  });
});
