import { FROZEN_UNIX, sandbox } from '../helpers/sandbox';
import { expectError } from '../helpers/schemas';

// How the mock serves the browser kit: scripts any origin may load, an element page any origin may frame with the
// clock of the key's workspace in it, cache headers that fit each file, and the JSON errors of everything else.
describe('the browser kit pages', () => {
  it.each([
    ['/js/v1/payments.js', 'window.Payments'],
    ['/js/v1/payments.mjs', 'import.meta.url'],
  ])('serves %s to any origin, cached for a day and revalidated by ETag', async (path, marker) => {
    const box = sandbox();
    const res = await box.http.get(path).set('Origin', 'http://shop.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toContain(marker);
    const again = await box.http.get(path).set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('serves the card page framable by any origin, never cached, with its hashed script cached for a year', async () => {
    const box = sandbox();
    const res = await box.http.get(`/js/v1/elements/card.html?key=${box.keys.publishable}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*$/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'; ");
    expect(res.headers['content-security-policy']).toContain("connect-src 'self'; ");
    for (const label of ['Card number', 'Expiry date (MM / YY)', 'Security code (CVC)']) expect(res.text).toContain(`>${label}</label>`);
    expect(res.text).toContain('<p id="error" role="alert"></p>');
    const script = /<script src="(card-[0-9a-f]{12}\.js)"><\/script>/.exec(res.text)?.[1];
    const file = await box.http.get(`/js/v1/elements/${script}`);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['access-control-allow-origin']).toBe('*');
  });

  it("writes the mock clock of the key's workspace into the card page: its own clock once it has one", async () => {
    const box = sandbox();
    const page = async (key: string) => /data-now="(\d+)" data-clock="(\w+)"/.exec((await box.http.get(`/js/v1/elements/card.html?key=${key}`)).text)?.slice(1);
    expect(await page(box.keys.publishable)).toEqual([String(FROZEN_UNIX), 'frozen']);
    const made = await box.admin('post', '/_mock/workspaces', { name: 'later' });
    const key = (made.body.keys as Array<{ key: string; kind: string; livemode: boolean }>).find((k) => k.kind === 'publishable' && !k.livemode)?.key as string;
    await box.admin('put', `/_mock/workspaces/${made.body.workspace}/clock`, { mode: 'frozen', now: '2031-03-01T00:00:00Z' });
    expect(await page(key)).toEqual([String(Date.parse('2031-03-01T00:00:00Z') / 1000), 'frozen']);
    // A key the mock does not know gets the server clock (tokenising will say what is wrong with the key).
    expect(await page('pk_test_unknown')).toEqual([String(FROZEN_UNIX), 'frozen']);
  });

  it.each([
    ['no key', '', 'parameter_missing', 'key'],
    ['a secret key', '?key=sk_test_123', 'parameter_invalid', 'key'],
    ['an unknown parameter', '?key=pk_test_1&color=red', 'parameter_unknown', 'color'],
  ])('refuses a card page asked for with %s as a JSON error', async (_name, query, code, param) => {
    const box = sandbox();
    const res = await box.http.get(`/js/v1/elements/card.html${query}`);
    expectError(res, 400, code);
    expect(res.body.error.param).toBe(param);
  });

  it('answers anything else under /js/ with the JSON 404 or 405, never HTML', async () => {
    const box = sandbox();
    expectError(await box.http.get('/js/v1/nothing.js'), 404, 'url_invalid');
    expectError(await box.http.get('/js/v1/elements/card-000000000000.js'), 404, 'url_invalid');
    const post = await box.http.post('/js/v1/payments.js');
    expectError(post, 405, 'method_not_allowed');
    expect(post.headers.allow).toBe('GET');
  });

  it('keeps the whole kit, script plus element page, under 40 KB', async () => {
    const box = sandbox();
    const script = await box.http.get('/js/v1/payments.js');
    const module = await box.http.get('/js/v1/payments.mjs');
    const page = await box.http.get(`/js/v1/elements/card.html?key=${box.keys.publishable}`);
    const cardScript = await box.http.get(`/js/v1/elements/${/card-[0-9a-f]{12}\.js/.exec(page.text)?.[0]}`);
    const bytes = (text: string) => Buffer.byteLength(text);
    expect(bytes(script.text) + bytes(page.text) + bytes(cardScript.text)).toBeLessThan(40 * 1024);
    expect(bytes(module.text) + bytes(page.text) + bytes(cardScript.text)).toBeLessThan(40 * 1024);
  });
});
