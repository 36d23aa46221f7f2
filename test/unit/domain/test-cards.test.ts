import { cardBrand } from '../../../src/cards/card-brand';
import { cardOutcome, TEST_CARDS, TEST_PAYMENT_METHODS } from '../../../src/domain/test-cards';
import { passesLuhn } from '../../../src/masking/luhn';

describe('test cards decide the outcome of a confirmation', () => {
  it.each([
    ['4242424242424242 succeeds', '4242424242424242', 'succeed'],
    ['5555555555554444 (Mastercard) succeeds', '5555555555554444', 'succeed'],
    ['4000000000000002 is a generic decline', '4000000000000002', 'generic_decline'],
    ['4000000000009995 is declined for insufficient funds', '4000000000009995', 'insufficient_funds'],
    ['4000000000000069 is an expired card', '4000000000000069', 'expired_card'],
    ['4000002500003155 requires 3-D Secure', '4000002500003155', 'requires_action'],
    ['any other valid number succeeds', '4012888888881881', 'succeed'],
    ['a number that is not a test card at all succeeds too', '378282246310005', 'succeed'],
  ])('%s', (_rule, number, outcome) => {
    expect(cardOutcome(number)).toBe(outcome);
  });

  it.each(Object.entries(TEST_PAYMENT_METHODS))('the shortcut %s stands for the test card %s, which passes the Luhn check', (_shortcut, number) => {
    expect(TEST_CARDS.map((card) => card.number)).toContain(number);
    expect(passesLuhn(number)).toBe(true);
  });

  it.each(TEST_CARDS.map((card) => [card.number, card.brand]))(
    'the test card %s is a %s card by its leading digits, and passes the Luhn check',
    (number, brand) => {
      expect(cardBrand(number)).toBe(brand);
      expect(passesLuhn(number)).toBe(true);
    },
  );
});

describe('card numbers', () => {
  it.each([
    ['a valid number passes', '4242424242424242', true],
    ['one digit changed fails', '4242424242424241', false],
    ['two neighbours swapped fail', '4242424242424224', false],
    ['an odd length works (amex, 15 digits)', '378282246310005', true],
    ['all zeros pass (the checksum alone says nothing about the brand)', '0000000000000000', true],
  ])('the Luhn check: %s', (_rule, number, passes) => {
    expect(passesLuhn(number)).toBe(passes);
  });
});
