/**
 * The Levenshtein distance of two strings (insertions, deletions and substitutions of one character each).
 * Used only once a request has already failed, to name what was almost right, so it favours clarity over speed.
 *
 * @example
 * editDistance('payment.succeded', 'payment.succeeded'); // 1
 */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/**
 * How far apart two words are, from 0 (equal) to 1 (nothing in common): the edit distance over the longer length.
 * Case alone costs a little, so `Payments` is near `payments` but not equal to it.
 *
 * @example
 * wordDistance('payment', 'payments'); // 0.125
 */
export function wordDistance(a: string, b: string): number {
  if (a === b) return 0;
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA === lowerB) return 0.1;
  return editDistance(lowerA, lowerB) / Math.max(lowerA.length, lowerB.length, 1);
}
