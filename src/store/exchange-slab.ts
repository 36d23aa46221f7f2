import type { KeyRecord } from './store';

/**
 * What the journal keeps of one /v1 exchange to show it later, beside the record's cheap fields: what the request
 * sent and what it was answered. It is copied as bytes into the journal's slab and masked or parsed only when
 * someone reads the journal; one that does not fit in a slot is kept as these objects.
 */
export interface JournalExchange {
  /** The headers object Node built for the request: shown, masked and cut, only when read. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as sent; kept as at most its first 16 KiB, never a view into a larger buffer. */
  body: Uint8Array;
  /** The body was longer than 16 KiB (then `body` is its start, and `params` are not kept). */
  bodyTruncated: boolean;
  query: string;
  keyRecord: KeyRecord | undefined;
  params: unknown;
  responseHeaders: Record<string, string>;
  /** What a JSON answer was serialised from (stored objects are immutable): its text need not be kept. */
  responseValue: unknown;
  /** The answer's text (cut past 16 KiB), kept only when there is no value to serialise again. */
  responseText: string | undefined;
}

/** The bytes of one slot: an exchange that needs more (a long body, a long answer) is kept as objects instead. */
export const SLOT_BYTES = 4096;
/** A journal longer than this keeps its exchanges as objects: the slab would be too large to hold unused. */
export const MAX_SLOTS = 8192;
const HEAD = 20;

/** What a slot holds: the exchange without its key record, which is a reference to the store's and kept as one. */
export type PackedExchange = Omit<JournalExchange, 'keyRecord'>;

/** An exchange with nothing in it: what an entry would show if its slot were gone (the journal and the slab turn together, so it is not). */
export const NO_EXCHANGE: Readonly<PackedExchange> = Object.freeze({
  headers: {},
  body: new Uint8Array(0),
  bodyTruncated: false,
  query: '',
  params: undefined,
  responseHeaders: {},
  responseValue: undefined,
  responseText: '',
});

/**
 * The journal's exchanges as bytes: each request's headers, body, parameters, answer headers and answer text are
 * copied into a slot of buffers outside the JavaScript heap instead of being kept as objects. A journal entry
 * outlives a thousand requests, so objects kept for it are copied by the young-generation collector, promoted,
 * then collected again from the old generation: under a load of creates that was two thirds of the collector's
 * work (docs/performance.md). Bytes in a buffer cost the collector nothing. Slot `n % slots` holds exchange `n`,
 * stamped with `n`: the journal's ring turns with the slab's, so a slot is reused only once its entry is gone.
 */
export class ExchangeSlab {
  /** The slots, 64 to a buffer, each buffer made when first used: a mock that gets ten requests holds one. */
  private readonly chunks: Array<{ bytes: Uint8Array; view: DataView } | undefined> = [];
  private next = 0;

  constructor(private readonly slots: number) {}

  /**
   * Copies the exchange, with `text` as its answer's whole text, into the next slot and returns its number;
   * undefined when it does not fit in one (a slot is 4 KiB, so an answer past the journal's 16 KiB never does).
   */
  pack(exchange: PackedExchange, text: string): number | undefined {
    if (this.slots === 0 || this.slots > MAX_SLOTS) return undefined;
    const number = this.next++;
    const slot = number % this.slots;
    const { bytes, view } = (this.chunks[slot >> CHUNK_BITS] ??= newChunk());
    const base = (slot & CHUNK_MASK) * SLOT_BYTES;
    const end = base + SLOT_BYTES;
    // Unstamped while it is written: a slot that does not take the whole exchange is no one's.
    view.setFloat64(base, -1, true);
    const { headers, responseHeaders, query, params, body, bodyTruncated } = exchange;
    const fields = JSON.stringify([headers, responseHeaders, query, bodyTruncated, params === undefined ? 0 : [params]]);
    let at = base + HEAD;
    const fieldsLength = writeWhole(bytes, fields, at, end);
    if (fieldsLength === undefined) return undefined;
    at += fieldsLength;
    if (body.length > end - at) return undefined;
    bytes.set(body, at);
    at += body.length;
    const textLength = writeWhole(bytes, text, at, end);
    if (textLength === undefined) return undefined;
    view.setUint32(base + 8, fieldsLength, true);
    view.setUint32(base + 12, body.length, true);
    view.setUint32(base + 16, textLength, true);
    view.setFloat64(base, number, true);
    return number;
  }

  /** The exchange in slot `number`, or undefined when its slot has been used again since. */
  unpack(number: number): PackedExchange | undefined {
    const slot = number % this.slots;
    const chunk = this.chunks[slot >> CHUNK_BITS];
    if (chunk === undefined) return undefined;
    const { bytes, view } = chunk;
    const base = (slot & CHUNK_MASK) * SLOT_BYTES;
    if (view.getFloat64(base, true) !== number) return undefined;
    const fieldsEnd = base + HEAD + view.getUint32(base + 8, true);
    const bodyEnd = fieldsEnd + view.getUint32(base + 12, true);
    const textEnd = bodyEnd + view.getUint32(base + 16, true);
    const [headers, responseHeaders, query, bodyTruncated, params] = JSON.parse(DECODER.decode(bytes.subarray(base + HEAD, fieldsEnd))) as [
      PackedExchange['headers'],
      Record<string, string>,
      string,
      boolean,
      0 | [unknown],
    ];
    return {
      headers,
      responseHeaders,
      query,
      bodyTruncated,
      params: params === 0 ? undefined : params[0],
      // A copy: the slot is written again once the journal has turned.
      body: bytes.slice(fieldsEnd, bodyEnd),
      responseValue: undefined,
      responseText: DECODER.decode(bytes.subarray(bodyEnd, textEnd)),
    };
  }
}

const CHUNK_BITS = 6;
const CHUNK_MASK = (1 << CHUNK_BITS) - 1;

/** 64 slots (256 KiB) outside the heap: plain bytes and a DataView, since a browser page has no Buffer. */
function newChunk(): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(SLOT_BYTES << CHUNK_BITS);
  return { bytes, view: new DataView(bytes.buffer) };
}

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();

/** Writes the whole of `text` at `at` and returns its length in bytes, or undefined when it does not fit before `end`. */
function writeWhole(bytes: Uint8Array, text: string, at: number, end: number): number | undefined {
  // At least a byte a UTF-16 unit: a text longer than the room is not encoded only to find it does not fit.
  if (text.length > end - at) return undefined;
  const { read, written } = ENCODER.encodeInto(text, bytes.subarray(at, end));
  return read === text.length ? written : undefined;
}
