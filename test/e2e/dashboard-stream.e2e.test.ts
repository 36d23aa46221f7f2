import { ServerResponse } from 'node:http';
import { MockServer, startMock } from '../../src';

/** Reads Server-Sent Events from a fetch body until `until` says enough; returns them as { type, data }. */
async function readEvents(body: ReadableStream<Uint8Array>, until: (events: Array<{ type: string; data: any }>) => boolean) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  const events: Array<{ type: string; data: any }> = [];
  const writes: string[] = [];
  let buffer = '';
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    writes.push(value);
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type && data) events.push({ type, data: JSON.parse(data) });
    }
  }
  reader.releaseLock();
  return { events, writes };
}

const channels = (mock: MockServer) => {
  const bus = mock.context.bus;
  return [bus.request, bus.event, bus.object, bus.delivery, bus.clock, bus.scenario, bus.reset, bus.shutdown].map((channel) => channel.hasSubscribers);
};

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('GET /_mock/stream', () => {
  let mock: MockServer;
  let secret: string;

  beforeEach(async () => {
    mock = await startMock({ port: 0, fixtures: 'none', clock: 'frozen@2026-01-01T00:00:00Z', seed: 1 });
    secret = mock.keys.find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
  });
  afterEach(() => mock.close());

  it('follows the bus only while a client is connected: no dashboard, no subscriber on the request path', async () => {
    expect(channels(mock)).toEqual([false, false, false, false, false, false, false, false]);
    const controller = new AbortController();
    const res = await fetch(`${mock.url}/_mock/stream`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const { events } = await readEvents(res.body!, (seen) => seen.length > 0);
    expect(events[0]).toMatchObject({ type: 'hello', data: { scenario: 'happy', clock: { mode: 'frozen' } } });
    expect(channels(mock)).toEqual([true, true, true, true, true, true, true, true]);
    controller.abort();
    await until(() => !mock.context.bus.request.hasSubscribers);
    expect(channels(mock)).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('says what changed: request (masked key, no bodies), event, clock, scenario and reset messages', async () => {
    const controller = new AbortController();
    const res = await fetch(`${mock.url}/_mock/stream`, { signal: controller.signal });
    const reading = readEvents(res.body!, (seen) => seen.some((e) => e.type === 'reset'));
    await until(() => mock.context.bus.request.hasSubscribers);
    const created = await fetch(`${mock.url}/v1/payments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}` },
      body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
    });
    await mock.clock.advance('1h');
    mock.setScenario('decline');
    mock.reset();
    const { events } = await reading;
    controller.abort();
    const request = events.find((e) => e.type === 'request');
    expect(request?.data).toEqual({
      id: created.headers.get('request-id'),
      method: 'POST',
      path: '/v1/payments',
      status: 200,
      key: expect.stringMatching(/^sk_test_…/),
      replayed: false,
      duration_ms: expect.any(Number),
      created: expect.any(Number),
    });
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(events.filter((e) => e.type === 'event').map((e) => e.data.type)).toEqual(['payment.created', 'payment.succeeded']);
    expect(events.find((e) => e.type === 'clock')?.data).toMatchObject({ workspace: null, clock: { iso: '2026-01-01T01:00:00.000Z' } });
    expect(events.find((e) => e.type === 'scenario')?.data).toEqual({ workspace: null, scenario: 'decline' });
  });

  it('names the objects: an object message per object created or changed, and events that name their object', async () => {
    const controller = new AbortController();
    const res = await fetch(`${mock.url}/_mock/stream`, { signal: controller.signal });
    const reading = readEvents(res.body!, (seen) => seen.some((e) => e.type === 'object' && e.data.object === 'refund'));
    await until(() => mock.context.bus.object.hasSubscribers);
    const headers = { Authorization: `Bearer ${secret}` };
    const customer = (await (
      await fetch(`${mock.url}/v1/customers`, { method: 'POST', headers, body: new URLSearchParams({ email: 'ada@example.com' }) })
    ).json()) as { id: string };
    const payment = (await (
      await fetch(`${mock.url}/v1/payments`, { method: 'POST', headers, body: new URLSearchParams({ amount: '2000', currency: 'usd', customer: customer.id }) })
    ).json()) as { id: string };
    await fetch(`${mock.url}/v1/payments/${payment.id}/refund`, { method: 'POST', headers, body: new URLSearchParams({ amount: '500' }) });
    const { events } = await reading;
    controller.abort();
    const objects = events.filter((e) => e.type === 'object').map((e) => e.data);
    expect(objects).toContainEqual({
      workspace: expect.any(String),
      livemode: false,
      id: customer.id,
      object: 'customer',
      deleted: false,
      status: null,
      summary: { email: 'ada@example.com' },
    });
    // The payment as created, then as each change left it: its status is in the message.
    expect(objects.filter((o) => o.id === payment.id).map((o) => o.status)).toEqual(['requires_confirmation', 'succeeded', 'succeeded']);
    expect(objects.find((o) => o.id === payment.id)).toMatchObject({ object: 'payment', summary: { amount: 2000, currency: 'usd', customer: customer.id } });
    expect(objects.find((o) => o.object === 'refund')).toMatchObject({ status: 'succeeded', summary: { amount: 500, currency: 'usd', payment: payment.id } });
    const paymentEvents = events.filter((e) => e.type === 'event' && e.data.data.object.id === payment.id);
    expect(paymentEvents.map((e) => [e.data.type, e.data.data.object.object])).toEqual([
      ['payment.created', 'payment'],
      ['payment.succeeded', 'payment'],
      ['payment.refunded', 'payment'],
    ]);
    // A reference, never the snapshot itself.
    expect(Object.keys(paymentEvents[0]!.data.data.object)).toEqual(['id', 'object']);
  });

  it('costs nothing without a subscriber: a payment made with no stream open publishes no object message', async () => {
    const published: unknown[] = [];
    const { bus } = mock.context;
    const original = bus.object.publish.bind(bus.object);
    bus.object.publish = (message) => {
      published.push(message);
      original(message);
    };
    await mock.inject({ method: 'POST', url: '/v1/payments', headers: { Authorization: `Bearer ${secret}` }, body: 'amount=100&currency=usd' });
    expect(bus.object.hasSubscribers).toBe(false);
    expect(published).toEqual([]);
  });

  it('batches: a burst of requests goes out in a few writes, not one per message', async () => {
    // What the server writes to the stream's response, counted where it is written: the chunks the client reads say
    // nothing, since TCP merges small writes (two chunks arrive whether the server wrote 3 times or 51).
    const written: string[] = [];
    const write = ServerResponse.prototype.write;
    const spy = jest.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (this: ServerResponse, ...args: Parameters<ServerResponse['write']>) {
      if (this.req?.url === '/_mock/stream') written.push(String(args[0]));
      return write.apply(this, args);
    });
    try {
      const controller = new AbortController();
      const res = await fetch(`${mock.url}/_mock/stream`, { signal: controller.signal });
      const reading = readEvents(res.body!, (seen) => seen.filter((e) => e.type === 'request').length >= 50);
      await until(() => mock.context.bus.request.hasSubscribers);
      await Promise.all(Array.from({ length: 50 }, () => mock.inject({ url: '/v1/account', headers: { Authorization: `Bearer ${secret}` } })));
      const { events } = await reading;
      controller.abort();
      expect(events.filter((e) => e.type === 'request')).toHaveLength(50);
      // The hello, then the 50 requests in a few batches (one or two; three on a machine that stalls): never one each.
      const carrying = written.filter((text) => text.includes('event: request'));
      expect(written.length).toBeLessThanOrEqual(4);
      expect(carrying.length).toBeGreaterThanOrEqual(1);
      expect(carrying.map((text) => text.split('event: request').length - 1).reduce((a, b) => a + b)).toBe(50);
    } finally {
      spy.mockRestore();
    }
  });

  it('ends when the instance closes, so a graceful shutdown never waits for an open dashboard', async () => {
    const res = await fetch(`${mock.url}/_mock/stream`);
    const reader = res.body!.getReader();
    await reader.read();
    mock.context.close();
    let done = false;
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
    await until(() => !mock.context.bus.request.hasSubscribers);
    expect(channels(mock)).toEqual([false, false, false, false, false, false, false, false]);
  });

  it('needs the admin token when the server has one', async () => {
    await mock.close();
    mock = await startMock({ port: 0, fixtures: 'none', seed: 1, adminToken: 't' });
    expect((await fetch(`${mock.url}/_mock/stream`)).status).toBe(401);
    const controller = new AbortController();
    const res = await fetch(`${mock.url}/_mock/stream`, { headers: { Authorization: 'Bearer t' }, signal: controller.signal });
    expect(res.status).toBe(200);
    controller.abort();
  });
});
