import type { Position } from './timeline';

/** Slots per collection: enough for the objects a test or a page polls at once, a few dozen KB at most. */
const SLOTS = 64;

/**
 * The JSON a few records of one collection were last served as, so a record read again (a client polling a
 * payment for its status) is answered with the same text instead of being decoded, rendered and serialised again.
 * A record is an immutable value (a change stores a new one), so a kept text is found by its record's identity and
 * never goes stale. Slot `seq % 64`, with the `variant` it was rendered for (a restricted key sees less); the
 * slots are made on the first read.
 */
export class ServedTexts<R extends Position> {
  private records: Array<R | undefined> | undefined;
  private readonly variants: number[] = [];
  private readonly texts: string[] = [];

  /** The text kept for `record` as `variant` sees it, if it is still kept. */
  get(record: R, variant: number): string | undefined {
    const slot = record.seq & (SLOTS - 1);
    return this.records?.[slot] === record && this.variants[slot] === variant ? this.texts[slot] : undefined;
  }

  /** Keeps `text` for `record` as `variant` sees it, in place of whatever its slot held. */
  set(record: R, variant: number, text: string): void {
    const slot = record.seq & (SLOTS - 1);
    (this.records ??= new Array<R | undefined>(SLOTS))[slot] = record;
    this.variants[slot] = variant;
    this.texts[slot] = text;
  }
}
