import type { ReviewedRequest } from './journal-facts';
import { finding, RawFinding } from './review-types';

/** Two identical creates this close (real time) are one operation retried, not two orders. */
const SAME_REQUEST_WINDOW_MS = 60_000;
/** Reads of one payment within this span that count as polling, and how many. */
const POLLING_WINDOW_MS = 60_000;
export const POLLING_READS = 10;
/** Declines of one card that count as "again and again". */
const DECLINES = 3;
/** Retries of a failing request before backing off is looked at. */
export const RETRIES = 3;

const MONEY_CREATE = /^\/v1\/payments(?:\/[^/]+\/refund)?$/;
const PAYMENT_READ = /^\/v1\/payments\/([^/]+)$/;

const sameRequest = (r: ReviewedRequest) => `${r.key}\u0000${r.method}\u0000${r.path}\u0000${r.params}`;
const failed = (r: ReviewedRequest) => r.status === 429 || r.status >= 500;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The rules that read the requests of one workspace (oldest first). `madeObject` says whether a request that got
 * no 200 made an object all the same (a fault after executing): the review asks the event log.
 * @example checkRequests(requests, 'ws_acme', (id) => false)
 */
export function checkRequests(requests: ReviewedRequest[], workspace: string | null, madeObject: (request: ReviewedRequest) => boolean): RawFinding[] {
  return [
    ...duplicateObjects(requests, workspace, madeObject),
    ...browserKeys(requests, workspace),
    ...missingIdempotencyKeys(requests, workspace),
    ...retries(requests, workspace),
    ...declines(requests, workspace),
    ...polling(requests, workspace),
    ...unpinnedVersion(requests, workspace),
  ];
}

function duplicateObjects(requests: ReviewedRequest[], workspace: string | null, madeObject: (request: ReviewedRequest) => boolean): RawFinding[] {
  const last = new Map<string, ReviewedRequest>();
  const ids: string[] = [];
  let pairs = 0;
  let first: [ReviewedRequest, ReviewedRequest] | undefined;
  for (const request of requests) {
    if (request.method !== 'POST' || request.idempotencyKey !== null || !MONEY_CREATE.test(request.path)) continue;
    if (request.objectId === null && !madeObject(request)) continue;
    const same = sameRequest(request);
    const before = last.get(same);
    if (before && request.at_ms - before.at_ms <= SAME_REQUEST_WINDOW_MS) {
      pairs++;
      ids.push(before.id, request.id);
      first ??= [before, request];
    }
    last.set(same, request);
  }
  if (!first) return [];
  const [a, b] = first;
  return [
    finding(
      'duplicate_object',
      workspace,
      `${plural(pairs, 'retry', 'retries')} without an Idempotency-Key made a second object: ${a.method} ${a.path} with the same parameters made ${a.objectId ?? 'an object'} (${a.id}) and then ${b.objectId ?? 'another'} (${b.id}) ${Math.round(b.at_ms - a.at_ms)} ms later. In production that is a customer charged twice.`,
      pairs,
      ids,
    ),
  ];
}

function browserKeys(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const seen = requests.filter((r) => r.fromBrowser && (r.keyKind === 'secret' || r.keyKind === 'restricted'));
  if (seen.length === 0) return [];
  const keys = [...new Set(seen.map((r) => r.key))].join(', ');
  return [
    finding(
      'secret_key_in_browser',
      workspace,
      `${plural(seen.length, 'request')} from a browser (Origin / Sec-Fetch-Site / Sec-Fetch-Dest headers) carried a secret or restricted key (${keys}): anyone who opens that page can read the key and use it.`,
      seen.length,
      seen.map((r) => r.id),
    ),
  ];
}

function missingIdempotencyKeys(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const seen = requests.filter((r) => r.method === 'POST' && r.status === 200 && r.idempotencyKey === null && MONEY_CREATE.test(r.path));
  if (seen.length === 0) return [];
  const payments = seen.filter((r) => r.path === '/v1/payments').length;
  return [
    finding(
      'idempotency_key_missing',
      workspace,
      `${plural(payments, 'payment')} and ${plural(seen.length - payments, 'refund')} were created without an Idempotency-Key: a retry after a dropped connection would make a second one.`,
      seen.length,
      seen.map((r) => r.id),
    ),
  ];
}

