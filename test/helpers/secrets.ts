import fc from 'fast-check';
import { passesLuhn } from '../../src/masking/luhn';
import { TEST_CARDS } from '../../src/domain/test-cards';

/** `body` with the check digit that makes it Luhn-valid: a card number the mock tokenises. */
export function luhnValid(body: string): string {
  for (let digit = 0; digit <= 9; digit++) if (passesLuhn(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('unreachable: one check digit always fits');
}

/** Card numbers of 12 to 19 digits (Visa, Mastercard, Amex, Discover prefixes), Luhn-valid; no test card. */
export const cardNumber = fc
  .tuple(fc.constantFrom('4', '51', '55', '2221', '34', '37', '6011', '65'), fc.integer({ min: 12, max: 19 }), fc.nat())
  .chain(([prefix, length]) => fc.stringMatching(new RegExp(`^[0-9]{${length - 1 - prefix.length}}$`)).map((middle) => luhnValid(`${prefix}${middle}`)))
  .filter((number) => !TEST_CARDS.some((card) => card.number === number));

/**
 * An API key shaped like the bundled fixtures' (`sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc`,
 * `rk_test_acme_refunds_7Fq2LmN8pR4sT0vW`): kind, mode, then a body with one or two underscores in it.
 */
export const fixtureShapedKey = fc
  .tuple(
    fc.constantFrom('sk', 'pk', 'rk'),
    fc.constantFrom('test', 'live'),
    fc.stringMatching(/^[a-z]{3,8}$/),
    fc.option(fc.stringMatching(/^[a-z]{4,8}$/), { nil: undefined }),
    fc.stringMatching(/^[0-9A-Za-z]{12,24}$/),
  )
  .map(([kind, mode, name, role, secret]) => `${kind}_${mode}_${name}_${role === undefined ? '' : `${role}_`}${secret}`);

/** What must never show of a key: everything after its `sk_test_` prefix (the masked form keeps only the last 4). */
export const keyBody = (key: string): string => key.replace(/^(sk|pk|rk)_(test|live)_/, '');

/** Its secret part: after the last underscore, but for the last 4 characters that the masked form shows. */
export const keySecret = (key: string): string => key.slice(key.lastIndexOf('_') + 1, -4);

/** The ways a card number is written: whole, in groups of four split by spaces or dashes. */
export const spellings = (number: string): string[] => [number, number.replace(/(\d{4})(?=\d)/g, '$1 '), number.replace(/(\d{4})(?=\d)/g, '$1-')];

/** Asserts that `text` shows none of `keys`' bodies nor their secret parts, and none of `cards` in any spelling. */
export function expectNoSecret(text: string, keys: Iterable<string>, cards: Iterable<string>, where: string): void {
  for (const key of keys)
    for (const part of [keyBody(key), keySecret(key)]) if (text.includes(part)) throw new Error(`${where} shows ${part} of ${key}: ${excerpt(text, part)}`);
  for (const card of cards)
    for (const spelt of spellings(card)) if (text.includes(spelt)) throw new Error(`${where} shows the card number ${spelt}: ${excerpt(text, spelt)}`);
}

function excerpt(text: string, found: string): string {
  const at = text.indexOf(found);
  return text.slice(Math.max(0, at - 80), at + found.length + 40);
}
