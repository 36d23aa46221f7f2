import { cardBrand } from '../../../src/cards/card-brand';

// The one brand rule: the API's `card.brand` and the browser kit's card form (its brand, lengths and grouping).
describe('the card brand of a number, by its leading digits', () => {
  it.each([
    ['a 4 is visa', '4111111111111111', 'visa'],
    ['51–55 is mastercard', '5105105105105100', 'mastercard'],
    ['2221–2720 is mastercard', '2223003122003222', 'mastercard'],
    ['2221 is mastercard', '2221000000000009', 'mastercard'],
    ['34 and 37 are amex', '378282246310005', 'amex'],
    ['6011 is discover', '6011111111111117', 'discover'],
    ['65 is discover', '6500000000000002', 'discover'],
    ['50 is unknown (not in 51–55)', '5000000000000009', 'unknown'],
    ['anything else is unknown', '9999999999999995', 'unknown'],
    ['a few digits are enough', '9999', 'unknown'],
    ['nothing typed is unknown', '', 'unknown'],
  ])('%s', (_rule, number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});
