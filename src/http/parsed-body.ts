import { deeperThan, formText } from '../form-text';

/** Past this depth a parsed body is cut: the pipeline refuses anything past 8 levels anyway, with its own message. */
const KEPT_DEPTH = 16;

/**
 * Turns a body that an embedding host app already parsed (`express.json()`, `express.urlencoded()`,
 * `body-parser`'s json/urlencoded/text/raw) back into the bytes the client sent, as far as they matter: the
 * same parameters in the same wire format. The mock then parses and validates them exactly as it does
 * standalone, so an embedded mock refuses the same unknown parameters and coerces form integers the same way.
 *
 * @example reencodeParsedBody('application/x-www-form-urlencoded', { metadata: { order: '42' } }) // metadata[order]=42
 */
export function reencodeParsedBody(contentType: string | undefined, parsed: unknown): Buffer {
  if (parsed === undefined || parsed === null) return Buffer.alloc(0);
  if (Buffer.isBuffer(parsed)) return parsed;
  if (typeof parsed === 'string') return Buffer.from(parsed);
  // Encoding recurses, and a host's JSON parser takes any depth: a hostile body is cut to a depth the pipeline then
  // refuses ("nested more than 8 levels deep"), as it refuses the same body sent to the mock standalone.
  if (deeperThan(parsed, KEPT_DEPTH)) parsed = cut(parsed, KEPT_DEPTH);
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-www-form-urlencoded') {
    // A parser that found no parameters leaves {}: the client sent an empty body.
    return Buffer.from(formText(parsed as Record<string, unknown>));
  }
  return Buffer.from(JSON.stringify(parsed));
}

/** A copy of `value` down to `levels` deep, with what nests below that as an empty text (still that deep). */
function cut(value: unknown, levels: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (levels === 0) return '';
  if (Array.isArray(value)) return value.map((item) => cut(item, levels - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cut(item, levels - 1)]));
}
