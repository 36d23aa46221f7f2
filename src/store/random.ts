/**
 * A small seeded pseudo-random source (sfc32). With `--seed`, ids, injected faults and generated data repeat
 * exactly run to run; without it the seed comes from the machine. Its state is four numbers, so it can be saved
 * with the store and a restart never repeats an id.
 */
export class Random {
  private s: [number, number, number, number];

  constructor(seed?: number | [number, number, number, number]) {
    if (Array.isArray(seed)) {
      this.s = [...seed];
      return;
    }
    const base = seed ?? Math.floor(Math.random() * 2 ** 32);
    this.s = [0x9e3779b9, 0x243f6a88, 0xb7e15162, base >>> 0];
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    let [a, b, c, d] = this.s;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    this.s = [a, b, c, d];
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  state(): [number, number, number, number] {
    return [...this.s];
  }

  /** Continues from a saved state (a restart with `--state`). */
  restore(state: [number, number, number, number]): void {
    this.s = [...state];
  }
}

const BASE62 = Buffer.from('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 'latin1');

/**
 * `head` + `_` + 24 base62 characters, e.g. `pay_3fK9…`. Built in one buffer so the string is flat: appending
 * character by character would leave a chain of small string pieces, several times the memory of the id.
 */
export function makeId(random: Random, head: string): string {
  const bytes = Buffer.allocUnsafe(head.length + 25);
  const start = bytes.write(head, 'latin1');
  bytes[start] = 0x5f; // '_'
  for (let i = start + 1; i < start + 25; i++) bytes[i] = BASE62[Math.floor(random.next() * 62)] as number;
  return bytes.toString('latin1', 0, start + 25);
}
