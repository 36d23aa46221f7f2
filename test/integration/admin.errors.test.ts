import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';

describe('errors of the admin API', () => {
  it('answers an unknown /_mock path 404 url_invalid as JSON', async () => {
    expectError(await sandbox().http.get('/_mock/nope'), 404, 'url_invalid');
    expectError(await sandbox().http.get('/_mock'), 404, 'url_invalid');
  });

  it('answers a wrong method 405 method_not_allowed as JSON with an Allow header', async () => {
    const res = await sandbox().http.patch('/_mock/clock');
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe('GET, PUT');
  });

  it('answers malformed JSON 400 body_invalid', async () => {
    const res = await sandbox().http.post('/_mock/keys').set('Content-Type', 'application/json').send('{"kind": ');
    expectError(res, 400, 'body_invalid');
  });

  it('answers a body that is neither JSON nor a form 415 content_type_unsupported', async () => {
    const res = await sandbox().http.post('/_mock/workspaces').set('Content-Type', 'text/plain').send('name=x');
    expectError(res, 415, 'content_type_unsupported');
  });

  it('answers a JSON body that is not an object 400 body_invalid', async () => {
    const res = await sandbox().http.put('/_mock/state').set('Content-Type', 'application/json').send('[]');
    expectError(res, 400, 'body_invalid');
  });

  it('answers a body over 1 MiB 413 request_too_large', async () => {
    const res = await sandbox()
      .http.put('/_mock/state')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ workspaces: [], pad: 'x'.repeat(1024 * 1024) }));
    expectError(res, 413, 'request_too_large');
  });

  it('answers a bad fault 400 naming the parameter', async () => {
    expectError(await sandbox().admin('post', '/_mock/faults', { path: '/_mock/reset' }), 400, 'parameter_invalid', 'path');
  });

  it('answers a bad clock change 400 naming the parameter', async () => {
    expectError(await sandbox().admin('post', '/_mock/clock/advance', { by: 'tomorrow' }), 400, 'parameter_invalid', 'by');
  });

  it('is never touched by scenarios or faults', async () => {
    const box = sandbox({ scenario: 'outage' });
    await box.admin('post', '/_mock/faults', { path: '/v1/*', times: 10 });
    expect((await box.admin('get', '/_mock/keys')).status).toBe(200);
    expect((await box.admin('get', '/_mock/health')).status).toBe(200);
  });
});
