import { ControlLog } from './control-log';
import { EntryText, ExchangeSlab, JournalExchange, PackedExchange } from './exchange-slab';
import { JOURNAL_BODY_LIMIT, JournalDetails, JournalEntry, JournalFilter, JournalNearMiss, JournalRecord } from './journal-entry';
import type { KeyRecord } from './store';

export type { JournalExchange } from './exchange-slab';
export { JOURNAL_BODY_LIMIT } from './journal-entry';
export type { JournalDetails, JournalEntry, JournalFilter, JournalNearMiss, JournalRecord } from './journal-entry';
/** An entry whose exchange did not fit in a slot: its strings and exchange kept as objects, with the heap bytes they are estimated at. */
type SpilledEntry = EntryText & { exchange: PackedExchange; heldBytes: number };

/** An exchange kept as objects beside its sizes: its headers objects, the entry and its arrays. */
const EXCHANGE_OBJECTS = 1024;

/**
 * The most recent requests, in a ring buffer: bounded memory, the oldest dropped first, O(1) per request.
 * A write leaves no object behind for the collector to keep: its numbers go into typed arrays, its strings and
 * exchange are copied into an ExchangeSlab (bytes the collector never walks), and the rest are references to what
 * the store holds anyway (its key record, the workspace's id). A read's exchange, or one too large for a slot, is
 * kept as its objects. `detailsOf` turns an entry into what is shown, when it is read.
 */
export class Journal {
  private readonly status: Uint16Array;
  private readonly replayed: Uint8Array;
  private readonly durations: Float64Array;
  private readonly created: Float64Array;
  private readonly arrivedMs: Float64Array;
  private readonly keyRecords: Array<KeyRecord | undefined>;
  private readonly workspaces: Array<string | null>;
  private readonly nearMisses: Array<JournalNearMiss | null>;
  /** Set for an entry whose exchange is kept as objects; undefined when its slot holds it. */
  private readonly spilled: Array<SpilledEntry | undefined>;
  private readonly slab: ExchangeSlab;
  private next = 0;
  private count = 0;
  private objectBytes = 0;
  /** Every request ever recorded (since the last clear): the ordinal of the newest. */
  private total = 0;
  /** The clock moves and scenario changes among these requests (cleared with them). */
  readonly controls: ControlLog;

  constructor(
    readonly capacity: number,
    private readonly detailsOf: (record: JournalRecord & JournalExchange) => JournalDetails,
  ) {
    this.status = new Uint16Array(capacity);
    this.replayed = new Uint8Array(capacity);
    this.durations = new Float64Array(capacity);
    this.created = new Float64Array(capacity);
    this.arrivedMs = new Float64Array(capacity);
    this.keyRecords = new Array<KeyRecord | undefined>(capacity).fill(undefined);
    this.workspaces = new Array<string | null>(capacity).fill(null);
    this.nearMisses = new Array<JournalNearMiss | null>(capacity).fill(null);
    this.spilled = new Array<SpilledEntry | undefined>(capacity).fill(undefined);
    this.slab = new ExchangeSlab(capacity);
    this.controls = new ControlLog(capacity);
  }

  /**
   * The heap bytes of the exchanges kept as objects (those too large for a slot), estimated as they come and go:
   * a reset frees them, so the memory budget counts them. Slots are outside the heap.
   */
  get bytes(): number {
    return this.objectBytes;
  }

  /** How many requests were recorded since the last clear: a control change made now comes after that ordinal. */
  get recorded(): number {
    return this.total;
  }

  /** How many requests are kept now (at most `capacity`): fewer than `recorded` once the oldest were dropped. */
  get kept(): number {
    return this.count;
  }

  /**
   * Every kept entry, oldest first, with its ordinal (1 for the first request since the last clear) and the real
   * time it arrived (`at_ms`, see {@link JournalRecord}).
   */
  chronological(): Array<{ ordinal: number; entry: JournalEntry; at_ms: number }> {
    const newestFirst = this.list({ limit: this.capacity });
    const first = this.total - newestFirst.length + 1;
    return newestFirst.reverse().map((entry, i) => {
      const at_ms = this.arrivedMs[(this.next - newestFirst.length + i + this.capacity) % this.capacity] as number;
      return { ordinal: first + i, entry, at_ms };
    });
  }

