import Ajv2020 from 'ajv/dist/2020';
import { openApiDocument } from '../../src/openapi/build-openapi';
import { ADMIN_ROUTES } from '../../src/routes/admin';
import type { AdminRoute } from '../../src/routes';
import { sandbox } from '../helpers/sandbox';

/** Admin answers checked against the schemas the OpenAPI document serves for them, so the two cannot drift. */
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({ $id: 'doc', components: (openApiDocument() as { components: unknown }).components });

function expectDocumented(route: AdminRoute, body: unknown): void {
  const validate = ajv.compile(JSON.parse(JSON.stringify(route.response).replace(/"#\/components/g, '"doc#/components')));
  if (!validate(body)) throw new Error(`${route.method} ${route.path}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
}

const find = (method: string, path: string) => ADMIN_ROUTES.find((route) => route.method === method && route.path === path) as AdminRoute;

describe('admin answers match their documented schemas', () => {
  it.each(ADMIN_ROUTES.filter((route) => route.method === 'GET' && !route.path.includes(':')).map((route) => [route.path, route]))(
    'GET %s',
    async (_path, route) => {
      const box = sandbox({ fixtures: undefined });
      await box.get('/v1/account');
      await box.admin('post', '/_mock/faults', { path: '/v1/payments*' });
      const res = await box.http.get(route.path);
      expect(res.status).toBe(200);
      expectDocumented(route, res.body);
    },
  );

  it('the writes: keys, rotation, clock, scenario, workspaces, faults, reset', async () => {
    const box = sandbox();
    const workspace = [...box.ctx.store.workspaces.keys()][0];
    const key = await box.admin('post', '/_mock/keys', { workspace, kind: 'restricted', permissions: { payments: 'read' } });
    expectDocumented(find('POST', '/_mock/keys'), key.body);
    expectDocumented(find('POST', '/_mock/keys/:key/rotate'), (await box.admin('post', `/_mock/keys/${key.body.key}/rotate`, { expires_in: '1h' })).body);
    expectDocumented(find('PUT', '/_mock/clock'), (await box.admin('put', '/_mock/clock', { mode: 'frozen', now: '2026-02-01T00:00:00Z' })).body);
    expectDocumented(find('POST', '/_mock/clock/advance'), (await box.admin('post', '/_mock/clock/advance', { by: '25h' })).body);
    expectDocumented(find('PUT', '/_mock/scenario'), (await box.admin('put', '/_mock/scenario', { scenario: 'flaky', options: { rate: 0.2 } })).body);
    const created = await box.admin('post', '/_mock/workspaces', { name: 'worker 1' });
    expectDocumented(find('POST', '/_mock/workspaces'), created.body);
    expectDocumented(find('DELETE', '/_mock/workspaces/:id'), (await box.admin('delete', `/_mock/workspaces/${created.body.workspace}`)).body);
    expectDocumented(
      find('POST', '/_mock/faults'),
      (await box.admin('post', '/_mock/faults', { method: 'POST', path: '/v1/payments*', phase: 'after', error: 'reset' })).body,
    );
    expectDocumented(find('DELETE', '/_mock/faults'), (await box.admin('delete', '/_mock/faults')).body);
    expectDocumented(find('DELETE', '/_mock/requests'), (await box.admin('delete', '/_mock/requests')).body);
    expectDocumented(find('POST', '/_mock/reset'), (await box.admin('post', '/_mock/reset')).body);
  });
});
