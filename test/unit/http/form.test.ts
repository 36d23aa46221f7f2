import { ApiError } from '../../../src/errors/api-error';
import { MAX_DEPTH, parseForm } from '../../../src/http/form';

/** Runs parseForm and returns the ApiError it throws (failing the test if it does not). */
function refusal(text: string): ApiError {
  try {
    parseForm(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error(`parseForm accepted ${JSON.stringify(text)}`);
}

/** A plain copy, so toEqual compares values regardless of the null prototypes. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('parseForm', () => {
  it.each<[string, string, unknown]>([
    ['an empty text is an empty object', '', {}],
    ['flat pairs become strings', 'amount=2000&currency=usd', { amount: '2000', currency: 'usd' }],
    ['a name without = has an empty value', 'flag', { flag: '' }],
    ['empty pairs between & are skipped', 'a=1&&b=2&', { a: '1', b: '2' }],
    ['brackets nest objects', 'metadata[order]=42&metadata[sku]=x', { metadata: { order: '42', sku: 'x' } }],
    ['brackets nest several levels', 'a[b][c][d]=1', { a: { b: { c: { d: '1' } } } }],
    ['a[] appends to an array in order', 'tags[]=x&tags[]=y&tags[]=z', { tags: ['x', 'y', 'z'] }],
    ['an array may sit inside an object', 'a[b][]=1&a[b][]=2', { a: { b: ['1', '2'] } }],
    ['+ decodes to a space', 'description=two+words', { description: 'two words' }],
    ['percent-encoding is decoded in names and values', 'metadata%5Bk%C3%A9y%5D=caf%C3%A9%26%3D', { metadata: { kéy: 'café&=' } }],
    ['an encoded + stays a plus', 'phone=%2B441234', { phone: '+441234' }],
    ['= inside a value is kept', 'a=b=c', { a: 'b=c' }],
    ['a name starting with [ is a plain key', '[x]=1', { '[x]': '1' }],
  ])('%s', (_rule, text, expected) => {
    expect(plain(parseForm(text))).toEqual(expected);
  });

  it(`accepts nesting down to ${MAX_DEPTH} levels and refuses one more with body_invalid`, () => {
    const name = (levels: number) => `a${'[x]'.repeat(levels - 1)}`;
    expect(() => parseForm(`${name(MAX_DEPTH)}=1`)).not.toThrow();
    const error = refusal(`${name(MAX_DEPTH + 1)}=1`);
    expect(error.code).toBe('body_invalid');
    expect(error.status).toBe(400);
    expect(error.message).toContain(`more than ${MAX_DEPTH} levels`);
  });

  it('refuses 10,000-deep nesting quickly, without a stack overflow', () => {
    expect(refusal(`a${'[x]'.repeat(10_000)}=1`).code).toBe('body_invalid');
  });

  it.each([
    ['a repeated plain parameter is refused', 'amount=1&amount=2', 'amount'],
    ['a repeated nested parameter is refused', 'metadata[a]=1&metadata[a]=2', 'metadata[a]'],
  ])('%s with body_invalid naming it', (_rule, text, param) => {
    const error = refusal(text);
    expect(error.code).toBe('body_invalid');
    expect(error.extras.param).toBe(param);
    expect(error.message).toContain('more than once');
  });

  it.each([
    ['a value then an object of the same name', 'a=1&a[b]=2'],
    ['an object then a value of the same name', 'a[b]=2&a=1'],
    ['an object then an array of the same name', 'a[b]=1&a[]=2'],
    ['an array then an object of the same name', 'a[]=1&a[b]=2'],
    ['an array then a value of the same name', 'a[]=1&a=2'],
  ])('refuses conflicting shapes: %s', (_rule, text) => {
    const error = refusal(text);
    expect(error.code).toBe('body_invalid');
    expect(error.extras.param).toBe('a');
  });

  it.each([
    ['an unclosed bracket', 'a[b=1'],
    ['text between brackets', 'a[b]c[d]=1'],
    ['a nested index inside an array', 'a[][b]=1'],
  ])('refuses malformed names: %s', (_rule, text) => {
    expect(refusal(text).code).toBe('body_invalid');
  });

  it.each([
    ['a lone %', 'a=%'],
    ['a truncated escape', 'a=%E2%82'],
    ['a non-hex escape', 'a=%zz'],
    ['a bad escape in a name', 'a%ZZ=1'],
  ])('refuses bad percent-encoding (%s) with body_invalid', (_rule, text) => {
    const error = refusal(text);
    expect(error.code).toBe('body_invalid');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/percent-encoding/);
  });

  it.each(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'])(
    'keeps %s as plain data on objects without Object.prototype in their chain, never touching a prototype',
    (key) => {
      const parsed = parseForm(`metadata[${key}]=x&${key}=y&${key}2[${key}]=z`);
      const metadata = parsed.metadata as Record<string, unknown>;
      for (const object of [parsed, metadata]) {
        // Their prototype is one empty, frozen object with no prototype: nothing is inherited, nothing can be added.
        const prototype = Object.getPrototypeOf(object) as object;
        expect(Object.getPrototypeOf(prototype)).toBeNull();
        expect(Reflect.ownKeys(prototype)).toEqual([]);
        expect(Object.isFrozen(prototype)).toBe(true);
        expect(key in object ? Object.prototype.hasOwnProperty.call(object, key) : true).toBe(true);
      }
      expect(Object.keys(metadata)).toEqual([key]);
      expect(metadata[key]).toBe('x');
      expect(Object.prototype.hasOwnProperty.call(parsed, key)).toBe(true);
      expect(parsed[key]).toBe('y');
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
    },
  );

  it('does not treat __proto__[x] as a path into Object.prototype', () => {
    const parsed = parseForm('__proto__[polluted]=yes&constructor[prototype][polluted]=yes');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(plain(parsed)).toEqual({ ['__proto__']: { polluted: 'yes' }, constructor: { prototype: { polluted: 'yes' } } });
    expect(Object.keys(parsed)).toEqual(['__proto__', 'constructor']);
  });

  it('refuses __proto__ given twice like any duplicate, rather than merging', () => {
    expect(refusal('metadata[__proto__]=a&metadata[__proto__]=b').code).toBe('body_invalid');
  });
});
