import type { MockContext } from '../context/mock-context';
import { failAuthentication, settle } from '../domain/payments';
import { Scope } from '../domain/scope';
import { ApiError } from '../errors/api-error';
import { parseBody } from '../http/body';
import { MockRequest, MockResponse } from '../request-response';
import { Payment } from '../schemas/resources';
import { Challenge, CHALLENGE_PATH, findChallenge } from '../domain/three-d-secure';
import { FRAMED_SCRIPT, framedScriptHash } from './framed-script';
import { jsonResponse } from '../http/respond';

/**
 * Headers of every challenge answer: never cached, and no Referer, so the token does not travel to the
 * return_url's site. It may be framed by any origin (contract 18: payments.js opens it in a modal iframe): it
 * acts only with a token that the framing page already holds, through the payment's client secret. Its one
 * script is named by hash.
 */
const pageHeaders = (): Record<string, string> => ({
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; script-src '${framedScriptHash()}'; connect-src 'self'; frame-ancestors *; base-uri 'none'`,
  'Referrer-Policy': 'no-referrer',
});

const OUTCOMES = ['succeed', 'fail'] as const;
type Outcome = (typeof OUTCOMES)[number];

/**
 * The 3-D Secure page a `requires_action` payment's `next_action` points at, for a person or a browser test:
 * `GET /3ds/{payment}?token=…` shows the challenge with two buttons; `POST /3ds/{payment}` (the form: `token`,
 * `outcome` = `succeed` | `fail`) moves the payment (`payment.succeeded`, or `payment.payment_failed` with a
 * `last_payment_error`) and answers 303 to the `return_url` with `payment`, `payment_client_secret` and
 * `redirect_status` appended (or a page saying the outcome, when there is no `return_url`). A POST that accepts
 * only JSON (`Accept: application/json`, what the page's script sends inside payments.js's modal) gets
 * `{ payment, redirect_status }` instead.
 * @example handleChallenge(ctx, { method: 'GET', url, headers: {}, body: Buffer.alloc(0) }, '/3ds/pay_1', 'token=tds_…')
 */
export function handleChallenge(ctx: MockContext, req: MockRequest, path: string, query: string): MockResponse {
  const paymentId = decodeSegment(path.slice(CHALLENGE_PATH.length));
  if (req.method === 'GET' || req.method === 'HEAD') {
    const params = new URLSearchParams(query);
    for (const name of params.keys()) if (name !== 'token') throw unknownParameter(name);
    return html(200, challengePage(findChallenge(ctx, paymentId, params.get('token'))));
  }
  if (req.method !== 'POST')
    throw new ApiError('method_not_allowed', `${req.method} is not allowed on ${CHALLENGE_PATH}{payment}. Use GET to show the challenge, POST to answer it.`, {
      headers: { Allow: 'GET, POST' },
    });
  const { params } = parseBody(req.headers['content-type'], req.body);
  for (const name of Object.keys(params)) if (name !== 'token' && name !== 'outcome') throw unknownParameter(name);
  const outcome = params.outcome;
  if (typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome)) {
    throw new ApiError(
      'parameter_invalid',
      `Invalid outcome: ${JSON.stringify(outcome ?? null).slice(0, 60)}. Use succeed or fail (the page's two buttons send them).`,
      { param: 'outcome' },
    );
  }
  const challenge = findChallenge(ctx, paymentId, typeof params.token === 'string' ? params.token : null);
  // An answer changes a payment like a /v1 request does, so it draws a request id from the same stream (a page view does not).
  const payment = answer(ctx, challenge, outcome as Outcome, ctx.store.newRequestId());
  const status = payment.status === 'succeeded' ? 'succeeded' : 'failed';
  if (req.headers.accept === 'application/json') return jsonResponse(200, { payment: payment.id, redirect_status: status }, { 'Cache-Control': 'no-store' });
  if (challenge.returnUrl === null) return html(200, donePage(payment, status));
  const back = new URL(challenge.returnUrl);
  back.searchParams.set('payment', payment.id);
  back.searchParams.set('payment_client_secret', payment.client_secret ?? '');
  back.searchParams.set('redirect_status', status);
  return { status: 303, headers: { ...pageHeaders(), Location: back.toString(), 'Content-Type': 'text/plain; charset=utf-8' }, body: `See ${back.toString()}` };
}

/** Moves the payment as the customer answered, on its workspace's clock, emitting its events. */
function answer(ctx: MockContext, { workspace, partition, payment }: Challenge, outcome: Outcome, requestId: string): Payment {
  const scope: Scope = {
    store: ctx.store,
    workspace,
    partition,
    livemode: partition.livemode,
    now: ctx.clockFor(workspace.id).now(),
    version: workspace.default_version,
    request: requestId,
    bus: ctx.bus,
  };
  return outcome === 'succeed' ? settle(scope, payment, 'succeed') : failAuthentication(scope, payment);
}

function challengePage({ workspace, payment }: Challenge): string {
  const token = new URL(payment.next_action?.redirect_to_url.url ?? 'http://x/').searchParams.get('token') ?? '';
  return page(
    '3-D Secure test challenge',
    `
<h1>3-D Secure test challenge</h1>
<p><strong>${escape(workspace.name)}</strong> asks you to confirm a payment of <strong>${escape(amount(payment))}</strong>.</p>
<p class="note">This is the payments-mock sandbox: no bank is involved. Choose how the customer's authentication ends;
the payment <code>${escape(payment.id)}</code> moves accordingly and you are sent back to the shop.</p>
<form method="post" action="${escape(encodeURIComponent(payment.id))}">
  <input type="hidden" name="token" value="${escape(token)}">
  <button type="submit" name="outcome" value="succeed">Complete authentication</button>
  <button type="submit" name="outcome" value="fail" class="fail">Fail authentication</button>
</form>
<p id="framed-status" role="status"></p>
<script>${FRAMED_SCRIPT}</script>`,
  );
}

function donePage(payment: Payment, status: 'succeeded' | 'failed'): string {
  const text = status === 'succeeded' ? 'Authentication complete: the payment succeeded.' : 'Authentication failed: the payment needs another payment method.';
  return page('3-D Secure test challenge', `<h1 role="status">${text}</h1><p>Payment <code>${escape(payment.id)}</code>. You can close this window.</p>`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
.note{color:#555;font-size:.9rem}form{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}
button{font:inherit;padding:.6rem 1.1rem;border-radius:.4rem;border:2px solid #1f5fbf;background:#1f5fbf;color:#fff;cursor:pointer}
button.fail{background:#fff;color:#a31515;border-color:#a31515}button:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
code{background:#f3f3f3;padding:0 .2rem}</style></head>
<body><main>${body}</main></body></html>
`;
}

function amount(payment: Payment): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: payment.currency.toUpperCase() }).format(
      payment.amount / 10 ** minorDigits(payment.currency),
    );
  } catch {
    return `${payment.amount} ${payment.currency}`;
  }
}

function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function html(status: number, body: string): MockResponse {
  return { status, headers: { ...pageHeaders(), 'Content-Type': 'text/html; charset=utf-8' }, body };
}

function unknownParameter(name: string): ApiError {
  return new ApiError('parameter_unknown', `Received unknown parameter: ${name.slice(0, 100)}. The challenge page takes token (and, to answer, outcome).`, {
    param: name.slice(0, 100),
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
