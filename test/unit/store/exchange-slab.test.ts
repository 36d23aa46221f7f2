import fc from 'fast-check';
import { EntryText, ExchangeSlab, MAX_SLOTS, PackedExchange, SLOT_BYTES } from '../../../src/store/exchange-slab';

/** What an entry and its exchange read back as from a slot: header lists joined as the journal shows them, the answer as text. */
function readBack(entry: EntryText, exchange: PackedExchange, text: string): EntryText & PackedExchange {
  const joined = (headers: PackedExchange['headers']): Record<string, string> =>
    Object.fromEntries(
      Object.entries(headers)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value as string)]),
    );
  return {
    ...entry,
    headers: joined(exchange.headers),
    responseHeaders: joined(exchange.responseHeaders),
    query: exchange.query,
    bodyTruncated: exchange.bodyTruncated,
    params: exchange.params === undefined ? undefined : JSON.parse(JSON.stringify(exchange.params)),
    body: exchange.body,
    responseValue: undefined,
    responseText: text,
  };
}

/** Every string the slot keeps. */
function stringsOf(entry: EntryText, exchange: PackedExchange): string[] {
  const pairs = (headers: PackedExchange['headers']): string[] =>
    Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [name, Array.isArray(value) ? value.join(', ') : value]));
  return [entry.id, entry.method, entry.path, entry.idempotency_key ?? '', exchange.query, ...pairs(exchange.headers), ...pairs(exchange.responseHeaders)];
}

const text = (maxLength = 40) => fc.string({ unit: 'grapheme', maxLength });
const headerValue = fc.oneof(text(), fc.array(fc.string(), { maxLength: 3 }), fc.constant(undefined));
const entryArb = fc.record({
  id: fc.oneof(fc.constant('req_0123456789abcdefABCDEF01'), text()),
  method: fc.constantFrom('GET', 'POST', 'DELETE', 'PATCH'),
  path: fc.oneof(fc.constant('/v1/payments/pay_1'), text(80)),
  idempotency_key: fc.option(text(), { nil: null }),
});
const exchangeArb = fc.record({
  // Names as any string, `__proto__` too: they come back as the names they were.
  headers: fc.dictionary(fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constant('__proto__')), headerValue, { maxKeys: 8 }),
  body: fc.uint8Array({ maxLength: 600 }),
  bodyTruncated: fc.boolean(),
  query: fc.string(),
  params: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }),
  responseHeaders: fc.dictionary(fc.string({ minLength: 1, maxLength: 20 }), fc.string(), { maxKeys: 10 }),
  responseValue: fc.constant(undefined),
  responseText: fc.constant(undefined),
});

