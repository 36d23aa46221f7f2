import Ajv2020 from 'ajv/dist/2020';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { openApiDocument } from '../../src/openapi/build-openapi';
import { V1_ROUTES } from '../../src/routes';
import { ADMIN_ROUTES } from '../../src/routes/admin';
import { sandbox } from '../helpers/sandbox';

type Json = Record<string, any>;

const run = promisify(execFile);
const doc = openApiDocument() as Json;
const operations = (): Array<[string, string, Json]> =>
  Object.entries(doc.paths as Record<string, Json>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): [string, string, Json] => [method.toUpperCase(), path, op as Json]),
  );

function writeDoc(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'payments-mock-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (recommended rules) with no errors and no warnings', async () => {
    const file = writeDoc();
    const { stdout } = await run(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it('is valid for @readme/openapi-parser, with no warnings', async () => {
    const { validate } = await import('@readme/openapi-parser');
    const result = await validate(writeDoc());
    expect(result).toEqual({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('documents every route of the registry, /v1 and admin, with a description and an example answer', () => {
    const documented = operations()
      .map(([method, path]) => `${method} ${path}`)
      .sort();
    const routes = [...V1_ROUTES, ...ADMIN_ROUTES].map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(documented).toEqual(routes);
    for (const [method, path, op] of operations()) {
      expect([method, path, typeof op.description, op.description?.length > 20]).toEqual([method, path, 'string', true]);
      expect([method, path, op.responses['200'].content['application/json'].example]).toEqual([method, path, expect.anything()]);
    }
  });

  it('gives every example a value its schema accepts (request bodies and answers)', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const check = (where: string, schema: Json, example: unknown) => {
      const rooted = JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"doc#/components'));
      const validate = ajv.compile(rooted);
      if (!validate(example)) throw new Error(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    let checked = 0;
    for (const [method, path, op] of operations()) {
      for (const [type, media] of Object.entries((op.requestBody?.content ?? {}) as Record<string, Json>)) {
        if (media.example === undefined) continue;
        check(`${method} ${path} ${type} body`, media.schema, media.example);
        checked++;
      }
      const answer = op.responses['200'].content['application/json'];
      check(`${method} ${path} answer`, answer.schema, answer.example);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('describes form bodies with bracket nesting: object parameters are deepObject', () => {
    const create = doc.paths['/v1/payments'].post.requestBody.content['application/x-www-form-urlencoded'];
    expect(create.encoding.metadata).toEqual({ style: 'deepObject', explode: true });
    const tokenise = doc.paths['/v1/payment_methods'].post.requestBody.content['application/x-www-form-urlencoded'];
    expect(tokenise.encoding.card).toEqual({ style: 'deepObject', explode: true });
  });

  it('documents Request-Id, Service-Version, Idempotent-Replayed, Retry-After and Mock-Scenario', () => {
    const create = doc.paths['/v1/payments'].post;
    expect(Object.keys(create.responses['200'].headers).sort()).toEqual(['Idempotent-Replayed', 'Request-Id', 'Service-Version']);
    expect(doc.components.responses.RateLimited.headers['Retry-After']).toBeDefined();
    expect(create.parameters).toEqual(
      expect.arrayContaining([{ $ref: '#/components/parameters/MockScenario' }, { $ref: '#/components/parameters/IdempotencyKey' }]),
    );
  });

  it('types the 402 of a confirmation with its card fields and the payment', () => {
    const confirm = doc.paths['/v1/payments/{id}/confirm'].post;
    expect(confirm.responses['402']).toEqual({ $ref: '#/components/responses/CardError' });
    const card = doc.components.schemas.CardError.properties.error.properties;
    expect(Object.keys(card)).toEqual(expect.arrayContaining(['decline_code', 'payment', 'code']));
  });

  it("types an event's data.object by its type", () => {
    expect(doc.components.schemas.Event.oneOf).toHaveLength(4);
    expect(doc.components.schemas.PaymentEvent.properties.data.properties.object).toMatchObject({ $ref: '#/components/schemas/Payment' });
    expect(doc.components.schemas.CustomerEvent.properties.type.enum).toEqual(['customer.created']);
  });

  it('shows the version difference: Customer.phone is not required, because 2024-09-30 leaves it out', () => {
    expect(doc.components.schemas.Customer.required).not.toContain('phone');
    expect(doc.components.schemas.Customer.properties.phone.description).toMatch(/2024-09-30/);
  });

  it('describes webhook deliveries with their signature headers', () => {
    const names = doc.webhooks.event.post.parameters.map((parameter: Json) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(['Service-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']));
  });

  it('serves a server URL that follows where it is served', async () => {
    const box = sandbox();
    const res = await box.http.get('/openapi.json').set('Host', 'mock.example.test:8080');
    expect(res.body.servers).toEqual([{ url: 'http://mock.example.test:8080', description: 'This payments-mock' }]);
  });
});
