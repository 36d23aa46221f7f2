/**
 * What the text a stored object carries costs on the heap, beyond the fixed cost of the object (which the memory
 * budget counts per object, src/memory/footprint.ts): metadata, a description, a name, an e-mail, a URL. These are
 * what a client chooses the size of (50 metadata values of 500 characters are 30 KB; the payment around them 400
 * B), so counting objects alone missed nearly all of it. `node --expose-gc bench/memory-estimate.js` compares the
 * two: 29.1 KB a payment on the heap, 31.9 KB counted, for 50 values and a description of 500 characters.
 */

/** A string's header on the heap (map, hash, length), beside its characters. */
const STRING_HEADER = 16;
/** One metadata entry beside its value's characters: the value's header and its slot in a dictionary-mode object (key, value, details, and the table's slack). */
const METADATA_ENTRY = 96;

/** The fields whose size a client chooses, under the names every kind serves them by. */
interface SizedFields {
  readonly metadata?: Readonly<Record<string, string>> | null;
  readonly description?: string | null;
  readonly name?: string | null;
  readonly email?: string | null;
  readonly url?: string | null;
}

/**
 * The estimated heap bytes of the text an object (or a payment record, whose fields are named as served) holds:
 * a few field reads and one walk of its metadata, which is empty (one shared object) for most objects.
 * @example storedTextBytes({ metadata: { order: '42' }, description: 'Order 42' }) // 96 + 7 + 16 + 8
 */
export function storedTextBytes(item: SizedFields): number {
  return metadataBytes(item.metadata) + textBytes(item.description) + textBytes(item.name) + textBytes(item.email) + textBytes(item.url);
}

/** The heap bytes of a string field (0 when absent). */
export function textBytes(text: string | null | undefined): number {
  return typeof text === 'string' ? STRING_HEADER + text.length : 0;
}

function metadataBytes(metadata: Readonly<Record<string, string>> | null | undefined): number {
  let bytes = 0;
  // for…in allocates nothing: a payment's create pays one walk of what it was sent.
  for (const key in metadata) bytes += METADATA_ENTRY + key.length + (metadata[key]?.length ?? 0);
  return bytes;
}
