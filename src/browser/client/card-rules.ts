import { cardBrand } from '../../cards/card-brand';
import { passesLuhn } from '../../masking/luhn';
import type { CardBrand } from '../../cards/card-brand';
import type { CardState, ElementError, ElementErrorCode } from './protocol';

/**
 * The card form's rules, as pure functions of what was typed and the mock clock's month: brand from the leading
 * digits, length per brand, Luhn, expiry not in the past, CVC length per brand. No DOM here, so the rules are
 * unit-tested on their own and the frame only wires them to inputs. The brand rule and Luhn are the server's own
 * (src/cards/card-brand.ts, src/masking/luhn.ts: ground modules that import nothing), bundled in: one brand rule for
 * the form and the API's `card.brand`, one checksum for the form, the API and the masker.
 */

export const MESSAGES: Record<ElementErrorCode, string> = {
  incomplete_number: 'Your card number is incomplete.',
  invalid_number: 'Your card number is invalid.',
  incomplete_expiry: "Your card's expiry date is incomplete.",
  invalid_expiry_month: "Your card's expiry month is invalid: use 01 to 12.",
  invalid_expiry_month_past: "Your card's expiry date is in the past.",
  invalid_expiry_year_past: "Your card's expiry year is in the past.",
  incomplete_cvc: "Your card's security code is incomplete.",
};

const PARAMS: Record<ElementErrorCode, ElementError['param']> = {
  incomplete_number: 'card[number]',
  invalid_number: 'card[number]',
  incomplete_expiry: 'card[exp_month]',
  invalid_expiry_month: 'card[exp_month]',
  invalid_expiry_month_past: 'card[exp_month]',
  invalid_expiry_year_past: 'card[exp_year]',
  incomplete_cvc: 'card[cvc]',
};

export type Field = 'number' | 'expiry' | 'cvc';
export const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc'];

/** The digits of what was typed (spaces, slashes and anything else dropped). @example digitsOf('4242 42') // '424242' */
export const digitsOf = (text: string): string => text.replace(/\D/g, '');

/** How many digits a complete number of this brand has. @example numberLength('amex') // 15 */
export const numberLength = (brand: CardBrand): number => (brand === 'amex' ? 15 : 16);

/** How many digits the security code of this brand has. @example cvcLength('visa') // 3 */
export const cvcLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

/**
 * The number as people read it: 4242 4242 4242 4242, or 3782 822463 10005 for amex; cut at the brand's length.
 * @example formatNumber('378282246310005') // '3782 822463 10005'
 */
export function formatNumber(text: string): string {
  const brand = cardBrand(digitsOf(text));
  const digits = digitsOf(text).slice(0, numberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as `MM / YY`; a first digit above 1 can only be a month 02–09, so it gets its 0 at once.
 * @example formatExpiry('430') // '04 / 30'
 */
export function formatExpiry(text: string): string {
  let digits = digitsOf(text);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The security code's digits, cut at the brand's length. @example formatCvc('12345', 'amex') // '1234' */
export const formatCvc = (text: string, brand: CardBrand): string => digitsOf(text).slice(0, cvcLength(brand));

/** Year and month (1–12) of the mock clock, in UTC like every time of the mock. */
export interface ClockMonth {
  year: number;
  month: number;
}

/** @example clockMonth(1767225600) // { year: 2026, month: 1 } */
export function clockMonth(unixSeconds: number): ClockMonth {
  const date = new Date(unixSeconds * 1000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** One field: nothing typed, still typing, wrong (with the code), or done. */
export type FieldStatus =
  { kind: 'empty' } | { kind: 'incomplete'; code: ElementErrorCode } | { kind: 'invalid'; code: ElementErrorCode } | { kind: 'complete' };

/** @example numberStatus('4242') // { kind: 'incomplete', code: 'incomplete_number' } */
export function numberStatus(number: string): FieldStatus {
  if (number === '') return { kind: 'empty' };
  if (number.length < numberLength(cardBrand(number))) return { kind: 'incomplete', code: 'incomplete_number' };
  return passesLuhn(number) ? { kind: 'complete' } : { kind: 'invalid', code: 'invalid_number' };
}

/**
 * `expiry` is its digits, MMYY. A card is valid to the end of its expiry month on the mock clock.
 * @example expiryStatus('1225', { year: 2026, month: 1 }) // { kind: 'invalid', code: 'invalid_expiry_year_past' }
 */
export function expiryStatus(expiry: string, now: ClockMonth): FieldStatus {
  if (expiry === '') return { kind: 'empty' };
  const month = Number(expiry.slice(0, 2));
  if (expiry.length >= 2 && (month < 1 || month > 12)) return { kind: 'invalid', code: 'invalid_expiry_month' };
  if (expiry.length < 4) return { kind: 'incomplete', code: 'incomplete_expiry' };
  const year = 2000 + Number(expiry.slice(2, 4));
  if (year < now.year) return { kind: 'invalid', code: 'invalid_expiry_year_past' };
  if (year === now.year && month < now.month) return { kind: 'invalid', code: 'invalid_expiry_month_past' };
  return { kind: 'complete' };
}

/** @example cvcStatus('12', 'visa') // { kind: 'incomplete', code: 'incomplete_cvc' } */
export function cvcStatus(cvc: string, brand: CardBrand): FieldStatus {
  if (cvc === '') return { kind: 'empty' };
  return cvc.length < cvcLength(brand) ? { kind: 'incomplete', code: 'incomplete_cvc' } : { kind: 'complete' };
}

const EMPTY_CODES: Record<Field, ElementErrorCode> = { number: 'incomplete_number', expiry: 'incomplete_expiry', cvc: 'incomplete_cvc' };

/** What was typed, as digits. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The form's state, and the error each field shows now. */
export interface Checked {
  state: CardState;
  errors: Partial<Record<Field, ElementError>>;
}

/**
 * Checks the whole form. A wrong value shows its error at once; an unfinished one only once the person left the
 * field (`shown`), and an empty one only when the form is submitted (`submitting`), so nobody is scolded while
 * still typing.
 * @example checkCard({ number: '4242424242424242', expiry: '1230', cvc: '123' }, { year: 2026, month: 1 }, new Set(), false).state.complete // true
 */
export function checkCard(input: CardInput, now: ClockMonth, shown: ReadonlySet<Field>, submitting: boolean): Checked {
  const brand = cardBrand(input.number);
  const statuses: Record<Field, FieldStatus> = {
    number: numberStatus(input.number),
    expiry: expiryStatus(input.expiry, now),
    cvc: cvcStatus(input.cvc, brand),
  };
  const errors: Partial<Record<Field, ElementError>> = {};
  for (const field of FIELDS) {
    const status = statuses[field];
    let code: ElementErrorCode | undefined;
    if (status.kind === 'invalid') code = status.code;
    else if (status.kind === 'incomplete' && (submitting || shown.has(field))) code = status.code;
    else if (status.kind === 'empty' && submitting) code = EMPTY_CODES[field];
    if (code) errors[field] = elementError(code);
  }
  const first = FIELDS.map((field) => errors[field]).find((error) => error !== undefined);
  return {
    state: {
      complete: FIELDS.every((field) => statuses[field].kind === 'complete'),
      empty: FIELDS.every((field) => statuses[field].kind === 'empty'),
      brand,
      ...(first ? { error: first } : {}),
    },
    errors,
  };
}

/** The error object of a code. @example elementError('invalid_number').message // 'Your card number is invalid.' */
export function elementError(code: ElementErrorCode): ElementError {
  return { type: 'validation_error', code, message: MESSAGES[code], param: PARAMS[code] };
}
