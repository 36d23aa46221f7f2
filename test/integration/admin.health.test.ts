import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/sandbox';

const PACKAGE_VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

describe('GET /_mock/health', () => {
  it('answers {status: "ok", version} with the package version', async () => {
    const res = await sandbox().admin('get', '/_mock/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ status: 'ok', version: PACKAGE_VERSION });
  });

  it('needs no API key and leaves the request journal alone', async () => {
    const box = sandbox();
    await box.admin('get', '/_mock/health');
    expect((await box.admin('get', '/_mock/requests')).body.data).toEqual([]);
  });
});
