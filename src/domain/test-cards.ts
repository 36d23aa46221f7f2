import { CardOutcome } from '../store/store';

/** The test cards whose number decides the outcome of a confirmation. Any other valid number succeeds. */
export const TEST_CARDS: Array<{ number: string; brand: string; outcome: CardOutcome; description: string }> = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeed', description: 'Succeeds.' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeed', description: 'Succeeds (Mastercard).' },
  { number: '4000000000000002', brand: 'visa', outcome: 'generic_decline', description: '402 card_declined, decline_code generic_decline.' },
  { number: '4000000000009995', brand: 'visa', outcome: 'insufficient_funds', description: '402 card_declined, decline_code insufficient_funds.' },
  { number: '4000000000000069', brand: 'visa', outcome: 'expired_card', description: '402 expired_card.' },
  { number: '4000002500003155', brand: 'visa', outcome: 'requires_action', description: 'requires_action (3-D Secure) until confirmed again.' },
];

/** `pm_card_*` shortcuts usable as `payment_method` without tokenising first. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_authenticationRequired: '4000002500003155',
};

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS.find((card) => card.number === number)?.outcome ?? 'succeed';
}
