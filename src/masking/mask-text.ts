import { passesLuhn } from './luhn';

/**
 * The one masker: every surface that shows what a client sent (the journal, a request's detail, the dashboard's
 * stream, the log line, a session kept as a flow, the MCP tools over them) shows it through these functions, so
 * a key or a card number is hidden the same way everywhere.
 */

/**
 * In one pass: an API key anywhere in a text (its kind, mode and a body that may hold underscores:
 * `sk_test_acme_4eC39…`), or 12 to 19 digits (single spaces or dashes may split them) not touching another digit nor
 * after a + (a phone number), which Luhn then decides.
 */
const SECRET = /(?:sk|pk|rk)_(?:test|live)_[0-9A-Za-z_]+|(?<![\d+])\d(?:[ -]?\d){11,18}(?!\d)/g;
/** What a cut may have split: a run of digits, or a word holding a key's prefix. */
const CUT_TAIL = /(?:\d[ -]?)+$|[0-9A-Za-z_]*(?:sk|pk|rk)_(?:test|live)_[0-9A-Za-z_]*$/;

/**
 * A key as logs and the journal show it: prefix and last four characters. A short key would be shown almost (or
 * entirely) whole by its last four, so it shows only its prefix.
 *
 * @example maskKey('sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc'); // 'sk_test_…p7dc'
 */
export function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  return key.length - prefix.length > 8 ? `${prefix}…${key.slice(-4)}` : `${prefix}…`;
}

/** A card number as the journal shows it: its last four digits. */
export function maskedCard(digits: string): string {
  return `••••${digits.slice(-4)}`;
}

/** Whether these digits are a card number: 12 to 19 of them, the first not 0 (no card scheme starts with 0), Luhn-valid. */
export function isCardNumber(digits: string): boolean {
  return digits.length >= 12 && digits.length <= 19 && digits[0] !== '0' && passesLuhn(digits);
}

/**
 * A text with every API key masked as `maskKey` does and every card number (standing alone, possibly split by
 * spaces or dashes) shown as its last four digits. Masked text is left as it is: masking twice changes nothing.
 *
 * @example maskText('oops sk_test_acme_4eC39HqLyjWDarjtT1zdp7dc, card 4242 4242 4242 4242'); // 'oops sk_test_…p7dc, card ••••4242'
 */
export function maskText(text: string): string {
  return text.replace(SECRET, (found) => (found.charCodeAt(0) <= 57 ? maskRun(found) : maskKey(found)));
}

/**
 * A text cut at a length, masked: a key or card number that the cut split would show its last characters (a key's
 * secret part, a card's middle digits) without the rest that makes it recognisable, so a digit run or a key at the
 * cut is dropped for `…` first.
 *
 * @example maskCutText('card 4242 4242 42'); // 'card …'
 */
export function maskCutText(text: string): string {
  // Only the end is searched: an anchored pattern run over a whole 16 KiB body backtracks quadratically.
  const at = Math.max(0, text.length - 128);
  return maskText(text.slice(0, at) + text.slice(at).replace(CUT_TAIL, '…'));
}

/**
 * A URL path with keys and card numbers masked in each segment, percent-encoded ones too (a masked segment is
 * shown decoded: the path is for reading, and `•` needs no escaping there).
 *
 * @example maskPath('/v1/payments/4242424242424242'); // '/v1/payments/••••4242'
 */
export function maskPath(path: string): string {
  if (!path.includes('%')) return maskText(path);
  return path
    .split('/')
    .map((segment) => {
      const decoded = decode(segment);
      const masked = maskText(decoded);
      return masked === decoded ? maskText(segment) : masked;
    })
    .join('/');
}

/** A run of digits: masked if it is a card number, else each stretch of its groups that is one. */
function maskRun(run: string): string {
  const digits = run.replace(/[ -]/g, '');
  if (isCardNumber(digits)) return maskedCard(digits);
  if (digits.length === run.length) return run;
  // "4242 4242 4242 4242 7" is no card number, but its first four groups are.
  const groups = run.split(/([ -])/);
  for (let first = 0; first < groups.length; first += 2)
    for (let last = groups.length - 1; last >= first; last -= 2) {
      const candidate = groups.slice(first, last + 1).join('');
      const inner = candidate.replace(/[ -]/g, '');
      if (isCardNumber(inner))
        return `${groups.slice(0, first).join('')}${maskedCard(inner)}${last + 1 < groups.length ? maskRun(groups.slice(last + 1).join('')) : ''}`;
    }
  return run;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
