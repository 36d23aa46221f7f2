import { utf8Text } from '../runtime/bytes';
import { keyFromHeader } from '../domain/keys';
import { maskCutText, maskKey, maskPath, maskText } from '../masking/mask-text';
import { maskValue } from '../masking/mask-value';
import { parseBody } from './body';
import { parseForm } from './form';
import { paramSchemaOf } from './v1-router';
import { typedFormParams } from './validate';
import { MockRequest } from '../request-response';
import { JOURNAL_BODY_LIMIT, JournalDetails, JournalExchange, JournalRecord } from '../store/journal';

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
 * read as leniently as possible), with keys, card numbers and CVCs masked wherever they are (src/masking/).
 */
export function journalRequestBody(params: unknown, sent: SentRequest): unknown {
  let body = params;
  if (body === undefined) {
    try {
      const read =
        sent.method === 'GET' || sent.body.length === 0
          ? { params: sent.query ? parseForm(sent.query) : null, fromText: true }
          : parseBody(sent.contentType, sent.body);
      // Form text typed as the API read it before refusing it (`exp_month` 13, not "13"): a flow replays it as JSON.
      const schema = read.fromText && read.params !== null ? paramSchemaOf(sent.method, sent.path) : undefined;
      body = schema === undefined ? read.params : typedFormParams(schema, read.params);
    } catch {
      const text = utf8Text(sent.body);
      body = text.length === 0 ? null : text.length > 10_000 ? maskCutText(text.slice(0, 10_000)) : maskText(text);
    }
  }
  return maskValue(body ?? null);
}

/** What a request sent, as the journal reads it. */
interface SentRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: Uint8Array;
  query: string;
}

/**
 * The shown form of a kept exchange, worked out when the journal is read (never per request): the path, the
 * Idempotency-Key, the bodies and the headers with keys and card numbers masked, the key as prefix and last 4, and
 * what a restricted key could do (a session kept as a flow replays with a key that can do as much).
 */
export function journalDetails(record: JournalRecord & JournalExchange): JournalDetails {
  const { headers, body, bodyTruncated, query, keyRecord, params } = record;
  const authorization = header(headers.authorization);
  const sent: SentRequest = { method: record.method, path: record.path, contentType: header(headers['content-type']), body, query };
  return {
    path: maskPath(record.path),
    idempotency_key: record.idempotency_key === null ? null : maskText(record.idempotency_key),
    key: keyRecord ? maskKey(keyRecord.key) : journalKey(authorization),
    key_permissions: keyRecord?.kind === 'restricted' && keyRecord.permissions ? { ...keyRecord.permissions } : null,
    request_body: bodyTruncated ? maskCutText(utf8Text(body)) : journalRequestBody(params, sent),
    request_truncated: bodyTruncated,
    request_headers: shownHeaders(headers, authorization),
    response_headers: shownHeaders(record.responseHeaders),
    response_text: journalResponseText(record.responseText ?? JSON.stringify(record.responseValue)),
  };
}

/** At most this many headers, each value cut at this length: a hostile request cannot make the journal large. */
const MAX_SHOWN_HEADERS = 64;
const MAX_HEADER_VALUE = 1024;

/** Headers as the journal shows them: lower-case names, values cut and masked, Authorization as its key's prefix and last 4. */
function shownHeaders(headers: MockRequest['headers'] | Record<string, string>, authorization?: string): Record<string, string> {
  const shown: Record<string, string> = Object.create(null) as Record<string, string>;
  let count = 0;
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined || count++ >= MAX_SHOWN_HEADERS) continue;
    const lower = name.toLowerCase();
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    shown[maskText(lower)] =
      lower === 'authorization'
        ? maskedAuthorization(authorization ?? value)
        : value.length > MAX_HEADER_VALUE
          ? maskCutText(value.slice(0, MAX_HEADER_VALUE))
          : maskText(value);
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

/**
 * An answer's text as the journal shows it: an answer may quote what was sent (a description, metadata, an error
 * naming the value it refused), so keys and card numbers are masked in it too. JSON is masked as values, so a card
 * number sent as a JSON number cannot leave the text unreadable as JSON.
 */
export function journalResponseText(text: string): string {
  const masked = maskText(text);
  if (masked === text) return text;
  try {
    return JSON.stringify(maskValue(JSON.parse(text)));
  } catch {
    return masked;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