  /**
   * Keeps a request: its numbers and references in the journal's arrays, its strings and `exchange` copied into the
   * slab when they fit, with `text` as its answer's whole text, or else kept themselves (both objects are the
   * caller's to give away: made for this call, used by nothing else).
   */
  record(entry: JournalRecord & { keyRecord: KeyRecord | undefined }, exchange: PackedExchange, text: string): void {
    if (this.capacity === 0) return;
    const slot = this.next;
    this.status[slot] = entry.status;
    this.replayed[slot] = entry.replayed ? 1 : 0;
    this.durations[slot] = entry.duration_ms;
    this.created[slot] = entry.created;
    this.arrivedMs[slot] = entry.at_ms;
    this.keyRecords[slot] = entry.keyRecord;
    this.workspaces[slot] = entry.workspace;
    this.nearMisses[slot] = entry.near_miss;
    this.objectBytes -= this.spilled[slot]?.heldBytes ?? 0;
    // A read keeps its exchange as objects, as one too large for a slot does: copying costs the main thread about
    // 0.7 µs, more than the collector spends there on what a read leaves, and a retrieve's answer waits on the main
    // thread (measured: retrieves 0.88× as fast when reads were copied too, though their CPU on every thread fell).
    if (entry.method !== 'GET' && this.slab.pack(slot, entry, exchange, text)) {
      this.spilled[slot] = undefined;
    } else {
      exchange.body = ownedStart(exchange.body);
      // Parameters hold about what the body sent, and an answer kept as text its length. An answer's value refers
      // to stored objects (counted where they are stored), and the body is bytes outside the heap.
      const heldBytes = EXCHANGE_OBJECTS + (exchange.params === undefined ? 0 : exchange.body.length) + (exchange.responseText?.length ?? 0);
      const { id, method, path, idempotency_key } = entry;
      this.spilled[slot] = { id, method, path, idempotency_key, exchange, heldBytes };
      this.objectBytes += heldBytes;
    }
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
    this.total++;
  }

  /** Entry `slot` as the journal's reader sees it: its strings and exchange, from its slot or as kept. */
  private entryAt(slot: number): JournalRecord & JournalExchange {
    const spilled = this.spilled[slot];
    const kept = spilled
      ? { ...spilled.exchange, id: spilled.id, method: spilled.method, path: spilled.path, idempotency_key: spilled.idempotency_key }
      : this.slab.unpack(slot);
    return {
      ...kept,
      status: this.status[slot] as number,
      replayed: this.replayed[slot] === 1,
      duration_ms: this.durations[slot] as number,
      created: this.created[slot] as number,
      at_ms: this.arrivedMs[slot] as number,
      workspace: this.workspaces[slot] as string | null,
      near_miss: this.nearMisses[slot] as JournalNearMiss | null,
      keyRecord: this.keyRecords[slot],
    };
  }

  /** Newest first. */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const out: JournalEntry[] = [];
    const limit = filter.limit ?? 100;
    for (let i = 1; i <= this.count && out.length < limit; i++) {
      const slot = (this.next - i + this.capacity) % this.capacity;
      if (filter.status !== undefined && this.status[slot] !== filter.status) continue;
      if (filter.method || filter.path || filter.id !== undefined) {
        const { id, method, path } = this.spilled[slot] ?? this.slab.head(slot);
        if (filter.method && method !== filter.method.toUpperCase()) continue;
        if (filter.path && !path.startsWith(filter.path)) continue;
        if (filter.id !== undefined && id !== filter.id) continue;
      }
      const entry = this.entryAt(slot);
      const { path, idempotency_key, key, key_permissions, request_body, request_headers, response_headers, response_text, request_truncated } =
        this.detailsOf(entry);
      const request = capped(request_body);
      const response =
        response_text.length > JOURNAL_BODY_LIMIT
          ? { body: response_text.slice(0, JOURNAL_BODY_LIMIT), cut: true }
          : { body: parseOrText(response_text), cut: false };
      out.push({
        id: entry.id,
        method: entry.method,
        path,
        status: entry.status,
        idempotency_key,
        replayed: entry.replayed,
        duration_ms: entry.duration_ms,
        created: entry.created,
        workspace: entry.workspace,
        near_miss: entry.near_miss,
        key,
        key_permissions,
        request_body: request.body,
        response_body: response.body,
        request_headers,
        response_headers,
        truncated: request_truncated || request.cut || response.cut,
      });
    }
    return out;
  }

  clear(): void {
    this.keyRecords.fill(undefined);
    this.workspaces.fill(null);
    this.nearMisses.fill(null);
    this.spilled.fill(undefined);
    this.objectBytes = 0;
    this.next = 0;
    this.count = 0;
    this.total = 0;
    this.controls.clear();
  }
}

/** At most the first 16 KiB of a body, copied when it is a view into a larger buffer (which it would keep alive). */
function ownedStart(body: Uint8Array): Uint8Array {
  if (body.length > JOURNAL_BODY_LIMIT) return new Uint8Array(body.subarray(0, JOURNAL_BODY_LIMIT));
  if (body.buffer.byteLength > body.length + 1024) return new Uint8Array(body);
  return body;
}

/** A parsed body whose JSON is over the limit is shown as the first 16 KiB of that JSON. */
function capped(body: unknown): { body: unknown; cut: boolean } {
  if (typeof body === 'string') return body.length > JOURNAL_BODY_LIMIT ? { body: body.slice(0, JOURNAL_BODY_LIMIT), cut: true } : { body, cut: false };
  if (body === null || typeof body !== 'object') return { body, cut: false };
  const text = JSON.stringify(body);
  return text.length > JOURNAL_BODY_LIMIT ? { body: text.slice(0, JOURNAL_BODY_LIMIT), cut: true } : { body, cut: false };
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
