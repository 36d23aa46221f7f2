import { checkCard, clockMonth, Field, formatExpiry, formatNumber, MESSAGES } from '../../../src/browser/client/card-rules';
import fc from 'fast-check';
import { cardBrand } from '../../../src/cards/card-brand';
import { TEST_CARDS } from '../../../src/domain/test-cards';

// The card element's rules, checked against the mock clock's month (here January 2026).
const NOW = clockMonth(Date.parse('2026-01-15T12:00:00Z') / 1000);
const NONE = new Set<Field>();
const ALL = new Set<Field>(['number', 'expiry', 'cvc']);

describe('the card element rules', () => {
  it.each(TEST_CARDS.map((card) => [card.number, card.brand]))("reports test card %s as a %s card, the API's card.brand", (number, brand) => {
    expect(checkCard({ number, expiry: '', cvc: '' }, NOW, NONE, false).state.brand).toBe(brand);
  });

  // The form and the API share one brand rule (src/cards/card-brand.ts); this checks that the form's change events
  // report it for every run of digits, not only the test cards.
  it('reports the brand of any run of digits by the API rule', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{0,19}$/),
        (number) => checkCard({ number, expiry: '', cvc: '' }, NOW, NONE, false).state.brand === cardBrand(number),
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['42424242424242429999', '4242 4242 4242 4242'],
    ['378282246310005', '3782 822463 10005'],
    ['4242-42', '4242 42'],
  ])('formats the number %s as %s, cut at the brand length', (typed, shown) => {
    expect(formatNumber(typed)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['4', '04'],
    ['12', '12'],
    ['1230', '12 / 30'],
    ['12/3099', '12 / 30'],
  ])('formats the expiry %s as %s', (typed, shown) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it.each([
    // [what is typed, fields left, submitting, error code or null, complete]
    [{ number: '4242424242424242', expiry: '1230', cvc: '123' }, NONE, false, null, true],
    [{ number: '', expiry: '', cvc: '' }, NONE, false, null, false],
    [{ number: '', expiry: '', cvc: '' }, NONE, true, 'incomplete_number', false],
    [{ number: '4242', expiry: '', cvc: '' }, NONE, false, null, false],
    [{ number: '4242', expiry: '', cvc: '' }, ALL, false, 'incomplete_number', false],
    [{ number: '4242424242424241', expiry: '', cvc: '' }, NONE, false, 'invalid_number', false],
    [{ number: '4242424242424242', expiry: '12', cvc: '123' }, ALL, false, 'incomplete_expiry', false],
    [{ number: '4242424242424242', expiry: '13', cvc: '' }, NONE, false, 'invalid_expiry_month', false],
    [{ number: '4242424242424242', expiry: '1225', cvc: '123' }, NONE, false, 'invalid_expiry_year_past', false],
    [{ number: '4242424242424242', expiry: '0126', cvc: '123' }, NONE, false, null, true],
    [{ number: '4242424242424242', expiry: '1226', cvc: '123' }, NONE, false, null, true],
    [{ number: '4242424242424242', expiry: '1230', cvc: '12' }, ALL, false, 'incomplete_cvc', false],
    [{ number: '378282246310005', expiry: '1230', cvc: '123' }, ALL, false, 'incomplete_cvc', false],
    [{ number: '378282246310005', expiry: '1230', cvc: '1234' }, ALL, false, null, true],
  ])('checks %j (left %p, submitting %p): error %p, complete %p', (input, shown, submitting, code, complete) => {
    const { state } = checkCard(input, NOW, shown, submitting);
    expect(state.error?.code ?? null).toBe(code);
    expect(state.complete).toBe(complete);
    if (code) expect(state.error).toEqual({ type: 'validation_error', code, message: MESSAGES[state.error!.code], param: expect.stringMatching(/^card\[/) });
  });

  it('counts a card as expired from the month after its expiry month on the mock clock', () => {
    const march2026 = clockMonth(Date.parse('2026-03-01T00:00:00Z') / 1000);
    const card = (expiry: string) => checkCard({ number: '4242424242424242', expiry, cvc: '123' }, march2026, NONE, false).state.error?.code ?? null;
    expect(card('0326')).toBeNull();
    expect(card('0226')).toBe('invalid_expiry_month_past');
    expect(card('1225')).toBe('invalid_expiry_year_past');
  });
});
