import { toBase64Url } from '../runtime/bytes';
import { randomBytes, sameSecret } from '../runtime/hashing';
import { ApiError } from '../errors/api-error';
import { NextAction, Payment } from '../schemas/resources';
import { makeId, Random } from '../store/random';
import { Partition, Store, Workspace } from '../store/store';

/** What the challenge rules need of a mock instance (its context fits). */
export interface ChallengeHost {
  /** Ids come from a fixed seed: tokens then do too. */
  seeded: boolean;
  random: Random;
  store: Store;
}

/** Where the challenge page lives: `/3ds/{payment}?token=…`. */
export const CHALLENGE_PATH = '/3ds/';

/**
 * A `return_url` the challenge page may send the customer back to: an absolute http: or https: URL (never
 * `javascript:` or `data:`, which a redirect would run). Returns it, or throws 400 naming the parameter.
 *
 * @example checkReturnUrl('http://localhost:3000/checkout/done') // the same string
 */
export function checkReturnUrl(value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ApiError(
      'parameter_invalid',
      `Invalid return_url: "${value.slice(0, 100)}" is not an absolute URL. Use http: or https:, such as http://localhost:3000/checkout/complete.`,
      { param: 'return_url' },
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ApiError(
      'parameter_invalid',
      `Invalid return_url: it uses ${parsed.protocol.slice(0, 20)}, but the customer can only be sent back to an http: or https: URL.`,
      { param: 'return_url' },
    );
  }
  return value;
}

/**
 * The redirect of a payment that needs 3-D Secure: the mock's challenge page, with a token nobody else can guess
 * (so another web page cannot approve the payment), and where the page sends the customer afterwards. With
 * `--seed` the token comes from the seeded source, so seeded runs stay byte-identical; else from crypto.
 * @example challengeRedirect(ctx, 'http://127.0.0.1:4010', 'pay_1', null) // { url: 'http://127.0.0.1:4010/3ds/pay_1?token=tds_…', return_url: null }
 */
export function challengeRedirect(ctx: ChallengeHost, origin: string, paymentId: string, returnUrl: string | null): NextAction['redirect_to_url'] {
  const token = ctx.seeded ? makeId(ctx.random, 'tds') : `tds_${toBase64Url(randomBytes(18))}`;
  return { url: `${origin}${CHALLENGE_PATH}${encodeURIComponent(paymentId)}?token=${encodeURIComponent(token)}`, return_url: returnUrl };
}

export interface Challenge {
  workspace: Workspace;
  partition: Partition;
  payment: Payment;
  returnUrl: string | null;
}

/**
 * The payment whose pending challenge this token opens. Anything else (no such payment, a wrong token, a
 * challenge already answered) is the same 404, so the page tells a stranger nothing about which payments exist.
 * @example const { payment, returnUrl } = findChallenge(ctx, 'pay_1', 'tds_…');
 */
export function findChallenge(ctx: ChallengeHost, paymentId: string, token: string | null): Challenge {
  if (token) {
    for (const workspace of ctx.store.workspaces.values()) {
      for (const partition of [workspace.test, workspace.live]) {
        const payment = partition.payments.get(paymentId);
        const redirect = payment?.status === 'requires_action' ? payment.next_action?.redirect_to_url : undefined;
        if (payment && redirect && sameText(tokenOf(redirect.url), token)) return { workspace, partition, payment, returnUrl: redirect.return_url };
      }
    }
  }
  throw new ApiError(
    'resource_missing',
    `No pending 3-D Secure challenge for payment '${paymentId.slice(0, 100)}' with this token. Open the url of the payment's next_action.redirect_to_url; a challenge can be answered once.`,
    { param: 'token' },
  );
}

function tokenOf(url: string): string {
  try {
    return new URL(url).searchParams.get('token') ?? '';
  } catch {
    return '';
  }
}

function sameText(a: string, b: string): boolean {
  return a.length > 0 && sameSecret(a, b);
}
