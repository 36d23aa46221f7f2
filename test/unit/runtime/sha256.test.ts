import { createHash, createHmac } from 'node:crypto';
import { fromBase64, toBase64, toBase64Url, toHex, utf8Bytes } from '../../../src/runtime/bytes';
import { hmacSha256, sha256 } from '../../../src/runtime/sha256';

/** The plain-JavaScript SHA-256 and HMAC (used where node:crypto is missing, a browser page) give node:crypto's bytes. */
const TEXTS = ['', 'abc', 'é ✓ 😀', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'y'.repeat(1000)];

describe('the plain-JavaScript SHA-256', () => {
  it.each(TEXTS.map((text) => [text.length, text]))('hashes a %i-character text as node:crypto does', (_length, text) => {
    expect(toHex(sha256(utf8Bytes(text)))).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it.each([
    ['a short key', 'whsec_abc'],
    ['a key longer than a block', 'k'.repeat(100)],
  ])('signs with HMAC under %s as node:crypto does', (_name, key) => {
    for (const text of TEXTS) expect(toHex(hmacSha256(utf8Bytes(key), utf8Bytes(text)))).toBe(createHmac('sha256', key).update(text).digest('hex'));
  });
});

describe('base64 without Buffer', () => {
  it.each([[''], ['f'], ['fo'], ['foo'], ['\u00ff\u0000binary']])('encodes and decodes %j as Buffer does', (text) => {
    const bytes = Buffer.from(text, 'latin1');
    expect(toBase64(bytes)).toBe(bytes.toString('base64'));
    expect(toBase64Url(bytes)).toBe(bytes.toString('base64url'));
    expect(Buffer.from(fromBase64(bytes.toString('base64'))).equals(bytes)).toBe(true);
  });

  it('decodes leniently, as Buffer does: padding optional, URL-safe letters and stray characters accepted', () => {
    expect(Buffer.from(fromBase64('c2tfdGVzdDo')).toString()).toBe('sk_test:');
    expect(Buffer.from(fromBase64('c2t f-_')).toString('base64')).toBe(Buffer.from('c2t f-_', 'base64').toString('base64'));
  });
});