describe('ExchangeSlab: the journal entries kept as bytes', () => {
  it('gives back what was packed, for any strings, headers, body, parameters and texts, or says it did not fit', () => {
    fc.assert(
      fc.property(entryArb, exchangeArb, text(2000), (entry, exchange, answer) => {
        const slab = new ExchangeSlab(4);
        const strings = stringsOf(entry, exchange);
        const size =
          Buffer.byteLength(strings.join('')) + Buffer.byteLength(JSON.stringify(exchange.params ?? '')) + exchange.body.length + Buffer.byteLength(answer);
        if (!slab.pack(2, entry, exchange, answer)) {
          // Only an exchange larger than a slot is refused (then the journal keeps it as objects).
          return void expect(size + 2 * strings.length).toBeGreaterThan(SLOT_BYTES - 20);
        }
        expect(size + 2 * strings.length).toBeLessThanOrEqual(SLOT_BYTES - 20);
        const read = slab.unpack(2);
        expect({ ...read, headers: { ...read.headers }, responseHeaders: { ...read.responseHeaders } }).toEqual(readBack(entry, exchange, answer));
        expect(slab.head(2)).toEqual({ id: entry.id, method: entry.method, path: entry.path });
      }),
      { numRuns: 400 },
    );
  });

  it('keeps each string whole, whatever it holds: NUL, a lone surrogate (as U+FFFD), characters of four bytes', () => {
    const slab = new ExchangeSlab(1);
    const odd = ['a\0b', '\ud800x', '😀é\u0000', ''];
    const entry = { id: odd[0] as string, method: 'GET', path: odd[1] as string, idempotency_key: odd[3] as string };
    const headers = { [odd[2] as string]: odd[0] as string, 'x-b': odd[1] as string };
    expect(slab.pack(0, entry, { ...empty(), headers, query: odd[2] as string }, '\0')).toBe(true);
    const read = slab.unpack(0);
    expect(read).toMatchObject({ id: 'a\0b', path: '\ufffdx', idempotency_key: '', query: '😀é\u0000', responseText: '\0' });
    expect({ ...read.headers }).toEqual({ '😀é\u0000': 'a\0b', 'x-b': '\ufffdx' });
    expect(slab.head(0)).toEqual({ id: 'a\0b', method: 'GET', path: '\ufffdx' });
  });

  it('refuses more headers than a slot has room to count', () => {
    const slab = new ExchangeSlab(1);
    const headers = Object.fromEntries(Array.from({ length: SLOT_BYTES / 4 }, (_, i) => [`${i}`, '']));
    expect(slab.pack(0, entry(), { ...empty(), headers }, '')).toBe(false);
  });

  it('keeps a header name such as __proto__ as a name, never as the object’s prototype', () => {
    const slab = new ExchangeSlab(1);
    const headers = JSON.parse('{"__proto__":"x","constructor":"y"}') as Record<string, string>;
    expect(slab.pack(0, entry(), { ...empty(), headers }, '{}')).toBe(true);
    const read = slab.unpack(0).headers;
    expect(Object.entries(read)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('gives back the body bytes exactly, invalid UTF-8 included, as a copy the next exchanges cannot change', () => {
    // One slot: the next exchange is written over this one's bytes, so a view into the slot would change.
    const slab = new ExchangeSlab(1);
    const body = Uint8Array.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x41]);
    slab.pack(0, entry(), { ...empty(), body }, '{}');
    const read = slab.unpack(0).body;
    expect(Array.from(read)).toEqual(Array.from(body));
    slab.pack(0, entry(), { ...empty(), body: Uint8Array.from([1, 2, 3, 4, 5, 6]) }, '{}');
    expect(Array.from(read)).toEqual(Array.from(body));
  });

  it('refuses what is larger than a slot', () => {
    const slab = new ExchangeSlab(1);
    expect(slab.pack(0, entry(), { ...empty(), query: 'kept' }, 'x')).toBe(true);
    expect(slab.pack(0, entry(), empty(), 'é'.repeat(SLOT_BYTES))).toBe(false);
    expect(slab.pack(0, entry(), { ...empty(), body: new Uint8Array(SLOT_BYTES) }, '')).toBe(false);
    expect(slab.pack(0, entry(), { ...empty(), params: { long: 'x'.repeat(SLOT_BYTES) } }, '')).toBe(false);
  });

  it('packs nothing for a journal of 0 or one longer than MAX_SLOTS entries, and every slot of one that long', () => {
    expect(new ExchangeSlab(0).pack(0, entry(), empty(), '')).toBe(false);
    expect(new ExchangeSlab(MAX_SLOTS + 1).pack(0, entry(), empty(), '')).toBe(false);
    expect(new ExchangeSlab(MAX_SLOTS).pack(MAX_SLOTS - 1, entry(), empty(), '')).toBe(true);
  });
});

function entry(): EntryText {
  return { id: 'req_1', method: 'POST', path: '/v1/payments', idempotency_key: null };
}

function empty(): PackedExchange {
  return {
    headers: {},
    body: new Uint8Array(0),
    bodyTruncated: false,
    query: '',
    params: undefined,
    responseHeaders: {},
    responseValue: undefined,
    responseText: '',
  };
}
