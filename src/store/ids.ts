import { mix32 as mix, Random } from './random';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const CODES = Uint8Array.from(ALPHABET, (char) => char.charCodeAt(0));
/** Character code → its base62 digit, or 255. */
const DIGIT = new Uint8Array(128).fill(255);
CODES.forEach((code, value) => (DIGIT[code] = value));
/** An id's body: `pay_` + 24 characters, as ids have always looked. */
const BODY = 24;
/** The body's first characters carry the scrambled number: 62⁶ > 13 × 2³², so every 32-bit value fits with room to vary the first character. */
const NUMBER_CHARS = 6;
const LIFTS = 13;
const TWO_32 = 2 ** 32;
/** Odd multipliers of the scramble and their inverses modulo 2³² (Newton's iteration: each step doubles the correct bits). */
const MULTIPLIERS = [0x7feb352d, 0x846ca68b, 0x2c1b3c6d];
const INVERSES = MULTIPLIERS.map((odd) => {
  let inverse = odd;
  for (let i = 0; i < 5; i++) inverse = Math.imul(inverse, 2 - Math.imul(odd, inverse));
  return inverse;
});

/** The id key of a store as a state file keeps it: four 32-bit words. */
export type IdKey = [number, number, number, number];

/**
 * Ids made from numbers. A store numbers what it makes with one counter (its `seq`), and an id is that number
 * scrambled under the store's secret key and spelled in base62, padded with characters the key derives from it:
 * `pay_` + 24 characters, unguessable without the key and different for every seed, as ids were when each was 24
 * random draws. So a stored payment or event keeps its id as a small number (no string of its own: 48 bytes less,
 * and its client secret another 80), and an id a client sends is read back to that number to find it.
 *
 * An id this key did not make (written by hand in a fixture, or by an older version or another seed in a state
 * file) reads as no number: the collections keep such ids as strings.
 *
 * @example
 * const ids = new IdCodec(new Random(42).int(0, 2 ** 32 - 1));
 * const id = ids.make('pay', 7); // 'pay_' + 24 characters, the same for key and number every time
 * ids.numberOf('pay', id); // 7
 */
export class IdCodec {
  readonly key: IdKey;

  constructor(key: IdKey | Random) {
    this.key = Array.isArray(key) ? (key.map((word) => word >>> 0) as IdKey) : [word(key), word(key), word(key), word(key)];
  }

  // The id and the secret made last, remembered: a create reads back what it just made (to store it as a number).
  private lastPrefix = '';
  private lastN = -1;
  private lastId = '';
  private lastSecretOf = '';
  private lastSecret = '';

  /** The id of number `n` (an integer in [0, 2³²)) with this prefix. */
  make(prefix: string, n: number): string {
    if (n === this.lastN && prefix === this.lastPrefix) return this.lastId;
    return this.remember(prefix, n, prefix + '_' + this.body(prefix, n));
  }

  /** The client secret of the payment numbered `n`: `<id>_secret_` + 24 characters derived like an id's. */
  secret(id: string, n: number): string {
    if (id === this.lastSecretOf) return this.lastSecret;
    this.tail(SECRET_SALT, n, 0, BODY);
    this.lastSecretOf = id;
    this.lastSecret = id + '_secret_' + text();
    return this.lastSecret;
  }

  /** The number an id of ours stands for, or undefined when this key did not make it (or it is no id at all). */
  numberOf(prefix: string, id: string): number | undefined {
    if (id === this.lastId && prefix === this.lastPrefix) return this.lastN;
    if (id.length !== prefix.length + 1 + BODY || id.charCodeAt(prefix.length) !== 0x5f || !id.startsWith(prefix)) return undefined;
    let value = 0;
    for (let i = prefix.length + 1; i < prefix.length + 1 + NUMBER_CHARS; i++) {
      const digit = DIGIT[id.charCodeAt(i) & 127] as number;
      if (digit === 255 || id.charCodeAt(i) > 127) return undefined;
      value = value * 62 + digit;
    }
    const n = this.unscramble(hashOf(prefix), value % TWO_32);
    // Only the id this key makes of n is ours: any other spelling of the same six characters is not. Compared in
    // the scratch body, without making the string; a match is then remembered as the id `make` would give.
    this.spell(prefix, n);
    for (let i = 0; i < BODY; i++) if (SCRATCH[i] !== id.charCodeAt(prefix.length + 1 + i)) return undefined;
    this.remember(prefix, n, id);
    return n;
  }

