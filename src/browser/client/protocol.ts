/**
 * The messages the host page (payments.js) and the mock's frames (the card element, the 3-D Secure challenge)
 * exchange with `postMessage`. Every message is `{ v: 1, type, … }`; a frame or page ignores anything else, and
 * each side checks the other's origin (and window) before reading a message. Shared by both sides, imported by
 * neither the server nor anything that needs the DOM.
 */
import type { CardBrand } from '../../cards/card-brand';

export const PROTOCOL_VERSION = 1;

/** A style the host may give the card element: a few CSS values, applied inside the frame. */
export interface CardStyle {
  base?: { color?: string; fontSize?: string; fontFamily?: string; backgroundColor?: string; placeholderColor?: string };
  invalid?: { color?: string };
}

/** What the card element says about itself, in every `change` event. */
export interface CardState {
  complete: boolean;
  empty: boolean;
  brand: CardBrand;
  error?: ElementError;
}

/** An error found in the card form itself (no request was made). */
export interface ElementError {
  type: 'validation_error';
  code: ElementErrorCode;
  message: string;
  param: 'card[number]' | 'card[exp_month]' | 'card[exp_year]' | 'card[cvc]';
}

export type ElementErrorCode =
  | 'incomplete_number'
  | 'invalid_number'
  | 'incomplete_expiry'
  | 'invalid_expiry_month'
  | 'invalid_expiry_month_past'
  | 'invalid_expiry_year_past'
  | 'incomplete_cvc';

/** Host page → card frame. */
export type HostToCard =
  { v: 1; type: 'init'; style: CardStyle } | { v: 1; type: 'focus' } | { v: 1; type: 'clear' } | { v: 1; type: 'tokenize'; request: number };

/** Card frame → host page. `result` carries the API's answer: a payment method, or an error object. */
export type CardToHost =
  | { v: 1; type: 'ready' }
  | { v: 1; type: 'change'; state: CardState }
  | { v: 1; type: 'resize'; height: number }
  | { v: 1; type: 'result'; request: number; result: TokenizeResult };

export type TokenizeResult = { paymentMethod: unknown; error?: undefined } | { error: Record<string, unknown> & { type: string; message: string } };

/** Host page → challenge frame: "I opened you; answer me" (the frame remembers this origin). */
export type HostToChallenge = { v: 1; type: 'challenge_open' };

/** Challenge frame → host page. */
export type ChallengeToHost = { v: 1; type: 'challenge_ready' } | { v: 1; type: 'challenge_result'; payment: string; redirect_status: 'succeeded' | 'failed' };

/** Every message type, for the docs and for the test that keeps the challenge page's inline script in step. */
export const MESSAGE_TYPES = {
  hostToCard: ['init', 'focus', 'clear', 'tokenize'],
  cardToHost: ['ready', 'change', 'resize', 'result'],
  hostToChallenge: ['challenge_open'],
  challengeToHost: ['challenge_ready', 'challenge_result'],
} as const;

/**
 * Whether `data` is a message of this protocol with one of `types` (anything else is ignored).
 * @example isMessage({ v: 1, type: 'ready' }, MESSAGE_TYPES.cardToHost) // true
 */
export function isMessage<T extends { type: string }>(data: unknown, types: readonly string[]): data is T {
  return (
    typeof data === 'object' && data !== null && (data as { v?: unknown }).v === PROTOCOL_VERSION && types.includes((data as { type?: unknown }).type as string)
  );
}
