import type { JournalEntry } from '../store/journal';
import { SOURCE_HEADER } from '../triggers/run-flow';

/** What the review needs of one journaled request, read once from its entry. */
export interface ReviewedRequest {
  id: string;
  /** Real milliseconds (monotonicMs()) when it arrived: retries and polling happen in real time. */
  at_ms: number;
  /** Mock Unix seconds. */
  created: number;
  method: string;
  path: string;
  status: number;
  workspace: string | null;
  /** The masked key (prefix and last 4): enough to tell a client's keys apart. */
  key: string | null;
  keyKind: 'secret' | 'restricted' | 'publishable' | null;
  idempotencyKey: string | null;
  /** An `Origin`, `Sec-Fetch-Site` or `Sec-Fetch-Dest` header: a browser sent it (Node's fetch sends only Sec-Fetch-Mode). */
  fromBrowser: boolean;
  pinnedVersion: boolean;
  /** Seconds, from the answer's Retry-After. */
  retryAfter: number | null;
  /** The parameters as one string, to tell "the same request" (card numbers already masked by the journal). */
  params: string;
  /** The id of the object a 200 answered. */
  objectId: string | null;
  /** What card a request used: its payment_method, or the masked number it sent. */
  card: string | null;
}

const KIND_BY_PREFIX: Record<string, ReviewedRequest['keyKind']> = { sk_: 'secret', rk_: 'restricted', pk_: 'publishable' };

/**
 * The facts of one journal entry, or undefined for the sandbox's own requests (they carry {@link SOURCE_HEADER}).
 * @example reviewedRequest(mock.context.journal.chronological()[0].entry, 0)
 */
export function reviewedRequest(entry: JournalEntry, at_ms: number): ReviewedRequest | undefined {
  const headers = entry.request_headers;
  if (headers[SOURCE_HEADER] !== undefined) return undefined;
  const body = entry.request_body as Record<string, unknown> | null;
  const answer = entry.response_body as Record<string, unknown> | null;
  const retryAfter = Number(entry.response_headers['retry-after']);
  return {
    id: entry.id,
    at_ms,
    created: entry.created,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    workspace: entry.workspace,
    key: entry.key,
    keyKind: entry.key ? (KIND_BY_PREFIX[entry.key.slice(0, 3)] ?? null) : null,
    idempotencyKey: entry.idempotency_key,
    fromBrowser: headers.origin !== undefined || headers['sec-fetch-site'] !== undefined || headers['sec-fetch-dest'] !== undefined,
    pinnedVersion: headers['service-version'] !== undefined,
    retryAfter: entry.response_headers['retry-after'] !== undefined && Number.isFinite(retryAfter) ? retryAfter : null,
    params: JSON.stringify(body ?? null),
    objectId: entry.status === 200 && answer && typeof answer.id === 'string' ? answer.id : null,
    card: cardOf(body),
  };
}

function cardOf(body: Record<string, unknown> | null): string | null {
  if (!body || typeof body !== 'object') return null;
  if (typeof body.payment_method === 'string') return body.payment_method;
  const card = body.card as Record<string, unknown> | undefined;
  return card && typeof card.number === 'string' ? `card ${card.number}` : null;
}
