import fc from 'fast-check';
import { IdCodec } from '../../../src/store/ids';
import { Random } from '../../../src/store/random';

const key = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()).map((words) => new IdCodec(words as [number, number, number, number]));
const number = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const prefix = fc.constantFrom('pay', 'evt', 'req', 'cus', 're', 'pm', 'whd');

describe('IdCodec', () => {
  it('makes ids that look as ids always have, and reads each back to its number', () => {
    fc.assert(
      fc.property(key, prefix, number, (ids, head, n) => {
        const id = ids.make(head, n);
        expect(id).toMatch(new RegExp(`^${head}_[0-9A-Za-z]{24}$`));
        expect(ids.numberOf(head, id)).toBe(n);
        expect(ids.make(head, n)).toBe(id);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads an id another codec of the same key made, then makes that same id for its number', () => {
    fc.assert(
      fc.property(key, prefix, number, number, (ids, head, n, m) => {
        const twin = new IdCodec(ids.key);
        const id = twin.make(head, n);
        ids.make(head, m);
        expect(ids.numberOf(head, id)).toBe(n);
        expect(ids.make(head, n)).toBe(id);
        expect(ids.make(head, m)).toBe(twin.make(head, m));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives different numbers different ids, and another key other ids it does not read as its own', () => {
    fc.assert(
      fc.property(key, key, prefix, number, number, (ids, other, head, a, b) => {
        fc.pre(a !== b && ids.key.some((word, i) => word !== other.key[i]));
        expect(ids.make(head, a)).not.toBe(ids.make(head, b));
        expect(ids.make(head, a)).not.toBe(other.make(head, a));
        expect(ids.numberOf(head, other.make(head, a))).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  });

  it('reads no number from what it did not make: another prefix, a changed character, any other string', () => {
    const ids = new IdCodec(new Random(1));
    const id = ids.make('pay', 42);
    expect(ids.numberOf('evt', id)).toBeUndefined();
    for (let i = 4; i < id.length; i++) {
      const changed = id.slice(0, i) + (id[i] === 'a' ? 'b' : 'a') + id.slice(i + 1);
      expect(ids.numberOf('pay', changed)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.stringMatching(/^pay_[0-9A-Za-z]{24}$/), (text, lookalike) => {
        expect(ids.numberOf('pay', text)).toBeUndefined();
        // A random lookalike reads as a number only if it is exactly the id made of it (2^-107 odds).
        const n = ids.numberOf('pay', lookalike);
        if (n !== undefined) expect(ids.make('pay', n)).toBe(lookalike);
      }),
      { numRuns: 2000 },
    );
  });

  it('derives a client secret from the number: the same every time, different for each payment', () => {
    const ids = new IdCodec(new Random(1));
    const [a, b] = [ids.make('pay', 1), ids.make('pay', 2)];
    expect(ids.secret(a, 1)).toMatch(new RegExp(`^${a}_secret_[0-9A-Za-z]{24}$`));
    expect(ids.secret(a, 1)).toBe(ids.secret(a, 1));
    expect(ids.secret(b, 2).slice(-24)).not.toBe(ids.secret(a, 1).slice(-24));
  });

  it('draws its key from a seeded source: the same seed gives the same ids', () => {
    expect(new IdCodec(new Random(7)).make('pay', 1)).toBe(new IdCodec(new Random(7)).make('pay', 1));
    expect(new IdCodec(new Random(7)).make('pay', 1)).not.toBe(new IdCodec(new Random(8)).make('pay', 1));
  });
});
