import { sandbox, Sandbox, FROZEN_UNIX } from '../helpers/sandbox';
import { expectError, expectSchema } from '../helpers/schemas';

// Port 1 refuses connections at once: deliveries in these tests fail quietly, and the frozen clock never retries.
const URL_A = 'http://127.0.0.1:1/a';

function create(box: Sandbox, form: Record<string, string | number> = {}, key?: string) {
  return box.post('/v1/webhook_endpoints', { url: URL_A, 'enabled_events[]': 'payment.succeeded', ...form }, key);
}

describe('POST /v1/webhook_endpoints', () => {
  it('registers an endpoint (form body) and shows its secret once', async () => {
    const box = sandbox();
    const res = await create(box, { description: 'orders', 'metadata[team]': 'shop' });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'WebhookEndpoint');
    expect(res.body).toMatchObject({
      object: 'webhook_endpoint',
      url: URL_A,
      enabled_events: ['payment.succeeded'],
      status: 'enabled',
      api_version: null,
      description: 'orders',
      metadata: { team: 'shop' },
      created: FROZEN_UNIX,
      livemode: false,
    });
    expect(res.body.id).toMatch(/^we_[0-9A-Za-z]{24}$/);
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(res.body.secret.slice(6), 'base64')).toHaveLength(32);
    const again = await box.get(`/v1/webhook_endpoints/${res.body.id}`);
    expect(again.body.secret).toBeNull();
    expect(again.body.url).toBe(URL_A);
  });

  it('takes enabled_events as enabled_events[0]=… (how SDKs encode lists) and from JSON', async () => {
    const box = sandbox();
    const indexed = await box.post('/v1/webhook_endpoints', { url: URL_A, 'enabled_events[0]': 'payment.*', 'enabled_events[1]': 'refund.created' });
    expect(indexed.status).toBe(200);
    expect(indexed.body.enabled_events).toEqual(['payment.*', 'refund.created']);
    const json = await box.postJson('/v1/webhook_endpoints', { url: URL_A, enabled_events: ['*'], api_version: '2024-09-30' });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ enabled_events: ['*'], api_version: '2024-09-30' });
  });

  it('makes reproducible secrets with the same seed', async () => {
    const a = await create(sandbox({ seed: 7 }));
    const b = await create(sandbox({ seed: 7 }));
    expect(a.body.secret).toBe(b.body.secret);
    expect(a.body.id).toBe(b.body.id);
  });

  it.each([
    ['no url', { url: undefined }, 'parameter_missing', 'url'],
    ['a URL of another scheme', { url: 'ftp://example.com/hooks' }, 'parameter_invalid', 'url'],
    ['something that is not a URL', { url: 'localhost:3000/hooks' }, 'parameter_invalid', 'url'],
    ['a URL with credentials', { url: 'http://user:pw@127.0.0.1/x' }, 'parameter_invalid', 'url'],
    ['a URL on port 0, where nothing can receive', { url: 'http://127.0.0.1:0/' }, 'parameter_invalid', 'url'],
    ['an https URL on port 0 written with leading zeros', { url: 'https://localhost:000/hooks' }, 'parameter_invalid', 'url'],
    ['an unknown event type', { 'enabled_events[]': 'payment.exploded' }, 'parameter_invalid', 'enabled_events'],
    ['an unknown group', { 'enabled_events[]': 'invoice.*' }, 'parameter_invalid', 'enabled_events'],
    ['an unknown api_version', { api_version: '2020-01-01' }, 'parameter_invalid', 'api_version'],
    ['a malformed api_version', { api_version: 'latest' }, 'parameter_invalid', 'api_version'],
    ['an unknown parameter', { enabled_event: 'x' }, 'parameter_unknown', 'enabled_event'],
  ])('refuses %s with 400 naming the field', async (_name, change, code, param) => {
    const box = sandbox();
    const form: Record<string, string> = { url: URL_A, 'enabled_events[]': 'payment.succeeded' };
    for (const [key, value] of Object.entries(change)) {
      if (value === undefined) delete form[key];
      else form[key] = value;
    }
    const res = await box.post('/v1/webhook_endpoints', form);
    expectError(res, 400, code, param);
    expect(res.body.error.message.length).toBeGreaterThan(20);
  });

  it('refuses no enabled_events, a plain string instead of a list, and "*" beside other types', async () => {
    const box = sandbox();
    expectError(await box.post('/v1/webhook_endpoints', { url: URL_A }), 400, 'parameter_missing', 'enabled_events');
    const plain = await box.post('/v1/webhook_endpoints', { url: URL_A, enabled_events: '*' });
    expectError(plain, 400, 'parameter_invalid', 'enabled_events');
    expect(plain.body.error.message).toContain('enabled_events[]=');
    expectError(await box.postJson('/v1/webhook_endpoints', { url: URL_A, enabled_events: [] }), 400, 'parameter_invalid', 'enabled_events');
    expectError(
      await box.postJson('/v1/webhook_endpoints', { url: URL_A, enabled_events: ['*', 'payment.created'] }),
      400,
      'parameter_invalid',
      'enabled_events',
    );
  });

  it('allows 16 endpoints per account and mode, then answers 400 webhook_endpoint_limit', async () => {
    const box = sandbox();
    for (let i = 0; i < 16; i++) expect((await create(box)).status).toBe(200);
    const res = await create(box);
    expectError(res, 400, 'webhook_endpoint_limit');
    expect(res.body.error.message).toContain('DELETE /v1/webhook_endpoints');
    // The live mode has its own 16.
    expect((await create(box, {}, box.keys.liveSecret)).status).toBe(200);
  });

  it('refuses publishable keys with 403 secret_key_required', async () => {
    const box = sandbox();
    expectError(await create(box, {}, box.keys.publishable), 403, 'secret_key_required');
    expectError(await box.get('/v1/webhook_endpoints', box.keys.publishable), 403, 'secret_key_required');
  });
});

