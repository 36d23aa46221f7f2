import { ERROR_CATALOG } from '../../src/errors/catalog';
import { closestRoutes } from '../../src/near-miss/closest-routes';
import { V1_ROUTES } from '../../src/routes';
import { createPayment, sandbox, Sandbox } from '../helpers/sandbox';
import { expectError } from '../helpers/schemas';

/** A second workspace of the same server, with its keys (as parallel test workers get one). */
async function otherWorkspace(box: Sandbox): Promise<{ id: string; secret: string }> {
  const res = await box.admin('post', '/_mock/workspaces', { name: 'other' });
  expect(res.status).toBe(200);
  const secret = (res.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'secret' && !k.livemode)?.key as string;
  return { id: res.body.workspace as string, secret };
}

/** The journal entry of a request, by the Request-Id it answered with. */
async function journalEntry(box: Sandbox, requestId: string) {
  const res = await box.admin('get', `/_mock/requests/${requestId}`);
  expect(res.status).toBe(200);
  return res.body as { near_miss: unknown; workspace: string | null };
}

describe('near misses: an unknown URL names the closest routes', () => {
  it.each([
    ['GET', '/v1/payment', 'Did you mean GET /v1/payments or GET /v1/payments/{id}?', ['GET /v1/payments', 'GET /v1/payments/{id}']],
    ['POST', '/v1/customers/cus_x/refund', 'Did you mean POST /v1/payments/{id}/refund?', ['POST /v1/payments/{id}/refund']],
    ['GET', '/v1/payments/pay_x/refundz', 'Did you mean GET /v1/payments/{id}/refunds?', ['GET /v1/payments/{id}/refunds']],
    ['GET', '/v1/Customers', 'Did you mean GET /v1/customers or GET /v1/customers/{id}?', ['GET /v1/customers', 'GET /v1/customers/{id}']],
    ['GET', '/v1/payments/', 'Did you mean GET /v1/payments or GET /v1/payments/{id}?', ['GET /v1/payments', 'GET /v1/payments/{id}']],
  ])('%s %s answers 404 url_invalid: "%s", with the routes in error.suggestions', async (method, path, hint, suggestions) => {
    const box = sandbox();
    const res = method === 'GET' ? await box.get(path) : await box.post(path);
    expectError(res, 404, 'url_invalid');
    expect(res.body.error.message).toBe(`Unrecognized request URL (${method} ${path}). ${hint}`);
    expect(res.body.error.suggestions).toEqual(suggestions);
  });

  it('names no route when nothing is near, and points at the OpenAPI document', async () => {
    const box = sandbox();
    const res = await box.get('/v1/zzzzzzzz/qqqqqqqq/wwwwwwww/xxxxxxx');
    expectError(res, 404, 'url_invalid');
    expect(res.body.error.message).toBe('Unrecognized request URL (GET /v1/zzzzzzzz/qqqqqqqq/wwwwwwww/xxxxxxx). See GET /openapi.json for the endpoints.');
    expect(res.body.error.suggestions).toEqual([]);
  });

  it('answers a hostile path of thousands of segments, naming nothing', async () => {
    const res = await sandbox().get(`/v1/${'a/'.repeat(4000)}b`);
    expectError(res, 404, 'url_invalid');
    expect(res.body.error.suggestions).toEqual([]);
  });

  it('names nothing for a path of 100,000 segments, well under 50 ms: it is never compared segment by segment', () => {
    const hostile = `/v1/${'payments/'.repeat(100_000)}x`;
    closestRoutes('GET', '/v1/payment', V1_ROUTES); // compiled once, so the measure is of the path alone
    const started = performance.now();
    const suggestions = closestRoutes('GET', hostile, V1_ROUTES);
    const took = performance.now() - started;
    expect(suggestions).toEqual([]);
    expect(took).toBeLessThan(50);
  });

  it('the catalog example of url_invalid is what the mock answers', async () => {
    const box = sandbox();
    const example = (ERROR_CATALOG.url_invalid.examples[0] as { error: Record<string, unknown> }).error;
    const res = await box.get('/v1/payment');
    expect({ ...res.body.error, doc_url: example.doc_url }).toEqual(example);
  });
});

describe('near misses: an id of the other mode names that mode', () => {
  it('a live payment read with the test key: 404 resource_missing saying a similar object exists in live mode', async () => {
    const box = sandbox();
    const payment = await createPayment(box, {}, box.keys.liveSecret);
    const res = await box.get(`/v1/payments/${payment.id}`);
    expectError(res, 404, 'resource_missing', 'id');
    expect(res.body.error.message).toBe(
      `No such payment: '${payment.id}'; a similar object exists in live mode, but a test mode key was used to make this request.`,
    );
    const example = (ERROR_CATALOG.resource_missing.examples[0] as { error: { message: string } }).error;
    expect(res.body.error.message.replace(payment.id, 'pay_4RbQ9s2LmXc7Vt1NzK8wYhDp')).toBe(example.message);
    const entry = await journalEntry(box, res.headers['request-id'] as string);
    expect(entry.near_miss).toEqual({ id: payment.id, workspace: entry.workspace, livemode: true });
  });

  it('a test customer named with the live key, on create and on retrieve: the reverse hint', async () => {
    const box = sandbox();
    const customer = await box.post('/v1/customers', { email: 'ada@example.com' });
    const retrieve = await box.get(`/v1/customers/${customer.body.id}`, box.keys.liveSecret);
    expectError(retrieve, 404, 'resource_missing', 'id');
    expect(retrieve.body.error.message).toContain('a similar object exists in test mode, but a live mode key was used to make this request.');
    const pay = await box.post('/v1/payments', { amount: 100, currency: 'usd', customer: customer.body.id }, box.keys.liveSecret);
    expectError(pay, 400, 'resource_missing', 'customer');
    expect(pay.body.error.message).toContain('a similar object exists in test mode, but a live mode key was used');
  });

  it('an id that exists nowhere keeps the plain message', async () => {
    const box = sandbox();
    const res = await box.get('/v1/payments/pay_nothing');
    expectError(res, 404, 'resource_missing', 'id');
    expect(res.body.error.message).toBe("No such payment: 'pay_nothing'.");
    expect((await journalEntry(box, res.headers['request-id'] as string)).near_miss).toBeNull();
  });
});

