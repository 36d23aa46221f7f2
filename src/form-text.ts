/**
 * Parameters as the form text clients send (Stripe's libraries do the same): nested objects and arrays with
 * brackets, `metadata[order]=42`, `enabled_events[]=payment.*`, brackets left readable in journals and logs;
 * null is the empty value (`description=`, which unsets in the API), undefined is left out. A lone surrogate
 * (valid in JSON, not in UTF-8) is sent as U+FFFD, as TextEncoder would. The one encoder for flows, the MCP
 * server and bodies an embedding app parsed before the mock saw them.
 *
 * @example formText({ amount: 2000, metadata: { order: '4 2' } }) // 'amount=2000&metadata[order]=4%202'
 */
export function formText(params: Record<string, unknown>): string {
  return formPairs(params)
    .map(([name, value]) => `${encode(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encode(value)}`)
    .join('&');
}

/**
 * The same parameters as name/value pairs before percent-encoding, in the order formText sends them: what a
 * nested value means in bracket form, for a caller that compares it with names already in bracket form (trigger
 * overrides given both ways).
 *
 * @example formPairs({ amount: 2000, metadata: { order: 42 } }) // [['amount', '2000'], ['metadata[order]', '42']]
 */
export function formPairs(params: Record<string, unknown>): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const add = (name: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) for (const item of value) add(`${name}[]`, item);
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) add(`${name}[${key}]`, item);
    else pairs.push([name, value === null ? '' : String(value)]);
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  return pairs;
}

/**
 * Whether a value nests objects or lists more than `levels` deep. Checked before encoding, which recurses: a
 * hostile value (JSON parses 100,000 levels happily) would overflow the stack there.
 *
 * @example deeperThan({ a: { b: 1 } }, 1) // true
 */
export function deeperThan(value: unknown, levels: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (levels === 0) return true;
  for (const item of Object.values(value)) if (deeperThan(item, levels - 1)) return true;
  return false;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent, which throws on a lone surrogate: that becomes U+FFFD first. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
  }
}
