import { paymentFee, refundedFee } from '../../../src/domain/fees';

describe('paymentFee', () => {
  it.each([
    ['2.9% plus 30 on a usual amount', 2000, 'usd', 88],
    ['2.9% plus 30 on eur as on usd', 10000, 'eur', 320],
    ['never above the amount: 1 usd costs 1', 1, 'usd', 1],
    ['never above the amount: 30 usd costs 30', 30, 'usd', 30],
    ['just above the cap the percentage starts to show', 31, 'usd', 31],
    ['zero-decimal currencies have no fixed part: 1000 jpy costs 29', 1000, 'jpy', 29],
    ['zero-decimal currencies have no fixed part: krw', 10000, 'krw', 290],
    ['a zero-decimal amount too small for a percentage costs 0', 10, 'jpy', 0],
    ['half a unit rounds up: 2.9% of 500 is 14.5 → 15', 500, 'usd', 45],
    ['half a unit rounds up: 2.9% of 1500 is 43.5 → 44', 1500, 'usd', 74],
    ['half a unit rounds up on zero-decimal currencies too: 2.9% of 50 is 1.45 → 1', 50, 'jpy', 1],
    ['under a half rounds down: 2.9% of 1017 is 29.493 → 29', 1017, 'usd', 59],
    ['over a half rounds up: 2.9% of 501 is 14.529 → 15', 501, 'usd', 45],
    ['the largest amount is exact, with no floating-point drift', 99_999_999, 'usd', 2_900_030],
  ])('%s', (_rule, amount, currency, fee) => {
    expect(paymentFee(amount, currency)).toBe(fee);
  });

  it.each([
    ['usd', 500, 45],
    ['usd', 2500, 103],
    ['jpy', 500, 15],
    ['jpy', 2500, 73],
  ])('rounds an exact half up, never to even (%s %i)', (currency, amount, fee) => {
    expect(paymentFee(amount, currency)).toBe(fee);
  });
});

describe('refundedFee', () => {
  const payment = { amount: 2000, fee: 88 };

  it.each([
    ['a full refund returns the whole fee', 2000, 0, 0, 88],
    ['half the amount returns half the fee', 1000, 0, 0, 44],
    ['a quarter returns a quarter', 500, 0, 0, 22],
    ['the share rounds half up: 88 × 250 / 2000 = 11', 250, 0, 0, 11],
    ['the share rounds half up: 88 × 125 / 2000 = 5.5 → 6', 125, 0, 0, 6],
    ['the share rounds down below a half: 88 × 1 / 2000 = 0.044 → 0', 1, 0, 0, 0],
    ['the refund that empties the payment takes the remainder, not its share', 1000, 43, 1000, 45],
    ['after many small refunds the last one still makes the total exact', 1, 87, 1999, 1],
    ['the remainder can be zero when earlier shares already rounded up to the whole fee', 1, 88, 1999, 0],
  ])('%s', (_rule, refund, feeSoFar, refundedSoFar, expected) => {
    expect(refundedFee(payment, refund, feeSoFar, refundedSoFar)).toBe(expected);
  });

  it('never returns more fee than is left, even when rounding would overshoot', () => {
    // Three refunds of 1 on a payment of 3 with fee 2: each share is 0.67 → 1, which would return 3 in total.
    const small = { amount: 3, fee: 2 };
    const first = refundedFee(small, 1, 0, 0);
    const second = refundedFee(small, 1, first, 1);
    const third = refundedFee(small, 1, first + second, 2);
    expect([first, second, third]).toEqual([1, 1, 0]);
    expect(first + second + third).toBe(small.fee);
  });

  it.each([
    ['usd, two halves', 2000, 'usd', [1000, 1000]],
    ['usd, uneven thirds', 1000, 'usd', [333, 333, 334]],
    ['usd, one unit at a time', 7, 'usd', [1, 1, 1, 1, 1, 1, 1]],
    ['jpy, odd pieces', 1001, 'jpy', [1, 500, 499, 1]],
    ['usd, a large payment in primes', 99_999_999, 'usd', [7, 13, 99_999_979]],
  ])('refunds that empty a payment return exactly its fee in total (%s)', (_rule, amount, currency, pieces) => {
    const fee = paymentFee(amount, currency);
    let feeSoFar = 0;
    let refundedSoFar = 0;
    for (const piece of pieces) {
      const share = refundedFee({ amount, fee }, piece, feeSoFar, refundedSoFar);
      expect(share).toBeGreaterThanOrEqual(0);
      feeSoFar += share;
      refundedSoFar += piece;
    }
    expect(refundedSoFar).toBe(amount);
    expect(feeSoFar).toBe(fee);
  });
});
