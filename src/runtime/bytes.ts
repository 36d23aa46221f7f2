/**
 * Bytes and text without Node's `Buffer` (a browser page has none): UTF-8 through TextEncoder/TextDecoder, base64
 * through `btoa`/`atob`, which Node has too.
 */
const ENCODER = new TextEncoder();
const LENIENT = new TextDecoder('utf-8');

/** @example utf8Bytes('é') // Uint8Array [0xc3, 0xa9] */
export function utf8Bytes(text: string): Uint8Array {
  return ENCODER.encode(text);
}

/** Bytes as text; invalid UTF-8 becomes U+FFFD (for showing what was sent, never for parsing). @example utf8Text(bytes) */
export function utf8Text(bytes: Uint8Array): string {
  return LENIENT.decode(bytes);
}

/** @example toHex(new Uint8Array([1, 255])) // '01ff' */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** @example toBase64(new Uint8Array([255])) // '/w==' */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Base64 without padding, `-` and `_` for `+` and `/` (URL-safe). @example toBase64Url(new Uint8Array([255])) // '_w' */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Decodes base64 as leniently as Node's `Buffer.from(text, 'base64')`: characters outside the alphabet are
 * skipped, URL-safe letters accepted, padding optional.
 * @example fromBase64('/w') // Uint8Array [255]
 */
export function fromBase64(text: string): Uint8Array {
  let clean = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .replace(/[^A-Za-z0-9+/]/g, '');
  if (clean.length % 4 === 1) clean = clean.slice(0, -1);
  const binary = atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
