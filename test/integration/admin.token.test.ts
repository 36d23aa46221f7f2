import { ADMIN_ROUTES } from '../../src/routes/admin';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';

const TOKEN = 't';
/** Every admin route, with its path parameters filled in. */
const ROUTES = ADMIN_ROUTES.filter((route) => !(route.method === 'GET' && route.path === '/_mock/health')).map(
  (route) => [route.method, route.path.replace(':key', 'sk_test_nope').replace(':id', 'ws_nope')] as const,
);

describe('--admin-token', () => {
  it.each(ROUTES)('guards %s %s: 401 admin_unauthorized as JSON without the token', async (method, path) => {
    const box = sandbox({ adminToken: TOKEN });
    const call = box.http[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path);
    expectError(await call, 401, 'admin_unauthorized');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer nope'],
    ['the token with another scheme', `Token ${TOKEN}`],
    ['an API key', 'SECRET'],
  ])('refuses %s', async (_case, header) => {
    const box = sandbox({ adminToken: TOKEN });
    const call = box.http.get('/_mock/keys');
    if (header) call.set('Authorization', header === 'SECRET' ? `Bearer ${box.keys.secret}` : header);
    const res = await call;
    expectError(res, 401, 'admin_unauthorized');
    expect(res.text).not.toContain(box.keys.secret);
  });

  it('lets requests with Authorization: Bearer <token> through', async () => {
    const box = sandbox({ adminToken: TOKEN });
    const res = await box.http.get('/_mock/keys').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    const reset = await box.http.post('/_mock/reset').set('Authorization', `Bearer ${TOKEN}`);
    expect(reset.body).toEqual({ status: 'ok' });
  });

  it('answers unknown /_mock paths 401 too, so they reveal nothing without the token', async () => {
    const box = sandbox({ adminToken: TOKEN });
    expectError(await box.http.get('/_mock/nothing-here'), 401, 'admin_unauthorized');
    expectError(await box.http.get('/_mock/nothing-here').set('Authorization', `Bearer ${TOKEN}`), 404, 'url_invalid');
  });

  it('leaves GET /_mock/health, /openapi.json, /docs/errors and /v1 open', async () => {
    const box = sandbox({ adminToken: TOKEN });
    expect((await box.http.get('/_mock/health')).body.status).toBe('ok');
    expect((await box.http.get('/openapi.json')).status).toBe(200);
    const docs = await box.http.get('/docs/errors');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect((await box.get('/v1/account')).status).toBe(200);
    expectError(await box.http.get('/v1/account'), 401, 'missing_api_key');
  });

  it('does not take the admin token as an API key', async () => {
    const box = sandbox({ adminToken: TOKEN });
    expectError(await box.http.get('/v1/account').set('Authorization', `Bearer ${TOKEN}`), 401, 'invalid_api_key');
  });

  it('guards nothing when not set', async () => {
    expect((await sandbox().http.get('/_mock/keys')).status).toBe(200);
  });
});
