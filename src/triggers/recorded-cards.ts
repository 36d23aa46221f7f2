import { TEST_CARDS, TEST_PAYMENT_METHODS } from '../domain/test-cards';
import type { FlowValue } from './flow-types';

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

/** A card number or CVC as the journal masks them (src/masking/). */
const MASKED_CARD = /^••••(\d{4})$/;
const MASKED_CVC = /^•+$/;

/**
 * The parameters of a refused tokenisation, made sendable again: the journal masked its card number and CVC, and a
 * replay that sends the masks is refused for them instead of for what the session was refused for (`exp_month`
 * 13). A masked number becomes the test card with the same last 4 digits (so the same brand and outcome), or
 * 4242424242424242 when none has them; a masked CVC becomes `123`. The field the refusal named keeps its mask:
 * it was refused for itself (a number sent as a JSON number, spaced, too short), and its mask is refused alike.
 * Every other field stays as sent.
 *
 * @example sendableCard({ card: { number: '••••0002', exp_month: '13' } }, 'card[exp_month]'); // { card: { number: '4000000000000002', exp_month: '13' } }
 */
export function sendableCard(params: Record<string, FlowValue>, refusedParam: string | undefined): Record<string, FlowValue> {
  const card = params.card;
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return params;
  const sendable: Record<string, FlowValue> = { ...card };
  const last4 = typeof card.number === 'string' ? MASKED_CARD.exec(card.number)?.[1] : undefined;
  if (last4 !== undefined && refusedParam !== 'card[number]')
    sendable.number = TEST_CARDS.find((test) => test.number.endsWith(last4))?.number ?? (TEST_PAYMENT_METHODS.pm_card_visa as string);
  if (typeof card.cvc === 'string' && MASKED_CVC.test(card.cvc) && refusedParam !== 'card[cvc]') sendable.cvc = '123';
  return { ...params, card: sendable };
}
