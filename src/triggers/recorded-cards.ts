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
