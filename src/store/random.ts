/**
 * A small seeded pseudo-random source (sfc32). With `--seed`, ids, injected faults and generated data repeat
 * exactly run to run; without it the seed comes from the machine. Its state is four numbers, so it can be saved
 * with the store and a restart never repeats an id.
 */
export class Random {
  // Four plain fields rather than an array: next() runs ~120 times per created payment and must not allocate.
  private a = 0x9e3779b9 | 0;
  private b = 0x243f6a88 | 0;
  private c = 0xb7e15162 | 0;
  private d = 0;

  constructor(seed?: number | [number, number, number, number]) {
    if (Array.isArray(seed)) {
      this.restore(seed);
      return;
    }
    this.reseed(seed ?? Math.floor(Math.random() * 2 ** 32));
  }

  /** Starts over from a seed, as a new source with that seed would. */
  reseed(seed: number): void {
    this.a = 0x9e3779b9 | 0;
    this.b = 0x243f6a88 | 0;
    this.c = 0xb7e15162 | 0;
    this.d = seed | 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  state(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }

  /** Continues from a saved state (a restart with `--state`). */
  restore(state: [number, number, number, number]): void {
    [this.a, this.b, this.c, this.d] = state.map((n) => n | 0) as [number, number, number, number];
  }
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// Node's Buffer makes a flat string fastest; a browser page (payments-mock/msw) has none and uses idInPage.
const SCRATCH = typeof Buffer === 'function' ? Buffer.alloc(128) : undefined;
const BASE62 = typeof Buffer === 'function' ? Buffer.from(ALPHABET, 'latin1') : new TextEncoder().encode(ALPHABET);

/**
 * `head` + `_` + 24 base62 characters, e.g. `pay_3fK9…`. Built in one buffer so the string is flat: appending
 * character by character would leave a chain of small string pieces, several times the memory of the id.
 */
export function makeId(random: Random, head: string): string {
  if (!SCRATCH) return idInPage(random, head);
  // Ids are made synchronously one at a time, so one scratch buffer serves them all (long heads get their own).
  const bytes = head.length + 25 <= SCRATCH.length ? SCRATCH : Buffer.allocUnsafe(head.length + 25);
  const start = bytes.write(head, 'latin1');
  bytes[start] = 0x5f; // '_'
  for (let i = start + 1; i < start + 25; i++) bytes[i] = BASE62[Math.floor(random.next() * 62)] as number;
  return bytes.toString('latin1', 0, start + 25);
}

/** The same id without Buffer: the same random draws, so the same ids for the same seed. */
function idInPage(random: Random, head: string): string {
  const codes = new Array<number>(24);
  for (let i = 0; i < 24; i++) codes[i] = BASE62[Math.floor(random.next() * 62)] as number;
  return `${head}_${String.fromCharCode(...codes)}`;
}

/** A 32-bit integer hash finaliser (murmur3's fmix32): nearby inputs give unrelated outputs. */
export function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