describe('near misses: an id of another workspace stays hidden on /v1', () => {
  it('answers exactly what an id that exists nowhere answers (message, fields, headers), while the journal names the workspace', async () => {
    const box = sandbox();
    const other = await otherWorkspace(box);
    const theirs = await createPayment(box, {}, other.secret);
    // An id of the same length that exists nowhere, for a like-for-like comparison.
    const nowhere = `pay_${'0'.repeat(theirs.id.length - 4)}`;
    const leak = await box.get(`/v1/payments/${theirs.id}`);
    const plain = await box.get(`/v1/payments/${nowhere}`);
    expectError(leak, 404, 'resource_missing', 'id');
    // supertest listens anew for each request: the port in doc_url differs, and nothing else may.
    const same = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, 'HOST');
    expect(same(leak.text)).toBe(same(plain.text).replace(nowhere, theirs.id));
    const headers = (res: typeof leak) => Object.keys(res.headers).filter((name) => !['date', 'etag', 'request-id'].includes(name));
    expect(headers(leak)).toEqual(headers(plain));
    for (const name of headers(leak)) expect(leak.headers[name]).toBe(plain.headers[name]);
    expect(leak.text).not.toContain(other.id);
    expect(leak.text).not.toMatch(/live mode|test mode|workspace/);

    const entry = await journalEntry(box, leak.headers['request-id'] as string);
    expect(entry.near_miss).toEqual({ id: theirs.id, workspace: other.id, livemode: false });
  });
});

describe('near misses: an unknown event type is answered with a Warning header', () => {
  it('GET /v1/events?type=payment.succeded answers the empty list and Warning: 299 naming payment.succeeded, exposed to browsers', async () => {
    const box = sandbox();
    await createPayment(box);
    const res = await box.get('/v1/events?type=payment.succeded');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.headers.warning).toBe('299 - "No event type is named payment.succeded. Did you mean payment.succeeded?"');
    expect(res.headers['access-control-expose-headers']).toContain('Warning');
  });

  it.each(['payment.succeeded', 'payment.*', 'refund.*'])('a known type or group (%s) gets no Warning', async (type) => {
    const box = sandbox();
    await createPayment(box);
    const res = await box.get(`/v1/events?type=${encodeURIComponent(type)}`);
    expect(res.status).toBe(200);
    expect(res.headers.warning).toBeUndefined();
  });

  it('a type far from every type lists them, and a quote or non-ASCII character sent cannot break the header', async () => {
    const box = sandbox();
    const res = await box.get(`/v1/events?type=${encodeURIComponent('zz"é')}`);
    expect(res.status).toBe(200);
    expect(res.headers.warning).toBe(
      '299 - "No event type is named zz??. The mock emits customer.created, payment.created, payment.succeeded, payment.payment_failed, payment.requires_action, payment.refunded, refund.created, payment_method.created (or a group such as customer.*)."',
    );
  });

  it('a preflight exposes Warning too', async () => {
    const box = sandbox();
    const res = await box.http.options('/v1/events');
    expect(res.headers['access-control-expose-headers']).toContain('Warning');
  });
});

describe('near misses on the admin API', () => {
  it('an unknown admin path names the closest admin routes', async () => {
    const res = await sandbox().admin('get', '/_mock/request');
    expectError(res, 404, 'url_invalid');
    expect(res.body.error.suggestions[0]).toBe('GET /_mock/requests');
    expect(res.body.error.message).toMatch(/^Unrecognized request URL \(GET \/_mock\/request\)\. Did you mean GET \/_mock\/requests/);
  });
});

describe('near misses outside /v1', () => {
  it.each([
    ['/payments', 'The API is under /v1: did you mean GET /v1/payments or GET /v1/payments/{id}?', ['GET /v1/payments', 'GET /v1/payments/{id}']],
    ['/customers/cus_1', 'The API is under /v1: did you mean GET /v1/customers/{id}?', ['GET /v1/customers/{id}']],
    ['/V1/payments', 'The API is under /v1: did you mean GET /v1/payments or GET /v1/payments/{id}?', ['GET /v1/payments', 'GET /v1/payments/{id}']],
    ['/v2/customers/cus_1', 'The API is under /v1: did you mean GET /v1/customers/{id}?', ['GET /v1/customers/{id}']],
    ['/openapi', 'Did you mean GET /openapi.json?', ['GET /openapi.json']],
  ])('GET %s names what was meant: "%s"', async (path, hint, suggestions) => {
    const res = await sandbox().http.get(path);
    expectError(res, 404, 'url_invalid');
    expect(res.body.error.message).toBe(`Unrecognized request URL (GET ${path}). ${hint}`);
    expect(res.body.error.suggestions).toEqual(suggestions);
  });
});
