import Ajv from 'ajv';
import fc from 'fast-check';
import { Customer, Payment, RESOURCE_SCHEMAS } from '../../../src/schemas/resources';
import { array, described, enumOf, integer, keyed, literal, nullable, object, record, ref, Static, string, union } from '../../../src/schemas/typed-schema';

// The builder's answers are the plain JSON Schemas ajv and the OpenAPI document read; its types are what the
// resources' TypeScript types are derived from. The type checks below run in `tsc --noEmit` (npm run typecheck):
// a `@ts-expect-error` whose line compiles fails it.

describe('the typed schema builder', () => {
  it.each([
    ['string()', string(), { type: 'string' }],
    ['string with a pattern', string({ pattern: '^a$' }), { type: 'string', pattern: '^a$' }],
    ['integer()', integer(), { type: 'integer' }],
    ['literal', literal('payment'), { const: 'payment' }],
    ['enumOf', enumOf(['a', 'b']), { enum: ['a', 'b'] }],
    ['nullable', nullable(string()), { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['described', described(integer(), 'Seconds.'), { type: 'integer', description: 'Seconds.' }],
    ['array', array(string()), { type: 'array', items: { type: 'string' } }],
    ['record', record(string()), { type: 'object', additionalProperties: { type: 'string' } }],
    ['ref', ref('Payment'), { $ref: '#/components/schemas/Payment' }],
    ['union', union([ref('A'), ref('B')]), { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] }],
    [
      'object',
      object({ a: string(), b: integer() }),
      { type: 'object', additionalProperties: false, required: ['a', 'b'], properties: { a: { type: 'string' }, b: { type: 'integer' } } },
    ],
    [
      'object with an optional key',
      object({ a: string(), b: integer() }, { optional: ['b'] }),
      { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } },
    ],
    [
      'keyed',
      keyed(['x', 'y'], enumOf(['on'])),
      { type: 'object', additionalProperties: false, required: ['x', 'y'], properties: { x: { enum: ['on'] }, y: { enum: ['on'] } } },
    ],
  ])('%s gives the plain JSON Schema', (_name, schema, json) => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(json);
  });

  it('carries the accepted type only in the type: no schema object has a key beyond JSON Schema', () => {
    expect(Object.getOwnPropertySymbols(object({ a: nullable(string()) }))).toEqual([]);
  });

  it('derives the type each schema accepts (checked by tsc), and ajv agrees with it', () => {
    const schema = object({ id: string(), kind: literal('x'), n: nullable(integer()), tags: array(enumOf(['a', 'b'])) }, { optional: ['tags'] });
    const full: Static<typeof schema> = { id: 'x_1', kind: 'x', n: null, tags: ['a'] };
    const without: Static<typeof schema> = { id: 'x_1', kind: 'x', n: 3 };
    // @ts-expect-error a required key is missing
    const missing: Static<typeof schema> = { id: 'x_1', kind: 'x' };
    // @ts-expect-error a literal admits only its value
    const wrong: Static<typeof schema> = { id: 'x_1', kind: 'y', n: null };
    // @ts-expect-error an enum admits only its values
    const other: Static<typeof schema> = { id: 'x_1', kind: 'x', n: null, tags: ['c'] };
    // ajv judges the same values as tsc does.
    const validate = new Ajv({ strict: true }).compile(schema);
    expect([full, without].map((value) => validate(value))).toEqual([true, true]);
    expect([missing, wrong, other].map((value) => validate(value))).toEqual([false, false, false]);
  });

  it('derives the resource types from the served schemas (checked by tsc)', () => {
    // Customer's phone is optional because the schema leaves it out of `required` (API version 2024-09-30).
    const customer: Customer = { id: 'cus_1', object: 'customer', created: 0, livemode: false, email: null, name: null };
    // @ts-expect-error every other field of a resource is required, as the schema says
    const partial: Payment = { id: 'pay_1', object: 'payment', created: 0, livemode: false };
    expect([customer, partial]).toHaveLength(2);
  });

  it('accepts, by ajv, exactly the objects of the derived type: any object of a closed schema with a key left out or added is refused', () => {
    const schema = object({ a: string(), b: nullable(integer()), c: enumOf(['x', 'y']) }, { optional: ['c'] });
    const validate = new Ajv({ strict: true }).compile(schema);
    const value = fc.record({ a: fc.string(), b: fc.option(fc.integer()), c: fc.constantFrom('x', 'y') }, { requiredKeys: ['a', 'b'] });
    fc.assert(
      fc.property(value, fc.constantFrom('a', 'b', 'extra'), (good: Static<typeof schema>, key) => {
        const broken: Record<string, unknown> = { ...good };
        if (key === 'extra') broken.extra = 1;
        else delete broken[key];
        return validate(good) && !validate(broken);
      }),
    );
  });

  it('keeps every resource schema compilable by ajv in strict mode', () => {
    // `components` is the OpenAPI document's keyword the served schemas' `$ref`s point into, not JSON Schema's.
    const ajv = new Ajv({ strict: true }).addKeyword('components');
    ajv.addSchema({ $id: 'components', components: { schemas: RESOURCE_SCHEMAS } });
    for (const name of Object.keys(RESOURCE_SCHEMAS)) expect(() => ajv.compile({ $ref: `components#/components/schemas/${name}` })).not.toThrow();
  });
});
