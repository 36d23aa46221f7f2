import { app, payments } from './hono-app';
import { GET, handler, POST } from './next-route';

/** The docs' route-handler examples, run as written: a Next.js-style route module and a Hono app. */
const secret = (keys: typeof handler.keys) => keys.find((k) => k.kind === 'secret' && !k.livemode)!.key;

afterAll(() => {
  handler.close();
  payments.close();
});

describe('the Next.js-style route handler', () => {
  it('creates a payment at /api/payments/v1/payments and reads it back with GET', async () => {
    const auth = { Authorization: `Bearer ${secret(handler.keys)}` };
    const created = await POST(
      new Request('http://localhost:3000/api/payments/v1/payments', {
        method: 'POST',
        headers: auth,
        body: new URLSearchParams({ amount: '2000', currency: 'usd' }),
      }),
    );
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = await GET(new Request(`http://localhost:3000/api/payments/v1/payments/${id}`, { headers: auth }));
    expect(((await read.json()) as { status: string }).status).toBe('requires_confirmation');
  });

  it('links errors to the docs under the mount path', async () => {
    const res = await GET(new Request('http://localhost:3000/api/payments/v1/account'));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { doc_url: string } }).error.doc_url).toBe('http://localhost:3000/api/payments/docs/errors#missing_api_key');
  });

  it('answers a body over 1 MiB with 413 as the server does: a /v1 answer (Request-Id) linking the docs under the mount path', async () => {
    const res = await POST(new Request('http://localhost:3000/api/payments/v1/payments', { method: 'POST', body: 'a'.repeat(1024 * 1024 + 1) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const { error } = (await res.json()) as { error: { code: string; doc_url: string } };
    expect(error).toMatchObject({ code: 'request_too_large', doc_url: 'http://localhost:3000/api/payments/docs/errors#request_too_large' });
  });
});

describe('the Hono app', () => {
  it('serves its own routes and the sandbox under /payments', async () => {
    expect(await (await app.request('/')).text()).toBe('the shop');
    const res = await app.request('/payments/v1/payments', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret(payments.keys)}` },
      body: new URLSearchParams({ amount: '500', currency: 'eur' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { amount: number }).amount).toBe(500);
  });
});
