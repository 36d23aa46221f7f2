import { LATEST_VERSION, VERSIONS } from '../../src/domain/versions';
import { sandbox } from '../helpers/sandbox';

describe('GET /_mock/versions', () => {
  it('answers {default, versions} with every version, oldest first, and the newest as default', async () => {
    const res = await sandbox().admin('get', '/_mock/versions');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ default: LATEST_VERSION, versions: VERSIONS });
    expect(res.body.versions).toEqual([...res.body.versions].sort());
    for (const version of res.body.versions) expect(version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.body.versions).toContain(res.body.default);
  });

  it('lists versions that /v1 accepts in Service-Version', async () => {
    const box = sandbox();
    for (const version of (await box.admin('get', '/_mock/versions')).body.versions as string[]) {
      const res = await box.get('/v1/account').set('Service-Version', version);
      expect(res.status).toBe(200);
      expect(res.headers['service-version']).toBe(version);
    }
  });
});
