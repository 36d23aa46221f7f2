import { closestWords } from './closest-words';

/**
 * The `Warning` header (RFC 7234's `299 - "…"`, a persistent warning) for a list filtered by a type that nothing
 * has: the list is answered as asked (an empty page is a correct answer to the question), and the header says the
 * question named no known type, with the closest ones. Undefined when the type is known, or a known group.
 *
 * @example
 * unknownTypeWarning('payment.succeded', ['payment.succeeded', 'payment.created']);
 * // '299 - "No event type is named payment.succeded. Did you mean payment.succeeded?"'
 */
export function unknownTypeWarning(type: string, known: readonly string[]): string | undefined {
  if (known.includes(type)) return undefined;
  const groups = [...new Set(known.map((name) => `${name.slice(0, name.lastIndexOf('.'))}.*`))];
  if (groups.includes(type)) return undefined;
  const close = closestWords(type, type.endsWith('.*') ? groups : known);
  const hint = close.length ? `Did you mean ${close.join(' or ')}?` : `The mock emits ${known.join(', ')} (or a group such as ${groups[0] ?? 'payment.*'}).`;
  // A header value is visible ASCII: anything else the client sent (and the quote that ends the text) shows as '?'.
  const shown = type.replace(/[^\x20-\x7e]|["\\]/g, '?');
  return `299 - "No event type is named ${shown}. ${hint}"`;
}
