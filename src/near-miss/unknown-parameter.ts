import { closestWords } from './closest-words';

/**
 * What an unknown parameter almost was, as the end of its error message: the closest accepted name (by
 * {@link closestWords}, the same measure and threshold as every other near miss), else the names accepted there,
 * else that the endpoint takes none. `nameOf` writes a name as the client would send it (`card[number]`).
 *
 * @example
 * unknownParameterHint('amout', ['amount', 'currency'], (name) => name); // ' Did you mean amount?'
 */
export function unknownParameterHint(unknown: string, known: readonly string[], nameOf: (name: string) => string): string {
  const guess = closestWords(unknown, known, 1)[0];
  if (guess !== undefined) return ` Did you mean ${nameOf(guess)}?`;
  return known.length ? ` Accepted here: ${known.join(', ')}.` : ' This endpoint takes no parameters.';
}
