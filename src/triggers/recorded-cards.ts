import { TEST_CARDS, TEST_PAYMENT_METHODS } from '../domain/test-cards';

/** The shortcut of each test card, by its number; any other valid number succeeds, as pm_card_visa does. */
const SHORTCUT_BY_NUMBER = new Map(Object.entries(TEST_PAYMENT_METHODS).map(([shortcut, number]) => [number, shortcut]));

/**
 * The `pm_card_*` shortcut that confirms as the card a tokenisation answer shows (its brand and last 4 digits name
 * the test card: no two test cards share them). A card that is no test card succeeds, so it is `pm_card_visa`.
 * Undefined when the answer shows no card.
 *
 * @example cardShortcut({ id: 'pm_1', card: { brand: 'visa', last4: '0002' } }); // 'pm_card_chargeDeclined'
 */
export function cardShortcut(answer: Record<string, unknown> | null): string | undefined {
  const card = answer?.card as { brand?: unknown; last4?: unknown } | undefined;
  if (!card || typeof card.last4 !== 'string') return undefined;
  const test = TEST_CARDS.find((candidate) => candidate.number.endsWith(card.last4 as string) && candidate.brand === card.brand);
  return (test && SHORTCUT_BY_NUMBER.get(test.number)) ?? 'pm_card_visa';
}

/** 12 to 19 digits standing alone, optionally split by spaces or dashes: what a card number looks like. */
const CARD_NUMBER = /(?<![0-9A-Za-z_+])\d(?:[ -]?\d){11,18}(?![0-9A-Za-z_])/g;

/** An API key anywhere in a text (a key pasted into a description by mistake). */
const API_KEY = /(sk|pk|rk)_(test|live)_[0-9A-Za-z]+/g;

/**
 * Masks anything that looks like a card number (as the journal does) or an API key (as the journal shows keys:
 * prefix and last 4): a flow is a file people share and commit, and never carries either.
 *
 * @example maskSecrets('card 4242 4242 4242 4242, key sk_test_abcdefgh1234'); // 'card ••••4242, key sk_test_…1234'
 */
export function maskSecrets(text: string): string {
  return text
    .replace(CARD_NUMBER, (number) => `••••${number.replace(/\D/g, '').slice(-4)}`)
    .replace(API_KEY, (key, kind: string, mode: string) => `${kind}_${mode}_…${key.slice(-4)}`);
}