describe('GET /v1/webhook_endpoints', () => {
  it('lists newest first without secrets, with cursors', async () => {
    const box = sandbox();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(box, { description: `n${i}` })).body.id);
    const page = await box.get('/v1/webhook_endpoints?limit=2');
    expect(page.status).toBe(200);
    expectSchema(page.body, { list: 'WebhookEndpoint' });
    expect(page.body.data.map((e: { id: string }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.has_more).toBe(true);
    expect(page.body.data.every((e: { secret: unknown }) => e.secret === null)).toBe(true);
    const next = await box.get(`/v1/webhook_endpoints?limit=2&starting_after=${ids[1]}`);
    expect(next.body.data.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    expect(next.body.has_more).toBe(false);
  });

  it('keeps modes and workspaces apart: the other mode answers 404', async () => {
    const box = sandbox();
    const endpoint = (await create(box)).body;
    expect((await box.get('/v1/webhook_endpoints', box.keys.liveSecret)).body.data).toEqual([]);
    expectError(await box.get(`/v1/webhook_endpoints/${endpoint.id}`, box.keys.liveSecret), 404, 'resource_missing', 'id');
  });
});

describe('POST /v1/webhook_endpoints/{id}', () => {
  it('updates url, events and description, merges metadata (an empty value removes a key), and disables', async () => {
    const box = sandbox();
    const endpoint = (await create(box, { 'metadata[a]': '1', 'metadata[b]': '2' })).body;
    const res = await box.post(`/v1/webhook_endpoints/${endpoint.id}`, {
      url: 'https://example.test/hooks',
      'enabled_events[]': '*',
      description: 'all',
      'metadata[a]': '',
      'metadata[c]': '3',
      disabled: 'true',
    });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'WebhookEndpoint');
    expect(res.body).toMatchObject({
      url: 'https://example.test/hooks',
      enabled_events: ['*'],
      description: 'all',
      metadata: { b: '2', c: '3' },
      status: 'disabled',
      secret: null,
    });
    const enabled = await box.postJson(`/v1/webhook_endpoints/${endpoint.id}`, { disabled: false });
    expect(enabled.body.status).toBe('enabled');
  });

  it('refuses a bad url, a non-boolean disabled and an unknown id', async () => {
    const box = sandbox();
    const endpoint = (await create(box)).body;
    expectError(await box.post(`/v1/webhook_endpoints/${endpoint.id}`, { url: 'mailto:a@b.c' }), 400, 'parameter_invalid', 'url');
    expectError(await box.post(`/v1/webhook_endpoints/${endpoint.id}`, { disabled: 'yes' }), 400, 'parameter_invalid', 'disabled');
    expectError(await box.post('/v1/webhook_endpoints/we_nope', { description: 'x' }), 404, 'resource_missing', 'id');
  });
});

describe('DELETE /v1/webhook_endpoints/{id}', () => {
  it('deletes: answers { id, object, deleted: true }, then 404', async () => {
    const box = sandbox();
    const endpoint = (await create(box)).body;
    const res = await box.http.delete(`/v1/webhook_endpoints/${endpoint.id}`).set('Authorization', `Bearer ${box.keys.secret}`);
    expect(res.status).toBe(200);
    expectSchema(res.body, 'DeletedWebhookEndpoint');
    expect(res.body).toEqual({ id: endpoint.id, object: 'webhook_endpoint', deleted: true });
    expectError(await box.get(`/v1/webhook_endpoints/${endpoint.id}`), 404, 'resource_missing');
    const again = await box.http.delete(`/v1/webhook_endpoints/${endpoint.id}`).set('Authorization', `Bearer ${box.keys.secret}`);
    expectError(again, 404, 'resource_missing', 'id');
  });
});

describe('admin: GET /_mock/webhooks/endpoints', () => {
  it('lists every endpoint whole, with its workspace and secret', async () => {
    const box = sandbox();
    const endpoint = (await create(box)).body;
    const res = await box.admin('get', '/_mock/webhooks/endpoints');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ ...endpoint, workspace: [...box.ctx.store.workspaces.keys()][0] }]);
    expectError(await box.admin('get', '/_mock/webhooks/endpoints?workspace=x'), 400, 'parameter_unknown', 'workspace');
  });
});
