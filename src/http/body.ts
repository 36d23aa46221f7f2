import { ApiError } from '../errors/api-error';
import { formObject, parseForm } from './form';

/** Strict UTF-8: invalid bytes are a malformed body, not silently replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(body: Uint8Array): string {
  try {
    return UTF8.decode(body);
  } catch {
    throw new ApiError('body_invalid', 'The body is not valid UTF-8: encode it as UTF-8.');
  }
}

const FORM_TYPE = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/** Request bodies larger than this are refused with 413 before they are read further. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ParsedBody {
  params: Record<string, unknown>;
  /** Form bodies carry every value as a string; JSON bodies carry real types. */
  fromText: boolean;
}

/**
 * Parses a request body by its Content-Type: JSON or form-encoded, UTF-8. An empty body is no parameters,
 * whatever the type; anything else is 415.
 */
export function parseBody(contentType: string | undefined, body: Uint8Array): ParsedBody {
  if (body.length === 0) return { params: formObject(), fromText: true };
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === FORM_TYPE) return { params: parseForm(decodeUtf8(body)), fromText: true };
  if (mediaType === JSON_TYPE || mediaType.endsWith('+json')) {
    const text = decodeUtf8(body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new ApiError('body_invalid', `Invalid JSON body: ${(error as Error).message}.`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ApiError('body_invalid', 'The JSON body must be an object of parameters, like {"amount": 2000, "currency": "usd"}.');
    }
    return { params: parsed as Record<string, unknown>, fromText: false };
  }
  const given = mediaType ? `"${mediaType.slice(0, 100)}"` : 'no Content-Type';
  throw new ApiError('content_type_unsupported', `Unsupported body type ${given}: use application/x-www-form-urlencoded or application/json.`);
}

/** The media type of a Content-Type, lower-cased; a charset other than UTF-8 (or its ASCII subset) is 415. */
function mediaTypeOf(contentType: string | undefined): string {
  // The two types nearly every client sends, exactly as written here, need no parsing.
  if (contentType === FORM_TYPE || contentType === JSON_TYPE) return contentType;
  const [mediaType = '', ...attributes] = (contentType ?? '')
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  const charset = attributes
    .find((attribute) => attribute.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8' && charset !== 'us-ascii') {
    throw new ApiError('content_type_unsupported', `Unsupported charset "${charset}": send the body as UTF-8.`);
  }
  return mediaType;
}
