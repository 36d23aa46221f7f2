import { fromBase64, toBase64, toHex, utf8Bytes } from './bytes';
import { nodeBuiltin } from './platform';
import { hmacSha256 as jsHmac, sha256 as jsSha256 } from './sha256';

type NodeCrypto = typeof import('node:crypto');
let nodeCrypto: NodeCrypto | null | undefined;

/** `node:crypto` on Node (loaded on first use: most servers never hash), else null. */
function native(): NodeCrypto | null {
  if (nodeCrypto === undefined) nodeCrypto = nodeBuiltin<NodeCrypto>('node:crypto') ?? null;
  return nodeCrypto;
}

/**
 * SHA-256 of a text's UTF-8 bytes, in hex: `node:crypto` on Node, plain JavaScript elsewhere (same bytes).
 * @example sha256Hex('abc') // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export function sha256Hex(text: string): string {
  const crypto = native();
  return crypto ? crypto.createHash('sha256').update(text).digest('hex') : toHex(jsSha256(utf8Bytes(text)));
}

/**
 * HMAC-SHA256 of a text under a key (a text's UTF-8 bytes, or raw bytes), in hex or base64.
 * @example hmacSha256('whsec_…', '1767225600.{"id":"evt_…"}', 'hex')
 */
export function hmacSha256(key: string | Uint8Array, text: string, encoding: 'hex' | 'base64'): string {
  const crypto = native();
  if (crypto) return crypto.createHmac('sha256', key).update(text, 'utf8').digest(encoding);
  const mac = jsHmac(typeof key === 'string' ? utf8Bytes(key) : key, utf8Bytes(text));
  return encoding === 'hex' ? toHex(mac) : toBase64(mac);
}

/**
 * Whether two texts are equal, in time that depends only on their lengths' hashes: both are hashed first, so
 * neither the length nor a common prefix of a secret leaks through response times.
 * @example sameSecret(given, token)
 */
export function sameSecret(a: string, b: string): boolean {
  const left = fromBase64(hmacSha256('payments-mock', a, 'base64'));
  const right = fromBase64(hmacSha256('payments-mock', b, 'base64'));
  let difference = 0;
  for (let i = 0; i < left.length; i++) difference |= (left[i] as number) ^ (right[i] as number);
  return difference === 0;
}

/**
 * Random bytes from the platform's secure source (Web Crypto, in Node and browsers alike).
 * @example randomBytes(18)
 */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}
