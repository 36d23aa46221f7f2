import { isCardNumber, maskedCard, maskText } from './mask-text';

const CVC_NAMES = /^(cvc|cvv|cvc2|cvv2|cid)$/i;
/** Deeper than this, a value is not walked but replaced: a hostile body cannot make masking recurse without end. */
const MAX_DEPTH = 64;

/**
 * A parsed body (or answer) with keys and card numbers masked wherever they are: in strings, in object keys, and
 * in numbers (a JSON number that is a card number becomes the string `••••4242`: no number can stand for it
 * without showing digits), and with CVCs (`cvc`, `cvv`, …) as `•••`.
 *
 * @example maskValue({ metadata: { '4242424242424242': 'x', n: 4242424242424242 } }); // { metadata: { '••••4242': 'x', n: '••••4242' } }
 */
export function maskValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'number') return maskNumber(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => maskValue(item, depth + 1));
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, item] of Object.entries(value)) {
    let shown = maskText(name);
    // Two card numbers with the same last four digits as keys: both stay, the second numbered.
    for (let n = 2; shown !== name && shown in out; n++) shown = `${maskText(name)} (${n})`;
    out[shown] = CVC_NAMES.test(name) && item !== null && item !== undefined ? '•••' : maskValue(item, depth + 1);
  }
  return out;
}

/**
 * A number as shown: a card number's last four digits as a string, any other number as it is. Past 2^53 a JSON
 * number has lost digits, so one of 16 to 19 digits there is masked whatever its checksum.
 */
function maskNumber(value: number): number | string {
  const size = Math.abs(value);
  if (!Number.isInteger(size) || size < 1e11 || size >= 1e19) return value;
  const digits = size.toFixed(0);
  return size > Number.MAX_SAFE_INTEGER || isCardNumber(digits) ? maskedCard(digits) : value;
}
