import { Clock } from '../../src/clock/clock';
import { ConfigError } from '../../src/errors/api-error';
import { expectError, expectSchema } from '../helpers/schemas';
import { createPayment, FROZEN_AT, FROZEN_UNIX, sandbox } from '../helpers/sandbox';

const HOUR = 3600;
const realNow = () => Math.floor(Date.now() / 1000);

describe('GET /_mock/clock', () => {
  it('answers { mode, now, iso } of the frozen clock the mock started with', async () => {
    const box = sandbox();
    const res = await box.admin('get', '/_mock/clock');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ mode: 'frozen', now: FROZEN_UNIX, iso: new Date(FROZEN_AT).toISOString() });
  });

  it('does not move while frozen', async () => {
    const box = sandbox();
    const first = (await box.admin('get', '/_mock/clock')).body.now;
    await box.post('/v1/payments', { amount: 100, currency: 'usd' });
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(first);
  });
});

describe('PUT /_mock/clock', () => {
  it('freezes the clock at a Unix time', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/clock', { mode: 'frozen', now: FROZEN_UNIX + 12 * HOUR });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'frozen', now: FROZEN_UNIX + 12 * HOUR, iso: '2026-01-01T12:00:00.000Z' });
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX + 12 * HOUR);
  });

  it('freezes the clock at an ISO-8601 time', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/clock', { mode: 'frozen', now: '2030-06-15T08:30:00Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: 'frozen', now: Date.parse('2030-06-15T08:30:00Z') / 1000, iso: '2030-06-15T08:30:00.000Z' });
  });

  it('accepts Unix seconds sent as a digit string', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/clock', { mode: 'frozen', now: String(FROZEN_UNIX + 60) });
    expect(res.status).toBe(200);
    expect(res.body.now).toBe(FROZEN_UNIX + 60);
  });

  it('keeps the current mock time when freezing without now', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/clock', { mode: 'frozen' });
    expect(res.body).toMatchObject({ mode: 'frozen', now: FROZEN_UNIX });
  });

  it('offset mode places the clock at now and lets it run with the machine', async () => {
    const box = sandbox();
    const target = Date.parse('2031-03-01T00:00:00Z') / 1000;
    const res = await box.admin('put', '/_mock/clock', { mode: 'offset', now: target });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('offset');
    expect(Math.abs(res.body.now - target)).toBeLessThanOrEqual(2);
  });

  it('real mode follows the machine clock again', async () => {
    const box = sandbox();
    const res = await box.admin('put', '/_mock/clock', { mode: 'real' });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('real');
    expect(Math.abs(res.body.now - realNow())).toBeLessThanOrEqual(2);
  });

  it.each([
    [{ mode: 'paused' }, 'parameter_invalid', 'mode'],
    [{ now: FROZEN_UNIX }, 'parameter_missing', 'mode'],
    [{ mode: 'frozen', now: 'yesterday' }, 'parameter_invalid', 'now'],
    [{ mode: 'frozen', now: 1.5 }, 'parameter_invalid', 'now'],
    [{ mode: 'frozen', now: true }, 'parameter_invalid', 'now'],
    [{ mode: 'frozen', when: FROZEN_UNIX }, 'parameter_unknown', 'when'],
    [{ mode: 'frozen', now: 99999999999999 }, 'parameter_invalid', 'now'],
  ])('refuses %j with 400 %s naming %s, and leaves the clock alone', async (body, code, param) => {
    const box = sandbox();
    expectError(await box.admin('put', '/_mock/clock', body), 400, code, param);
    const clock = await box.admin('get', '/_mock/clock');
    expect(clock.status).toBe(200);
    expect(clock.body).toMatchObject({ mode: 'frozen', now: FROZEN_UNIX });
  });
});

describe('POST /_mock/clock/advance', () => {
  it('moves the clock by a duration such as "25h" and answers the clock', async () => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/clock/advance', { by: '25h' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'frozen', now: FROZEN_UNIX + 25 * HOUR, iso: '2026-01-02T01:00:00.000Z' });
  });

  it.each([
    [60, 60],
    ['90s', 90],
    ['1h30m', 5400],
    ['2d', 2 * 86400],
    ['1w', 7 * 86400],
    ['-1d', -86400],
    ['3600', 3600],
  ])('moves the clock by %j = %i seconds', async (by, seconds) => {
    const box = sandbox();
    const res = await box.admin('post', '/_mock/clock/advance', { by });
    expect(res.status).toBe(200);
    expect(res.body.now).toBe(FROZEN_UNIX + seconds);
  });

  it('adds up successive advances', async () => {
    const box = sandbox();
    await box.admin('post', '/_mock/clock/advance', { by: '1h' });
    await box.admin('post', '/_mock/clock/advance', { by: 30 });
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX + HOUR + 30);
  });

  it.each([
    [{ by: 'soon' }, 'parameter_invalid', 'by'],
    [{ by: '25 hours' }, 'parameter_invalid', 'by'],
    [{ by: '' }, 'parameter_invalid', 'by'],
    [{}, 'parameter_missing', 'by'],
    [{ by: '1h', mode: 'frozen' }, 'parameter_unknown', 'mode'],
    [{ by: '99999999999w' }, 'parameter_invalid', 'by'],
    [{ by: true }, 'parameter_invalid', 'by'],
    [{ by: { hours: 1 } }, 'parameter_invalid', 'by'],
  ])('refuses %j with 400 %s naming %s, and leaves the clock alone (the shared clock and a workspace clock alike)', async (body, code, param) => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    expectError(await box.admin('post', '/_mock/clock/advance', body), 400, code, param);
    expectError(await box.admin('post', `/_mock/workspaces/${workspace}/clock/advance`, body), 400, code, param);
    const clock = await box.admin('get', '/_mock/clock');
    expect(clock.status).toBe(200);
    expect(clock.body.now).toBe(FROZEN_UNIX);
    expect(box.ctx.clockFor(workspace!).now()).toBe(FROZEN_UNIX);
  });
});

