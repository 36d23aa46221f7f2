import { expectError } from '../helpers/schemas';
import { createPayment, FROZEN_UNIX, sandbox } from '../helpers/sandbox';

describe('GET /_mock/dashboard', () => {
  it('serves a page that holds no data, with a strict Content-Security-Policy and no framing', async () => {
    const box = sandbox();
    const res = await box.http.get('/_mock/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*script-src 'self'.*connect-src 'self'.*frame-ancestors 'none'/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).not.toContain(box.keys.secret);
    expect(res.text).not.toMatch(/https?:\/\//);
  });

  it('serves its hashed script and stylesheet with long cache headers, and the page stays under 200 KB', async () => {
    const box = sandbox();
    const page = await box.http.get('/_mock/dashboard');
    const assets = [...page.text.matchAll(/(?:src|href)="(dashboard\/app-[0-9a-f]{12}\.(?:js|css))"/g)].map((match) => match[1] as string);
    expect(assets).toHaveLength(2);
    let total = Buffer.byteLength(page.text);
    for (const asset of assets) {
      const res = await box.http.get(`/_mock/${asset}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(asset.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      total += Buffer.byteLength(res.text);
    }
    expect(total).toBeLessThan(200 * 1024);
  });

  it('loads without the admin token (the page asks for it); the stream and data need it', async () => {
    const box = sandbox({ adminToken: 't' });
    expect((await box.http.get('/_mock/dashboard')).status).toBe(200);
    expectError(await box.http.get('/_mock/stream'), 401, 'admin_unauthorized');
    expectError(await box.http.get('/_mock/objects'), 401, 'admin_unauthorized');
    expectError(await box.http.get('/_mock/dashboard/nope.js'), 401, 'admin_unauthorized');
  });

  it('redirects a browser asking for / to the dashboard; API clients still get the JSON 404', async () => {
    const box = sandbox();
    const browser = await box.http.get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(browser.status).toBe(302);
    expect(browser.headers.location).toBe('_mock/dashboard');
    expectError(await box.http.get('/').set('Accept', 'application/json'), 404, 'url_invalid');
  });

  it('answers an unknown file under /_mock/dashboard/ with the JSON 404', async () => {
    expectError(await sandbox().http.get('/_mock/dashboard/app-000000000000.js'), 404, 'url_invalid');
  });
});

describe('admin endpoints for the dashboard', () => {
  it('GET /_mock/workspaces lists each workspace with its object counts per mode', async () => {
    const box = sandbox();
    await createPayment(box);
    const res = await box.http.get('/_mock/workspaces');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ object: 'workspace', counts: { test: { payment: 1, event: expect.any(Number) }, live: { payment: 0 } } });
  });

  it('GET /_mock/objects lists objects per workspace, mode and kind, newest first, and searches metadata values and e-mails', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0] as string;
    await createPayment(box, { 'metadata[order]': 'A-1042' });
    await createPayment(box);
    await box.post('/v1/customers', { email: 'ada@example.com' });
    const payments = await box.http.get(`/_mock/objects?workspace=${workspace}&livemode=false&type=payment`);
    expect(payments.body.data.map((p: { object: string }) => p.object)).toEqual(['payment', 'payment']);
    expect(payments.body.data[0].workspace).toBe(workspace);
    const byMetadata = await box.http.get('/_mock/objects?q=a-1042');
    expect(byMetadata.body.data).toHaveLength(1);
    expect(byMetadata.body.data[0].metadata).toEqual({ order: 'A-1042' });
    const byEmail = await box.http.get('/_mock/objects?q=ada@');
    expect(byEmail.body.data.map((c: { object: string }) => c.object)).toEqual(['customer']);
    expect((await box.http.get('/_mock/objects?livemode=true')).body.data).toEqual([]);
  });

  it.each([
    ['/_mock/objects?typo=1', 400, 'parameter_unknown'],
    ['/_mock/objects?type=invoice', 400, 'parameter_invalid'],
    ['/_mock/objects?livemode=yes', 400, 'parameter_invalid'],
    ['/_mock/objects?workspace=ws_nope', 400, 'resource_missing'],
    ['/_mock/objects?limit=0', 400, 'parameter_invalid_integer'],
    ['/_mock/events?type=nope', 400, 'parameter_invalid'],
    ['/_mock/workspaces?x=1', 400, 'parameter_unknown'],
    ['/_mock/objects/pay_nope', 404, 'resource_missing'],
    ['/_mock/requests/req_nope', 404, 'resource_missing'],
  ])('refuses GET %s: %i %s', async (path, status, code) => {
    expectError(await sandbox().http.get(path), status, code);
  });

  it('GET /_mock/objects/{id} opens a payment with its refunds, events and webhook deliveries', async () => {
    const box = sandbox();
    const payment = await createPayment(box);
    const refund = await box.post(`/v1/payments/${payment.id}/refund`, { amount: 500 });
    expect(refund.status).toBe(200);
    const res = await box.http.get(`/_mock/objects/${payment.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ livemode: false, object: { id: payment.id, amount_refunded: 500 } });
    expect(res.body.refunds.map((r: { id: string }) => r.id)).toEqual([refund.body.id]);
    expect(res.body.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['payment.created', 'payment.succeeded', 'refund.created', 'payment.refunded']),
    );
    expect(res.body.deliveries).toEqual([]);
  });

  it('GET /_mock/objects/{id} opens a customer with its own payments, newest first, and the events of it alone', async () => {
    const box = sandbox();
    const customer = (await box.post('/v1/customers', { email: 'a@example.com' })).body;
    const first = (await box.post('/v1/payments', { amount: 1000, currency: 'usd', customer: customer.id })).body;
    await createPayment(box);
    const second = (await box.post('/v1/payments', { amount: 2000, currency: 'usd', customer: customer.id })).body;
    const res = await box.http.get(`/_mock/objects/${customer.id}`);
    expect(res.status).toBe(200);
    expect(res.body.payments.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect(res.body.payments[0]).toEqual((await box.get(`/v1/payments/${second.id}`)).body);
    expect(res.body.events.map((e: { type: string }) => e.type)).toEqual(['customer.created']);
    // A payment's events are found by what they store (its record), the same as by rendering them.
    const payment = await box.http.get(`/_mock/objects/${first.id}`);
    expect(payment.body.events.map((e: { type: string }) => e.type)).toEqual(['payment.succeeded', 'payment.created']);
  });

  it("GET /_mock/events lists every workspace's feed newest first, with the start of the 30-day window", async () => {
    const box = sandbox();
    await createPayment(box);
    const res = await box.http.get('/_mock/events?type=payment.*');
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { type: string }) => e.type)).toEqual(['payment.succeeded', 'payment.created']);
    expect(res.body).toMatchObject({ now: FROZEN_UNIX, retention_seconds: 30 * 86400, window_start: FROZEN_UNIX - 30 * 86400 });
    // The page builds its type filter from this list, so a new event type needs no change in the page.
    expect(res.body.types).toEqual(expect.arrayContaining(['payment.succeeded', 'refund.created', 'payment_method.created']));
    expect(res.body.data[0].workspace).toEqual(expect.any(String));
  });

  it("GET /_mock/events?workspace= tells now and the window's start by that workspace's own clock", async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0]!;
    await box.admin('post', `/_mock/workspaces/${workspace}/clock/advance`, { by: '2d' });
    const own = await box.http.get(`/_mock/events?workspace=${workspace}`);
    expect(own.body).toMatchObject({ now: FROZEN_UNIX + 2 * 86400, window_start: FROZEN_UNIX + 2 * 86400 - 30 * 86400 });
    const all = await box.http.get('/_mock/events');
    expect(all.body).toMatchObject({ now: FROZEN_UNIX, window_start: FROZEN_UNIX - 30 * 86400 });
  });

  it('GET /_mock/events leaves out events at or past the 30-day edge, and pages with has_more', async () => {
    const box = sandbox();
    await createPayment(box);
    await box.http.post('/_mock/clock/advance').set('Content-Type', 'application/json').send('{"by":"29d"}');
    await createPayment(box);
    const page = await box.http.get('/_mock/events?limit=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.has_more).toBe(true);
    await box.http.post('/_mock/clock/advance').set('Content-Type', 'application/json').send('{"by":"1d"}');
    const res = await box.http.get('/_mock/events');
    expect(res.body.data.map((e: { created: number }) => e.created)).toEqual([FROZEN_UNIX + 29 * 86400, FROZEN_UNIX + 29 * 86400]);
    expect(res.body.has_more).toBe(false);
  });

  it('GET /_mock/requests/{id} returns one journal entry by its Request-Id', async () => {
    const box = sandbox();
    const created = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
    const id = created.headers['request-id'] as string;
    // A newer request too: the one asked for is found by its id, not by being the newest.
    await box.post('/v1/customers', { email: 'later@example.com' });
    const res = await box.http.get(`/_mock/requests/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, method: 'POST', path: '/v1/payments', status: 200, request_body: { amount: 2000, currency: 'usd' } });
    expect(res.body.key).not.toBe(box.keys.secret);
  });
});

describe('an open dashboard and the seeded /v1 sequence', () => {
  it("leaves /v1 ids and Request-Ids as they would be without the page's admin calls and preflights", async () => {
    const quiet = sandbox();
    const watched = sandbox();
    const run = async (box: ReturnType<typeof sandbox>, watch: boolean) => {
      const out: string[] = [];
      for (let i = 0; i < 3; i++) {
        if (watch) {
          for (const path of ['/_mock/dashboard', '/_mock/workspaces', '/_mock/objects', '/_mock/events', '/_mock/requests', '/_mock/keys'])
            await box.http.get(path);
          await box.http.options('/v1/payments').set('Origin', 'http://localhost:3000');
        }
        const res = await box.post('/v1/payments', { amount: 2000, currency: 'usd' });
        out.push(res.body.id, res.headers['request-id'] as string);
      }
      return out;
    };
    expect(await run(watched, true)).toEqual(await run(quiet, false));
  });
});
