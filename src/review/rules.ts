/**
 * Every rule of the integration review, as data: the review runs the checks of `journal-checks.ts` under these
 * ids, the served `/docs/review` page and `docs/review.md` are written from this table (a test keeps all three
 * equal), and a workspace switches rules off by these ids.
 */

export type Severity = 'critical' | 'warning' | 'info';

export interface ReviewRule {
  severity: Severity;
  /** One line: what was seen. */
  title: string;
  /** Why it hurts in production. */
  why: string;
  /** A short client script (or action) that provokes it. */
  example: string;
  /** What to change. */
  fix: string;
}

/** Ordered as the review reports them: the worst first. */
export const REVIEW_RULES = {
  duplicate_object: {
    severity: 'critical',
    title: 'A retried create without an Idempotency-Key made a second object (a double charge)',
    why: 'Two requests with the same key, path and parameters and no `Idempotency-Key`, within 60 s of each other, each made an object: a network retry charged (or refunded) twice.',
    example:
      "for (let i = 0; i < 2; i++) await fetch(`${url}/v1/payments`, { method: 'POST', headers: { Authorization: `Bearer ${sk}` }, body: new URLSearchParams({ amount: '2000', currency: 'usd' }) });",
    fix: 'Send an `Idempotency-Key` (one per logical operation, such as the order id) on every create, and reuse it on retries: the API then answers the first result again instead of making a second object.',
  },
  secret_key_in_browser: {
    severity: 'critical',
    title: 'A secret or restricted key was sent by a browser',
    why: "The request carried an `Origin`, `Sec-Fetch-Site` or `Sec-Fetch-Dest` header, which browsers add (Node's own `fetch` sends only `Sec-Fetch-Mode`). Whoever opens that page can read the key and do anything it allows.",
    example: "In a web page: fetch('http://127.0.0.1:4010/v1/payments', { headers: { Authorization: 'Bearer sk_test_…' } })",
    fix: 'Keep secret and restricted keys on your server. In the browser, use the publishable key (`pk_…`) with payments.js, and create payments from your server.',
  },
  idempotency_key_missing: {
    severity: 'warning',
    title: 'A payment or refund was created without an Idempotency-Key',
    why: 'If the connection drops after the API made the object, the client cannot tell, and a retry makes a second one.',
    example:
      "await fetch(`${url}/v1/payments`, { method: 'POST', headers: { Authorization: `Bearer ${sk}` }, body: new URLSearchParams({ amount: '2000', currency: 'usd' }) });",
    fix: 'Send `Idempotency-Key: <a key per operation>` on `POST /v1/payments` and `POST /v1/payments/{id}/refund`, and the same key when retrying.',
  },
  retry_after_ignored: {
    severity: 'warning',
    title: 'A request was retried sooner than Retry-After said',
    why: 'After a 429 (or a 503) whose `Retry-After` said how long to wait, the same request came again sooner. Retrying early keeps the client rate limited and adds load where the API is struggling.',
    example: 'PUT /_mock/scenario {"scenario": "rate-limited"}, then send 30 requests in a second and retry each 429 at once.',
    fix: 'On 429 and 503, wait at least the `Retry-After` seconds before retrying.',
  },
  retry_without_backoff: {
    severity: 'warning',
    title: 'A failing request was retried again and again without backing off',
    why: 'Three or more retries of a request that failed with 429 or 5xx, whose last wait was less than twice the first: a retry loop that does not back off turns an outage into a storm.',
    example: 'PUT /_mock/scenario {"scenario": "outage"}, then retry GET /v1/payments/{id} every 10 ms, four times.',
    fix: 'Back off exponentially with jitter (for example 0.5 s, 1 s, 2 s, 4 s, each ± 50%), and give up after a few attempts.',
  },
  declined_card_retried: {
    severity: 'warning',
    title: 'A declined card was tried again and again',
    why: 'The same card (payment method) was declined three or more times. Issuers treat repeated attempts with a declined card as card testing and may block it or the merchant.',
    example: 'Confirm a payment with payment_method=pm_card_chargeDeclined three times (POST /v1/payments/{id}/confirm).',
    fix: 'After a decline, show the customer the decline message and ask for another payment method; do not retry the same card automatically.',
  },
  payment_polling: {
    severity: 'warning',
    title: 'One payment was read again and again in a short time (polling)',
    why: 'The same payment was retrieved 10 or more times within 60 s. Polling costs rate limit and still learns of changes late.',
    example: 'for (let i = 0; i < 10; i++) await fetch(`${url}/v1/payments/${id}`, { headers: { Authorization: `Bearer ${sk}` } });',
    fix: 'Register a webhook endpoint (`POST /v1/webhook_endpoints`) and react to `payment.succeeded` / `payment.payment_failed` instead of polling.',
  },
  webhook_failing: {
    severity: 'warning',
    title: 'A webhook endpoint answers deliveries with errors',
    why: 'Deliveries to the endpoint got a non-2xx answer or no answer (connection refused, reset, redirect): the provider retries for days, and the events are not handled meanwhile.',
    example: 'Register an endpoint whose handler answers 500 (or a URL nothing listens on), then create a payment.',
    fix: 'Answer 2xx as soon as the event is verified and stored; do the work after answering. Look at the delivery log (`GET /_mock/webhooks/deliveries`) for the answers.',
  },
  webhook_timeout: {
    severity: 'warning',
    title: 'A webhook endpoint did not answer in time',
    why: 'A delivery attempt timed out (10 s by default): the provider counts it as failed and retries, so slow work in the handler makes duplicates.',
    example: 'Register an endpoint whose handler waits 11 s before answering, then create a payment.',
    fix: 'Answer 2xx first and do slow work (e-mails, fulfilment) in the background.',
  },
  webhook_slow: {
    severity: 'info',
    title: 'A webhook endpoint answers slowly',
    why: 'A delivery attempt took more than 2 s: close to the point where deliveries time out under load.',
    example: 'Register an endpoint whose handler waits 3 s before answering, then create a payment.',
    fix: 'Answer 2xx first and do slow work in the background.',
  },
  version_not_pinned: {
    severity: 'info',
    title: 'No request pinned the API version',
    why: 'No request sent `Service-Version`: the workspace default applies, so the answers change shape when the default moves.',
    example: 'await fetch(`${url}/v1/account`, { headers: { Authorization: `Bearer ${sk}` } }); // no Service-Version',
    fix: 'Send `Service-Version: <YYYY-MM-DD>` on every request (most SDKs take an `apiVersion` option).',
  },
} as const satisfies Record<string, ReviewRule>;

export type RuleId = keyof typeof REVIEW_RULES;

export const RULE_IDS = Object.keys(REVIEW_RULES) as RuleId[];

export const SEVERITY_RANK: Record<Severity, number> = { critical: 3, warning: 2, info: 1 };

/** Whether `id` names a rule. @example isRuleId('payment_polling') // true */
export function isRuleId(id: string): id is RuleId {
  return Object.prototype.hasOwnProperty.call(REVIEW_RULES, id);
}

/** The page that explains a rule's fix, on the mock itself. @example ruleDocUrl('http://127.0.0.1:4010', 'payment_polling') */
export function ruleDocUrl(base: string, id: RuleId): string {
  return `${base}/docs/review#${id}`;
}
