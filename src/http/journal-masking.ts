import { utf8Text } from '../runtime/bytes';
import { keyFromHeader, maskKey } from '../domain/keys';
import { parseBody } from './body';
import { parseForm } from './form';
import { MockRequest } from '../exchange';
import { JOURNAL_BODY_LIMIT, JournalDetails, JournalExchange, JournalRecord } from '../store/journal';

/** 12 to 19 digits, optionally split by spaces or dashes, standing alone: what a card number looks like. */
const CARD_NUMBER = /(?<![0-9A-Za-z_+])\d(?:[ -]?\d){11,18}(?![0-9A-Za-z_])/g;
const CVC_NAMES = /^(cvc|cvv|cvc2|cvv2|cid)$/i;

const maskNumber = (text: string) => `••••${text.replace(/\D/g, '').slice(-4)}`;

/**
 * The key a request carried, as the journal shows it: prefix and last four characters, never whole, even when
 * the key is unknown or malformed. Null when there was none.
 */
export function journalKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  try {
    return maskKey(keyFromHeader(value));
  } catch {
    return '…';
  }
}

/**
 * What the client sent, as parsed (the validated parameters when there are some, else the raw body or query
 * read as leniently as possible), with card numbers and CVCs masked wherever they are.
 */
export function journalRequestBody(params: unknown, sent: SentRequest): unknown {
  let body = params;
  if (body === undefined) {
    try {
      body = sent.method === 'GET' || sent.body.length === 0 ? (sent.query ? parseForm(sent.query) : null) : parseBody(sent.contentType, sent.body).params;
    } catch {
      body = sent.body.length > 0 ? maskCards(utf8Text(sent.body).slice(0, 10_000)) : null;
    }
  }
  return maskCards(body ?? null);
}

/** What a request sent, as the journal reads it. */
interface SentRequest {
  method: string;
  contentType: string | undefined;
  body: Uint8Array;
  query: string;
}

/** The shown form of a kept exchange: masked key, masked body and headers, the answer's text (card numbers masked). */
export function journalDetails(record: JournalRecord & JournalExchange): JournalDetails {
  const { headers, body, bodyTruncated, query, keyRecord, params } = record;
  const authorization = header(headers.authorization);
  const sent: SentRequest = { method: record.method, contentType: header(headers['content-type']), body, query };
  return {
    key: keyRecord ? maskKey(keyRecord.key) : journalKey(authorization),
    request_body: bodyTruncated ? maskCards(utf8Text(body)) : journalRequestBody(params, sent),
    request_truncated: bodyTruncated,
    request_headers: shownHeaders(headers, authorization),
    response_headers: shownHeaders(record.responseHeaders),
    response_text: journalResponseText(record.status, record.responseText ?? JSON.stringify(record.responseValue)),
  };
}

/** At most this many headers, each value cut at this length: a hostile request cannot make the journal large. */
const MAX_SHOWN_HEADERS = 64;
const MAX_HEADER_VALUE = 1024;

/** Headers as the journal shows them: lower-case names, values cut, Authorization masked (its key as prefix and last 4). */
function shownHeaders(headers: MockRequest['headers'] | Record<string, string>, authorization?: string): Record<string, string> {
  const shown: Record<string, string> = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined || count++ >= MAX_SHOWN_HEADERS) continue;
    const lower = name.toLowerCase();
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    shown[lower] = lower === 'authorization' ? maskedAuthorization(authorization ?? value) : value.slice(0, MAX_HEADER_VALUE);
  }
  return shown;
}

function maskedAuthorization(value: string): string {
  const scheme = /^(bearer|basic)\s/i.exec(value)?.[1];
  return `${scheme ? `${scheme} ` : ''}${journalKey(value) ?? '…'}`;
}

/** A long answer text is cut to one byte over the limit: enough for the journal to show it as truncated. */
export function capText(text: string): string {
  return text.length > JOURNAL_BODY_LIMIT ? text.slice(0, JOURNAL_BODY_LIMIT + 1) : text;
}

/** An error answer may quote what was sent ("Invalid card[number]: 4242 4242 …"): its card numbers are masked. */
export function journalResponseText(status: number, text: string): string {
  return status >= 400 ? text.replace(CARD_NUMBER, maskNumber) : text;
}

function maskCards(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(CARD_NUMBER, maskNumber);
  if (!value || typeof value !== 'object' || depth > 64) return value;
  if (Array.isArray(value)) return value.map((item) => maskCards(item, depth + 1));
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, item] of Object.entries(value)) {
    out[name] = CVC_NAMES.test(name) && item !== null && item !== undefined ? '•••' : maskCards(item, depth + 1);
  }
  return out;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
