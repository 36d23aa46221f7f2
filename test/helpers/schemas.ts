import Ajv from 'ajv';
import { listSchema, RESOURCE_SCHEMAS, ResourceName } from '../../src/schemas/resources';

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'components', components: { schemas: RESOURCE_SCHEMAS } });
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(name: ResourceName | { list: ResourceName }) {
  const id = typeof name === 'string' ? name : `list:${name.list}`;
  let validate = validators.get(id);
  if (!validate) {
    const schema =
      typeof name === 'string'
        ? { $ref: `components#/components/schemas/${name}` }
        : JSON.parse(JSON.stringify(listSchema(name.list)).replace(/"#\/components/g, '"components#/components'));
    validate = ajv.compile(schema);
    validators.set(id, validate);
  }
  return validate;
}

/**
 * Asserts that a response body matches its schema from the same registry the server documents, so handlers
 * and schemas cannot drift apart.
 */
export function expectSchema(body: unknown, name: ResourceName | { list: ResourceName }): void {
  const validate = validatorFor(name);
  if (!validate(body)) {
    throw new Error(`Response does not match ${JSON.stringify(name)}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 2)}`);
  }
}

/** Asserts the JSON error object: status, type, code, a message, doc_url; and param when given. */
export function expectError(res: { status: number; body: unknown; headers: Record<string, string> }, status: number, code: string, param?: string): void {
  const body = res.body as { error?: Record<string, unknown> };
  if (res.status !== status || body.error?.code !== code) {
    throw new Error(`Expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  }
  expectSchema(body, 'Error');
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(typeof body.error?.message).toBe('string');
  expect(String(body.error?.doc_url)).toMatch(new RegExp(`/docs/errors#${code}$`));
  if (param !== undefined) expect(body.error?.param).toBe(param);
}
