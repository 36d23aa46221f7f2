import { parseBody } from '../../../src/http/body';
import { deeperThan } from '../../../src/form-text';
import { reencodeParsedBody } from '../../../src/http/parsed-body';

const FORM = 'application/x-www-form-urlencoded';

describe("reencodeParsedBody: a host parser's result back to the wire, then parsed as the mock parses it", () => {
  it.each([
    [
      'nested objects (express.urlencoded extended, qs)',
      FORM,
      { amount: '2000', metadata: { order: '42', 'a b': 'c&d' } },
      { amount: '2000', metadata: { order: '42', 'a b': 'c&d' } },
    ],
    [
      'flat bracket names (express.urlencoded extended: false)',
      FORM,
      { amount: '2000', 'metadata[order]': '42' },
      { amount: '2000', metadata: { order: '42' } },
    ],
    ['arrays as name[]', FORM, { expand: ['a', 'b'] }, { expand: ['a', 'b'] }],
    ['JSON with real types', 'application/json', { amount: 2000, metadata: { order: '42' } }, { amount: 2000, metadata: { order: '42' } }],
    ['an empty form (the parser left {})', FORM, {}, {}],
  ])('%s', (_name, type, parsed, params) => {
    const body = reencodeParsedBody(type, parsed);
    expect({ ...parseBody(type, body).params }).toEqual(params);
  });

  it('passes raw bytes and text (body-parser raw/text) through unchanged', () => {
    expect(reencodeParsedBody(FORM, Buffer.from('amount=1')).toString()).toBe('amount=1');
    expect(reencodeParsedBody('application/json', '{"amount":1}').toString()).toBe('{"amount":1}');
  });

  it('is an empty body when nothing was parsed', () => {
    expect(reencodeParsedBody(undefined, undefined)).toHaveLength(0);
  });

  // A host's parser takes any depth; encoding recurses. The body is cut, still deeper than the pipeline reads, so
  // the pipeline refuses it with its own message (the JSON one is tested through express.json() in embedding.test.ts).
  const deep = Array.from({ length: 50_000 }).reduce<unknown>((inner) => ({ metadata: inner }), 'x');

  it('cuts a form body nested 50,000 levels deep, and the form parser refuses what is left', () => {
    const body = reencodeParsedBody(FORM, { amount: '2000', metadata: deep });
    expect(body.length).toBeLessThan(1000);
    expect(() => parseBody(FORM, body)).toThrow(/nested more than 8 levels deep/);
  });

  it('cuts a JSON body nested 50,000 levels deep, still deeper than the 8 levels the pipeline reads', () => {
    const body = reencodeParsedBody('application/json', { amount: 2000, metadata: deep });
    expect(body.length).toBeLessThan(1000);
    expect(deeperThan(JSON.parse(body.toString()), 8)).toBe(true);
  });
});
