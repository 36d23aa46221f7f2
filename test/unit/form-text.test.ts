import fc from 'fast-check';
import { formText } from '../../src/form-text';
import { parseForm } from '../../src/http/form';

/** Any UTF-16 code unit, lone surrogates included (JSON allows them; UTF-8 does not). */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 12 });
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
/**
 * A name the form can nest: no brackets of its own (a bracketed name is a path, tested below), and well-formed, so
 * that two names never become one (a name with a lone surrogate and one with U+FFFD in its place would, and the
 * mock refuses a name given twice).
 */
const name = anyText.filter((text) => text !== '' && !/[[\]]/.test(text) && text === wellFormed(text));

// At most 5 levels below the top (with a list's [] that is 7 segments): the mock reads 8 at most.
const { params } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', maxDepth: 5, withCrossShrink: true }, anyText, fc.array(anyText, { minLength: 1, maxLength: 3 }), tie('params')),
  params: fc.dictionary(name, tie('value'), { minKeys: 1, maxKeys: 4 }),
}));

/** What the mock's parser should read back: the same tree, every text well-formed. */
function expected(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (Array.isArray(value)) return value.map(expected);
  return Object.fromEntries(Object.entries(value as object).map(([key, item]) => [key, expected(item)]));
}

describe('formText: parameters as form text, read back by the mock as they were', () => {
  it('round-trips any nesting of objects, lists and texts through the mock’s form parser', () => {
    fc.assert(
      fc.property(params, (given) => {
        const parsed = JSON.parse(JSON.stringify(parseForm(formText(given))));
        expect(parsed).toEqual(expected(given));
      }),
      { numRuns: 500 },
    );
  });

  it('writes brackets readably, the empty value for null, nothing for undefined, and numbers and booleans as text', () => {
    expect(formText({ amount: 2000, metadata: { order: '4 2' }, enabled_events: ['a.*', 'b'], 'card[number]': '4242', confirm: true })).toBe(
      'amount=2000&metadata[order]=4%202&enabled_events[]=a.*&enabled_events[]=b&card[number]=4242&confirm=true',
    );
    expect(formText({ description: null, customer: undefined })).toBe('description=');
  });
});