  /** Keeps `id` as the id of number `n` with this prefix, for the next `make` or `numberOf` of it. */
  private remember(prefix: string, n: number, id: string): string {
    this.lastPrefix = prefix;
    this.lastN = n;
    this.lastId = id;
    return id;
  }

  private body(prefix: string, n: number): string {
    this.spell(prefix, n);
    return text();
  }

  /** Spells the body of number `n` with this prefix into the scratch body. */
  private spell(prefix: string, n: number): void {
    const salt = hashOf(prefix);
    const scrambled = this.scramble(salt, n >>> 0);
    // Which of the 13 spellings of the number: spreads the first character over the whole alphabet.
    let lifted = scrambled + TWO_32 * (mix(scrambled ^ this.key[3]) % LIFTS);
    for (let i = NUMBER_CHARS - 1; i >= 0; i--) {
      SCRATCH[i] = CODES[lifted % 62] as number;
      lifted = Math.floor(lifted / 62);
    }
    this.tail(salt, scrambled, NUMBER_CHARS, BODY);
  }

  /** Characters `from` to `to` of the scratch body, derived by the key from `value` and a salt: sfc32 seeded with them. */
  private tail(salt: number, value: number, from: number, to: number): void {
    let a = this.key[0] ^ value;
    let b = this.key[1] ^ salt;
    let c = this.key[2];
    let d = 1;
    for (let i = from - 8; i < to; i++) {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      if (i >= from) SCRATCH[i] = CODES[(t >>> 0) % 62] as number;
    }
  }

  /** A bijection of 32-bit numbers under the key: xor, odd multiply and xorshift rounds, each invertible. */
  private scramble(salt: number, n: number): number {
    let x = n;
    for (let round = 0; round < 3; round++) {
      x = (x ^ (this.key[round] as number) ^ salt) >>> 0;
      x = Math.imul(x, MULTIPLIERS[round] as number) >>> 0;
      x = (x ^ (x >>> 16)) >>> 0;
    }
    return x;
  }

  private unscramble(salt: number, scrambled: number): number {
    let x = scrambled;
    for (let round = 2; round >= 0; round--) {
      x = (x ^ (x >>> 16)) >>> 0;
      x = Math.imul(x, INVERSES[round] as number) >>> 0;
      x = (x ^ (this.key[round] as number) ^ salt) >>> 0;
    }
    return x;
  }
}

function word(random: Random): number {
  return Math.floor(random.next() * TWO_32);
}

/** Bodies are spelled one at a time, synchronously, into one scratch buffer. */
const SCRATCH = new Uint8Array(BODY);

/** The scratch body as one flat string: 24 arguments to fromCharCode beat a Buffer decode, and work in a page too. */
function text(): string {
  const s = SCRATCH;
  // prettier-ignore
  return String.fromCharCode(s[0] as number, s[1] as number, s[2] as number, s[3] as number, s[4] as number, s[5] as number, s[6] as number, s[7] as number, s[8] as number, s[9] as number, s[10] as number, s[11] as number, s[12] as number, s[13] as number, s[14] as number, s[15] as number, s[16] as number, s[17] as number, s[18] as number, s[19] as number, s[20] as number, s[21] as number, s[22] as number, s[23] as number);
}

const hashes = new Map<string, number>();
const SECRET_SALT = hashOf('secret');

/** A prefix's salt (FNV-1a, then murmur's finaliser), so `pay_` and `evt_` ids of nearby numbers look unrelated. */
function hashOf(prefix: string): number {
  let hash = hashes.get(prefix);
  if (hash !== undefined) return hash;
  hash = 0x811c9dc5;
  for (let i = 0; i < prefix.length; i++) hash = Math.imul(hash ^ prefix.charCodeAt(i), 0x01000193);
  hash = mix(hash);
  // Prefixes are the few kinds of object: bounded all the same.
  if (hashes.size < 64) hashes.set(prefix, hash);
  return hash;
}
