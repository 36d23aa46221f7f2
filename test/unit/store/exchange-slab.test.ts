import fc from 'fast-check';
import { ExchangeSlab, MAX_SLOTS, NO_EXCHANGE, PackedExchange, SLOT_BYTES } from '../../../src/store/exchange-slab';

/** What an exchange reads back as from a slot: its fields as JSON keeps them (what the journal shows), its answer as text. */
function readBack(exchange: PackedExchange, text: string): PackedExchange {
  const { headers, responseHeaders, query, bodyTruncated, params } = exchange;
  const json = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
  return {
    ...(json({ headers, responseHeaders, query, bodyTruncated }) as Pick<PackedExchange, 'headers' | 'responseHeaders' | 'query' | 'bodyTruncated'>),
    params: json(params),
    body: exchange.body,
    responseValue: undefined,
    responseText: text,
  };
}

const headerValue = fc.oneof(fc.string({ unit: 'grapheme' }), fc.array(fc.string(), { maxLength: 3 }));
const exchangeArb = fc.record({
  headers: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), headerValue, { maxKeys: 8 }),
  body: fc.uint8Array({ maxLength: 600 }),
  bodyTruncated: fc.boolean(),
  query: fc.string(),
  params: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }),
  responseHeaders: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string(), { maxKeys: 10 }),
  responseValue: fc.constant(undefined),
  responseText: fc.constant(undefined),
});

describe('ExchangeSlab: the journal exchanges kept as bytes', () => {
  it('gives back what was packed, for any headers, body, parameters and texts, or says it did not fit', () => {
    fc.assert(
      fc.property(exchangeArb, fc.string({ unit: 'grapheme', maxLength: 2000 }), (exchange, text) => {
        const slab = new ExchangeSlab(4);
        const number = slab.pack(exchange, text);
        const fields = JSON.stringify([exchange.headers, exchange.responseHeaders, exchange.query, exchange.bodyTruncated, [exchange.params]]);
        const size = Buffer.byteLength(fields) + exchange.body.length + Buffer.byteLength(text);
        // Only an exchange larger than a slot is refused (then the journal keeps it as objects).
        if (number === undefined) return void expect(size).toBeGreaterThan(SLOT_BYTES - 20);
        expect(size).toBeLessThanOrEqual(SLOT_BYTES);
        expect(slab.unpack(number)).toEqual(readBack(exchange, text));
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the body bytes exactly, invalid UTF-8 included, as a copy the next exchanges cannot change', () => {
    // One slot: the next exchange is written over this one's bytes, so a view into the slot would change.
    const slab = new ExchangeSlab(1);
    const body = Uint8Array.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x41]);
    const number = slab.pack({ ...empty(), body }, '{}') as number;
    const read = slab.unpack(number)!.body;
    expect(Array.from(read)).toEqual(Array.from(body));
    slab.pack({ ...empty(), body: Uint8Array.from([1, 2, 3, 4, 5, 6]) }, '{}');
    expect(Array.from(read)).toEqual(Array.from(body));
  });

  it("knows a slot used again: an old number reads as gone, never as another exchange's", () => {
    const slab = new ExchangeSlab(2);
    const first = slab.pack({ ...empty(), query: 'first' }, 'a') as number;
    expect(slab.unpack(first)?.query).toBe('first');
    slab.pack({ ...empty(), query: 'second' }, 'b');
    const third = slab.pack({ ...empty(), query: 'third' }, 'c') as number;
    expect(slab.unpack(third)?.query).toBe('third');
    expect(slab.unpack(first)).toBeUndefined();
  });

  it('refuses what is larger than a slot, and leaves the slot no one’s', () => {
    const slab = new ExchangeSlab(1);
    const kept = slab.pack({ ...empty(), query: 'kept' }, 'x') as number;
    expect(slab.pack(empty(), 'é'.repeat(SLOT_BYTES))).toBeUndefined();
    expect(slab.pack({ ...empty(), body: new Uint8Array(SLOT_BYTES) }, '')).toBeUndefined();
    expect(slab.unpack(kept)).toBeUndefined();
    expect(slab.unpack(kept + 1)).toBeUndefined();
  });

  it('packs nothing for a journal of 0 or one longer than MAX_SLOTS entries', () => {
    expect(new ExchangeSlab(0).pack(empty(), '')).toBeUndefined();
    expect(new ExchangeSlab(MAX_SLOTS + 1).pack(empty(), '')).toBeUndefined();
  });
});

function empty(): PackedExchange {
  return { ...NO_EXCHANGE };
}
