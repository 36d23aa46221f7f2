import { editDistance } from '../../../src/near-miss/edit-distance';
import { unknownParameterHint } from '../../../src/near-miss/unknown-parameter';

const asSent = (name: string): string => name;

describe('editDistance counts a swap of two neighbours as one edit', () => {
  it.each([
    ['type', 'type', 0],
    ['tpye', 'type', 1],
    ['crad', 'card', 1],
    ['ccv', 'cvc', 1],
    ['amout', 'amount', 1],
    ['currnecy', 'currency', 1],
    ['xxme', 'name', 2],
    ['', 'abc', 3],
  ])('%s → %s: %d', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('unknownParameterHint: the same closest word as every near miss', () => {
  it.each([
    ['a one-letter typo', 'amout', ['amount', 'currency'], ' Did you mean amount?'],
    ['a swap in a short name', 'tpye', ['type', 'card'], ' Did you mean type?'],
    ['a swap in a three-letter name', 'ccv', ['number', 'exp_month', 'exp_year', 'cvc'], ' Did you mean cvc?'],
    ['a different case', 'Amount', ['amount', 'currency'], ' Did you mean amount?'],
    ['the usual shorthand of a bound', 'ge', ['gt', 'gte', 'lt', 'lte'], ' Did you mean gte?'],
    ['half of a short name changed: no guess, the accepted names', 'xxme', ['email', 'name', 'phone'], ' Accepted here: email, name, phone.'],
    ['a one-letter name: no guess', 't', ['gt', 'gte', 'lt', 'lte'], ' Accepted here: gt, gte, lt, lte.'],
    ['nothing close', 'zzzzzzzz', ['amount', 'currency'], ' Accepted here: amount, currency.'],
    ['no parameters at all', 'expand', [], ' This endpoint takes no parameters.'],
  ])('%s', (_rule, unknown, known, hint) => {
    expect(unknownParameterHint(unknown, known, asSent)).toBe(hint);
  });

  it('writes the guess as the client sends it', () => {
    expect(unknownParameterHint('numbr', ['number', 'cvc'], (name) => `card[${name}]`)).toBe(' Did you mean card[number]?');
  });
});
