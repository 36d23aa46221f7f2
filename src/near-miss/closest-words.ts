import { wordDistance } from './edit-distance';

/** A word further than this from every candidate (share of its characters changed) has no close one. */
const MAX_WORD_DISTANCE = 0.4;

/**
 * The candidates nearest to a word, best first: those within a few edits of it, and at most `limit` of them, all
 * equally near the best (so one clear typo names one word, and a tie names each).
 *
 * @example
 * closestWords('payment.succeded', ['payment.succeeded', 'payment.created']); // ['payment.succeeded']
 */
export function closestWords(word: string, candidates: readonly string[], limit = 3): string[] {
  const scored = candidates
    .map((candidate) => ({ candidate, distance: wordDistance(word, candidate) }))
    .filter(({ distance }) => distance <= MAX_WORD_DISTANCE);
  if (scored.length === 0) return [];
  scored.sort((a, b) => a.distance - b.distance);
  const best = (scored[0] as { distance: number }).distance;
  return scored
    .filter(({ distance }) => distance <= best + 0.05)
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/**
 * Names the candidates as a sentence does: `a`, `a or b`, `a, b or c`.
 *
 * @example
 * anyOf(['GET /v1/payments', 'GET /v1/payments/{id}']); // 'GET /v1/payments or GET /v1/payments/{id}'
 */
export function anyOf(words: readonly string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : (words[0] ?? '');
}
