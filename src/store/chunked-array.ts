/**
 * An array kept in chunks of a fixed size, for the store's timelines, which grow to millions of items.
 *
 * Why not one array: a JS array that grows by `push` is copied into a backing store half again as large each time
 * it fills, and past 128 KB each copy is a large object of its own: at a million payments a timeline's last copy
 * is 8 MB and the copies it left behind add up to twice that, garbage until the next full GC, and returned to the
 * system by V8's background threads some time after it. Chunks of 8,192 items (64 KB, under V8's large-object
 * size) are allocated once each and never copied, so growth leaves nothing behind: the heap holds what the
 * timelines hold (docs/performance.md, 2026-11-29).
 *
 * Reads and writes by index are O(1) (a shift and a mask), appends O(1), a binary search O(log n) with one chunk
 * opened, removal from the front O(items removed);
 * an insert or removal elsewhere moves the items after it, O(n) as the `splice` it replaces.
 *
 * @example
 * const list = new ChunkedArray<number>();
 * list.push(1);
 * list.push(2);
 * list.at(1); // 2
 * list.dropFront(1); // [1]
 */
export class ChunkedArray<T> {
  private chunks: T[][] = [];
  /**
   * The item in the first place of each chunk but the first (firsts[0] is unused): a binary search looks here
   * before it opens one chunk, so it reads one chunk, not one for each of its first steps (see `partitionPoint`).
   */
  private firsts: Array<T | undefined> = [];
  /** Where item 0 is in the first chunk: items removed from the front leave their places behind it. */
  private head = 0;
  private count = 0;
  private readonly shift: number;
  private readonly mask: number;

  /** `chunkBits`: each chunk holds 2^chunkBits items (13: 8,192; tests use small chunks to cross their edges). */
  constructor(chunkBits = 13) {
    this.shift = chunkBits;
    this.mask = (1 << chunkBits) - 1;
  }

  get length(): number {
    return this.count;
  }

  /** The item at `index` (0 ≤ index < length; outside it: undefined). */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.count) return undefined;
    const slot = index + this.head;
    return (this.chunks[slot >> this.shift] as T[])[slot & this.mask];
  }

  /** Replaces the item at `index` (0 ≤ index < length). */
  set(index: number, item: T): void {
    const slot = index + this.head;
    const chunk = slot >> this.shift;
    (this.chunks[chunk] as T[])[slot & this.mask] = item;
    if ((slot & this.mask) === 0) this.firsts[chunk] = item;
  }

  /**
   * The index of the first item `isBefore` rejects, where it accepts a run of items from the start and then none
   * (a sorted list: "ordered before the key"); `length` if it accepts all. O(log n): over the chunks' first items,
   * then within one chunk.
   */
  partitionPoint(isBefore: (item: T) => boolean): number {
    let lo = 1;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (isBefore(this.firsts[mid] as T)) lo = mid + 1;
      else hi = mid;
    }
    // The point is in chunk lo - 1, or is the first item of chunk lo (then every item of lo - 1 is before).
    const chunkIndex = lo - 1;
    const base = chunkIndex << this.shift;
    const items = this.chunks[chunkIndex];
    if (items === undefined) return 0;
    let start = chunkIndex === 0 ? this.head : 0;
    let end = Math.min(1 << this.shift, this.count + this.head - base);
    while (start < end) {
      const mid = (start + end) >>> 1;
      if (isBefore(items[mid] as T)) start = mid + 1;
      else end = mid;
    }
    return base + start - this.head;
  }

  push(item: T): void {
    const slot = this.count + this.head;
    const chunk = slot >> this.shift;
    if (chunk === this.chunks.length) {
      // The chunk that filled is copied once to its exact size (push leaves up to half again as much room); the
      // next one starts empty and grows as any array does, so a short timeline (a customer's payments) stays small.
      if (chunk > 0) this.chunks[chunk - 1] = (this.chunks[chunk - 1] as T[]).slice();
      this.chunks.push([]);
      this.firsts.push(item);
    }
    (this.chunks[chunk] as T[])[slot & this.mask] = item;
    this.count++;
  }

  /** Puts `item` at `index` (0 ≤ index ≤ length), moving the items from there one place on. */
  insertAt(index: number, item: T): void {
    if (index === this.count) return this.push(item);
    this.push(this.at(this.count - 1) as T);
    for (let i = this.count - 2; i > index; i--) this.set(i, this.at(i - 1) as T);
    this.set(index, item);
  }

  /** Removes the item at `index` (0 ≤ index < length), moving the items after it one place back. */
  removeAt(index: number): void {
    for (let i = index; i < this.count - 1; i++) this.set(i, this.at(i + 1) as T);
    this.set(this.count - 1, undefined as T);
    this.count--;
    this.releaseEmptyEnd();
  }

  /** Removes the first `count` items and returns them, oldest first. */
  dropFront(count: number): T[] {
    const dropped: T[] = [];
    for (let i = 0; i < count && i < this.count; i++) {
      dropped.push(this.at(i) as T);
      this.set(i, undefined as T);
    }
    this.count -= dropped.length;
    this.head += dropped.length;
    const emptyChunks = this.head >> this.shift;
    if (emptyChunks > 0) {
      this.chunks.splice(0, emptyChunks);
      this.firsts.splice(0, emptyChunks);
      this.head &= this.mask;
    }
    if (this.count === 0) this.clear();
    return dropped;
  }

  *values(): IterableIterator<T> {
    for (let i = 0; i < this.count; i++) yield this.at(i) as T;
  }

  private clear(): void {
    this.chunks = [];
    this.firsts = [];
    this.head = 0;
  }

  /** After a removal at the end: a last chunk with no item left goes. */
  private releaseEmptyEnd(): void {
    if (this.count === 0) return this.clear();
    const lastChunk = (this.count - 1 + this.head) >> this.shift;
    if (this.chunks.length > lastChunk + 1) this.chunks.length = this.firsts.length = lastChunk + 1;
  }
}
