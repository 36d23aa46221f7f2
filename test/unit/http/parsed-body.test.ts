import { parseBody } from '../../../src/http/body';
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
});