describe('created timestamps follow the mock clock', () => {
  it('stamps objects and their events with the mock time, before and after advancing', async () => {
    const box = sandbox();
    const before = await createPayment(box);
    expect(before.created).toBe(FROZEN_UNIX);
    await box.admin('post', '/_mock/clock/advance', { by: '25h' });
    const after = await createPayment(box);
    expect(after.created).toBe(FROZEN_UNIX + 25 * HOUR);
    const customer = await box.post('/v1/customers', { email: 'a@example.com' });
    expectSchema(customer.body, 'Customer');
    expect(customer.body.created).toBe(FROZEN_UNIX + 25 * HOUR);

    const events = await box.get(`/v1/events?type=payment.created`);
    expectSchema(events.body, { list: 'Event' });
    const created = Object.fromEntries(events.body.data.map((e: { data: { object: { id: string } }; created: number }) => [e.data.object.id, e.created]));
    expect(created).toEqual({ [before.id]: FROZEN_UNIX, [after.id]: FROZEN_UNIX + 25 * HOUR });
  });

  it('stamps objects with a time set by PUT /_mock/clock', async () => {
    const box = sandbox();
    await box.admin('put', '/_mock/clock', { mode: 'frozen', now: '2027-02-03T04:05:06Z' });
    expect((await createPayment(box)).created).toBe(Date.parse('2027-02-03T04:05:06Z') / 1000);
  });

  it('moves with box.ctx.clock too: the clock of the context is the clock of the API', async () => {
    const box = sandbox();
    box.ctx.clock.advance('24h');
    expect((await createPayment(box)).created).toBe(FROZEN_UNIX + 24 * HOUR);
    expect((await box.admin('get', '/_mock/clock')).body.now).toBe(FROZEN_UNIX + 24 * HOUR);
  });
});

describe('Clock.fromSpec', () => {
  it('offset:-2d runs two days behind the machine', () => {
    const clock = Clock.fromSpec('offset:-2d');
    expect(clock.state().mode).toBe('offset');
    expect(Math.abs(clock.now() - (realNow() - 2 * 86400))).toBeLessThanOrEqual(2);
  });

  it('offset:+1h30m runs ahead of the machine', () => {
    const clock = Clock.fromSpec('offset:1h30m');
    expect(Math.abs(clock.now() - (realNow() + 5400))).toBeLessThanOrEqual(2);
  });

  it('frozen@<ISO> stands still at that time and advance moves it', () => {
    const clock = Clock.fromSpec(`frozen@${FROZEN_AT}`);
    expect(clock.state()).toEqual({ mode: 'frozen', now: FROZEN_UNIX, iso: new Date(FROZEN_AT).toISOString() });
    clock.advance('25h');
    expect(clock.now()).toBe(FROZEN_UNIX + 25 * HOUR);
  });

  it('frozen stops the clock at the machine time of start', () => {
    const clock = Clock.fromSpec('frozen');
    expect(clock.state().mode).toBe('frozen');
    expect(Math.abs(clock.now() - realNow())).toBeLessThanOrEqual(2);
  });

  it('real follows the machine', () => {
    const clock = Clock.fromSpec('real');
    expect(clock.state().mode).toBe('real');
    expect(Math.abs(clock.now() - realNow())).toBeLessThanOrEqual(2);
  });

  it('advancing a real clock keeps it running, shifted (offset mode)', () => {
    const clock = Clock.fromSpec('real');
    const state = clock.advance('1d');
    expect(state.mode).toBe('offset');
    expect(Math.abs(state.now - (realNow() + 86400))).toBeLessThanOrEqual(2);
  });

  it.each(['sometimes', 'frozen@yesterday', 'offset:two-days', 'offset:', 'offset:99999999999w'])('refuses %j with a ConfigError', (spec) => {
    expect(() => Clock.fromSpec(spec)).toThrow(ConfigError);
  });
});
