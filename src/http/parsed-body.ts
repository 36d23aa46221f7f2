import { formText } from '../form-text';

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
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/x-www-form-urlencoded') {
    // A parser that found no parameters leaves {}: the client sent an empty body.
    return Buffer.from(formText(parsed as Record<string, unknown>));
  }
  return Buffer.from(JSON.stringify(parsed));
}
