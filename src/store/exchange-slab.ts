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

/** What a slot holds: the exchange without its key record, which is a reference to the store's and kept as one. */
export type PackedExchange = Omit<JournalExchange, 'keyRecord'>;

/** The strings of a journal entry, kept in its slot beside the exchange (the entry's numbers are the journal's). */
export interface EntryText {
  id: string;
  method: string;
  path: string;
  idempotency_key: string | null;
}

/**
 * The journal's exchanges as bytes: each request's strings (id, path, Idempotency-Key, query), headers, body,
 * parameters, answer headers and answer text are copied into a slot of buffers outside the JavaScript heap instead
 * of being kept as objects. A journal entry outlives a thousand requests, so objects kept for it are copied by the
 * young-generation collector, promoted, then collected again from the old generation (docs/performance.md: with the
 * slab a create promotes 422 B, 405 B with no journal at all). Bytes in a buffer cost the collector nothing.
 *
 * The strings are joined into one text, encoded at once, beside their lengths: JSON, or one encoding call a string,
 * would cost more than the copy saves. Slot `n` is the journal's entry `n`.
 */
export class ExchangeSlab {
  /** The slots, 64 to a buffer, each buffer made when first used: a mock that gets ten requests holds one. */
  private readonly chunks: Array<{ bytes: Uint8Array; view: DataView } | undefined> = [];

  /** The slots it packs: none for a journal past MAX_SLOTS, decided once here rather than on every pack. */
  private readonly slots: number;

  constructor(slots: number) {
    this.slots = slots <= MAX_SLOTS ? slots : 0;
  }

  /**
   * Copies an entry's strings and its exchange, with `text` as its answer's whole text, into slot `slot` and says
   * whether all of it fit (a slot is 4 KiB, so an answer past the journal's 16 KiB never does). A slot that did not
   * take it all is left as it is, and no one reads it.
   */
  pack(slot: number, entry: EntryText, exchange: PackedExchange, text: string): boolean {
    if (slot >= this.slots) return false;
    const { headers, responseHeaders, query, params, body } = exchange;
    const names = Object.keys(headers);
    const answerNames = Object.keys(responseHeaders);
    const lengthsEnd = HEAD + 2 * (FIXED_FIELDS + 2 * (names.length + answerNames.length));
    if (lengthsEnd > SLOT_BYTES) return false;
    const { bytes, view } = (this.chunks[slot >> CHUNK_BITS] ??= newChunk());
    const base = (slot & CHUNK_MASK) * SLOT_BYTES;
    let piece = base + HEAD;
    // Each string's length in UTF-16 units goes into the slot, then all of them as one text: decoding gives back
    // as many units (a lone surrogate becomes one U+FFFD), so the lengths cut the text where it was joined.
    const add = (joined: string, next: string): string => {
      view.setUint16(piece, next.length, true);
      piece += 2;
      return joined + next;
    };
    let joined = add(add(add(add(add('', entry.id), entry.method), entry.path), entry.idempotency_key ?? ''), query);
    let requestHeaders = 0;
    for (const name of names) {
      const value = headers[name];
      if (value === undefined) continue;
      joined = add(add(joined, name), typeof value === 'string' ? value : value.join(', '));
      requestHeaders++;
    }
    for (const name of answerNames) joined = add(add(joined, name), String(responseHeaders[name]));
    // The parameters come last: their length is what is left.
    if (params !== undefined) joined += JSON.stringify(params);

    const end = base + SLOT_BYTES;
    let at = piece;
    const joinedLength = writeWhole(bytes, joined, at, end);
    if (joinedLength === undefined) return false;
    at += joinedLength;
    if (body.length > end - at) return false;
    bytes.set(body, at);
    at += body.length;
    const textLength = writeWhole(bytes, text, at, end);
    if (textLength === undefined) return false;
    view.setUint32(base, joinedLength, true);
    view.setUint32(base + 4, body.length, true);
    view.setUint32(base + 8, textLength, true);
    view.setUint16(base + 12, requestHeaders, true);
    view.setUint16(base + 14, answerNames.length, true);
    view.setUint8(
      base + 16,
      (exchange.bodyTruncated ? TRUNCATED : 0) | (params !== undefined ? PARAMS : 0) | (entry.idempotency_key !== null ? IDEMPOTENT : 0),
    );
    return true;
  }

  /** The id, method and path of slot `slot`: what the journal filters by, without copying its body or answer. */
  head(slot: number): Pick<EntryText, 'id' | 'method' | 'path'> {
    const [id = '', method = '', path = ''] = this.read(slot).strings;
    return { id, method, path };
  }

  /** What slot `slot` was last given (the journal knows which of its entries were packed). */
  unpack(slot: number): EntryText & PackedExchange {
    const { bytes, view, base, joinedEnd, strings } = this.read(slot);
    const bodyEnd = joinedEnd + view.getUint32(base + 4, true);
    const textEnd = bodyEnd + view.getUint32(base + 8, true);
    const flags = view.getUint8(base + 16);
    let at = FIXED_FIELDS;
    const pairs = (count: number): Record<string, string> => {
      const out: Record<string, string> = Object.create(null) as Record<string, string>;
      for (let i = 0; i < count; i++, at += 2) out[strings[at] as string] = strings[at + 1] as string;
      return out;
    };
    const [id = '', method = '', path = '', idempotency_key = '', query = ''] = strings;
    return {
      id,
      method,
      path,
      idempotency_key: flags & IDEMPOTENT ? idempotency_key : null,
      query,
      headers: pairs(view.getUint16(base + 12, true)),
      responseHeaders: pairs(view.getUint16(base + 14, true)),
      bodyTruncated: (flags & TRUNCATED) !== 0,
      // The parameters are what follows the last string.
      params: flags & PARAMS ? (JSON.parse(strings[at] as string) as unknown) : undefined,
      // A copy: the slot is written again once the journal has turned.
      body: bytes.slice(joinedEnd, bodyEnd),
      responseValue: undefined,
      responseText: DECODER.decode(bytes.subarray(bodyEnd, textEnd)),
    };
  }

  /** Slot `slot`'s place, and its strings cut where they were joined, then what follows the last (the parameters). */
  private read(slot: number): { bytes: Uint8Array; view: DataView; base: number; joinedEnd: number; strings: string[] } {
    const { bytes, view } = this.chunks[slot >> CHUNK_BITS] as { bytes: Uint8Array; view: DataView };
    const base = (slot & CHUNK_MASK) * SLOT_BYTES;
    const count = FIXED_FIELDS + 2 * (view.getUint16(base + 12, true) + view.getUint16(base + 14, true));
    const joinedStart = base + HEAD + 2 * count;
    const joinedEnd = joinedStart + view.getUint32(base, true);
    const joined = DECODER.decode(bytes.subarray(joinedStart, joinedEnd));
    const strings: string[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) strings.push(joined.slice(at, (at += view.getUint16(base + HEAD + 2 * i, true))));
    strings.push(joined.slice(at));
    return { bytes, view, base, joinedEnd, strings };
  }
}

/** A slot's head: the three lengths, the two header counts, the flags; then each string's length. */
const HEAD = 20;
const TRUNCATED = 1;
const PARAMS = 2;
const IDEMPOTENT = 4;
/** id, method, path, Idempotency-Key, query. */
const FIXED_FIELDS = 5;
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
