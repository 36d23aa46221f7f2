import { ADMIN_ROUTES } from '../../src/routes/admin';
import { expectError } from '../helpers/schemas';
import { sandbox } from '../helpers/sandbox';

describe('query parameters on /_mock', () => {
  it('refuses a typo in a journal filter: 400 parameter_unknown naming it and listing the filters', async () => {
    const box = sandbox();
    const res = await box.http.get('/_mock/requests?stauts=402');
    expectError(res, 400, 'parameter_unknown', 'stauts');
    expect(res.body.error.message).toMatch(/accepts: method, path, status, limit/);
  });

  it('still applies the filters it knows', async () => {
    const box = sandbox();
    await box.get('/v1/account');
    await box.get('/v1/payments/pay_missing');
    const res = await box.http.get('/_mock/requests?status=404&limit=5');
    expect(res.status).toBe(200);
    expect(res.body.data.map((entry: { status: number }) => entry.status)).toEqual([404]);
  });

  it.each(ADMIN_ROUTES.filter((route) => !route.query && route.method === 'GET').map((route) => [route.path]))(
    'refuses any query parameter on GET %s, which takes none',
    async (path) => {
      const box = sandbox();
      const res = await box.http.get(`${path.replace(/:(\w+)/g, 'x')}?verbose=1`);
      expectError(res, 400, 'parameter_unknown', 'verbose');
      expect(res.body.error.message).toMatch(/takes no query parameters/);
    },
  );

  it('refuses a query parameter on a write, and changes nothing', async () => {
    const box = sandbox();
    const before = (await box.http.get('/_mock/clock')).body;
    const res = await box.admin('post', '/_mock/clock/advance?by=1h', { by: '2h' });
    expectError(res, 400, 'parameter_unknown', 'by');
    expect((await box.http.get('/_mock/clock')).body).toEqual(before);
  });
});
