/**
 * The card brand from a number's leading digits: the one rule the API (`card.brand` of a payment method) and the
 * browser kit's card form (its brand, number length and CVC length) both follow. A ground module that imports
 * nothing, so the kit bundles it as it bundles Luhn (src/masking/luhn.ts).
 */

/** The brands the mock tells apart; any other number is `unknown`. */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/**
 * The brand of a card number (digits only), from its leading digits.
 * @example cardBrand('378282246310005') // 'amex'
 */
export function cardBrand(number: string): CardBrand {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}