/** Early retries after Retry-After, and chains of retries whose waits do not grow. */
function retries(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const previous = new Map<string, ReviewedRequest>();
  const chains = new Map<string, ReviewedRequest[]>();
  const early: string[] = [];
  let earlyCount = 0;
  let earlyExample = '';
  const storms: ReviewedRequest[][] = [];
  const close = (chain: ReviewedRequest[] | undefined): void => {
    if (chain && chain.length - 1 >= RETRIES && !backsOff(chain)) storms.push(chain);
  };
  for (const request of requests) {
    const same = sameRequest(request);
    const before = previous.get(same);
    previous.set(same, request);
    if (before && before.retryAfter !== null && failed(before) && request.at_ms - before.at_ms < before.retryAfter * 1000) {
      earlyCount++;
      early.push(before.id, request.id);
      earlyExample ||= `${request.method} ${request.path} came again ${Math.round(request.at_ms - before.at_ms)} ms after a ${before.status} that said Retry-After: ${before.retryAfter}`;
    }
    // A chain: attempts of the same request, each after a failed one, less than a minute apart.
    let chain: ReviewedRequest[];
    if (before && failed(before) && request.at_ms - before.at_ms <= SAME_REQUEST_WINDOW_MS) {
      chain = chains.get(same) ?? [before];
      chain.push(request);
    } else {
      close(chains.get(same));
      chain = [request];
    }
    chains.set(same, chain);
    if (!failed(request)) {
      close(chain);
      chains.delete(same);
    }
  }
  for (const chain of chains.values()) close(chain);
  const out: RawFinding[] = [];
  if (earlyCount > 0)
    out.push(
      finding('retry_after_ignored', workspace, `${plural(earlyCount, 'retry', 'retries')} came sooner than Retry-After: ${earlyExample}.`, earlyCount, early),
    );
  if (storms.length > 0) {
    const [example] = storms as [ReviewedRequest[]];
    const waits = example.slice(1).map((r, i) => Math.round(r.at_ms - (example[i] as ReviewedRequest).at_ms));
    out.push(
      finding(
        'retry_without_backoff',
        workspace,
        `${plural(storms.length, 'request')} failed and was retried ${RETRIES} or more times without backing off: ${example[0]?.method} ${example[0]?.path} waited ${waits.join(', ')} ms between attempts.`,
        storms.length,
        storms.flat().map((r) => r.id),
      ),
    );
  }
  return out;
}

/** Whether the waits of a chain grew: the last at least twice the first. */
function backsOff(chain: ReviewedRequest[]): boolean {
  const first = (chain[1] as ReviewedRequest).at_ms - (chain[0] as ReviewedRequest).at_ms;
  const last = (chain.at(-1) as ReviewedRequest).at_ms - (chain.at(-2) as ReviewedRequest).at_ms;
  return last >= 2 * first && last > 0;
}

function declines(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const byCard = new Map<string, ReviewedRequest[]>();
  for (const request of requests) {
    if (request.status !== 402 || request.card === null) continue;
    const list = byCard.get(request.card) ?? [];
    list.push(request);
    byCard.set(request.card, list);
  }
  const repeated = [...byCard.entries()].filter(([, list]) => list.length >= DECLINES);
  if (repeated.length === 0) return [];
  const count = repeated.reduce((sum, [, list]) => sum + list.length, 0);
  const cards = repeated.map(([card, list]) => `${card} (${list.length} declines)`).join(', ');
  return [
    finding(
      'declined_card_retried',
      workspace,
      `A declined card was tried again and again: ${cards}. Issuers read that as card testing.`,
      count,
      repeated.flatMap(([, list]) => list.map((r) => r.id)),
    ),
  ];
}

function polling(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const reads = new Map<string, ReviewedRequest[]>();
  for (const request of requests) {
    const id = request.method === 'GET' && request.status === 200 ? PAYMENT_READ.exec(request.path)?.[1] : undefined;
    if (id === undefined) continue;
    const list = reads.get(id) ?? [];
    list.push(request);
    reads.set(id, list);
  }
  const polled: Array<[string, ReviewedRequest[]]> = [];
  for (const [id, list] of reads) {
    // The densest run: any POLLING_READS reads within the window.
    for (let i = 0; i + POLLING_READS <= list.length; i++) {
      if ((list[i + POLLING_READS - 1] as ReviewedRequest).at_ms - (list[i] as ReviewedRequest).at_ms <= POLLING_WINDOW_MS) {
        polled.push([id, list]);
        break;
      }
    }
  }
  if (polled.length === 0) return [];
  const described = polled.map(([id, list]) => `${id} read ${list.length} times`).join(', ');
  return [
    finding(
      'payment_polling',
      workspace,
      `Polling: ${described} (${POLLING_READS} or more reads within ${POLLING_WINDOW_MS / 1000} s). A webhook tells you when it changes.`,
      polled.length,
      polled.flatMap(([, list]) => list.map((r) => r.id)),
    ),
  ];
}

function unpinnedVersion(requests: ReviewedRequest[], workspace: string | null): RawFinding[] {
  const keyed = requests.filter((r) => r.keyKind !== null);
  if (keyed.length === 0 || keyed.some((r) => r.pinnedVersion)) return [];
  return [
    finding(
      'version_not_pinned',
      workspace,
      `None of ${plural(keyed.length, 'request')} sent Service-Version, so the workspace default version applied to all of them.`,
      keyed.length,
      keyed.slice(0, 5).map((r) => r.id),
    ),
  ];
}
