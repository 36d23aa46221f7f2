/**
 * The Levenshtein distance of two strings (insertions, deletions and substitutions of one character each).
 * Used only once a request has already failed, to name what was almost right, so it favours clarity over speed.
 *
 * @example
 * editDistance('payment.succeded', 'payment.succeeded'); // 1
 */
export function editDistance(a: string, b: string): number {
  // Two rows, swapped: no allocation per row.
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (char === b.charCodeAt(j - 1) ? 0 : 1));
    }
    [previous, current] = [current, previous];
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
  const longer = Math.max(lowerA.length, lowerB.length, 1);
  // The distance is at least the difference in length: words of very different lengths need no table.
  if (Math.abs(lowerA.length - lowerB.length) / longer >= 0.5) return Math.abs(lowerA.length - lowerB.length) / longer;
  return editDistance(lowerA, lowerB) / Math.max(lowerA.length, lowerB.length, 1);
}
