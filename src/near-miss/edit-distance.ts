/**
 * The edit distance of two strings: insertions, deletions, substitutions and swaps of two neighbouring characters,
 * one edit each (the optimal string alignment distance), so `tpye` is one edit from `type`, as a typist sees it.
 * Used only once a request has already failed, to name what was almost right, so it favours clarity over speed.
 *
 * @example
 * editDistance('payment.succeded', 'payment.succeeded'); // 1
 * editDistance('crad', 'card'); // 1
 */
export function editDistance(a: string, b: string): number {
  // Three rows, rotated: no allocation per row.
  let before = new Uint16Array(b.length + 1);
  let previous = new Uint16Array(b.length + 1);
  let current = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const char = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (char === b.charCodeAt(j - 1) ? 0 : 1));
      if (i > 1 && j > 1 && char === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) best = Math.min(best, (before[j - 2] as number) + 1);
      current[j] = best;
    }
    [before, previous, current] = [previous, current, before];
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
