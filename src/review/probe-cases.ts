/**
 * The deliveries a webhook probe sends, in the order it sends them, as data: the served `/docs/review` page and
 * `docs/review.md` list them from here (a test keeps them equal). Those a correct handler must refuse come first,
 * so a handler that does verify has seen none of the probe's events when the ones it must accept arrive.
 */

export type ProbeExpectation = 'refuse' | 'accept';

export interface ProbeCase {
  expect: ProbeExpectation;
  /** What is sent, in a line. */
  title: string;
  /** Which event goes out: the probe's payment's `payment.succeeded`, or its refund's `refund.created`. */
  event: 'payment' | 'refund';
  /**
   * The verdict when the answer is not the expected one: `critical` where a 2xx means anyone can forge, alter or
   * replay events to the handler.
   */
  wrong: 'critical' | 'fail';
  /** What a wrong answer means, for the report. */
  meaning: string;
}

/** How far the replayed and future timestamps are from now: twice the 5-minute tolerance receivers use. */
export const PROBE_SKEW_SECONDS = 600;
/** An answer slower than this (but within the delivery timeout) is a warning. */
export const PROBE_SLOW_MS = 3000;

export const PROBE_CASES = {
  no_signature: {
    expect: 'refuse',
    title: 'A delivery with no signature headers',
    event: 'payment',
    wrong: 'critical',
    meaning:
      'The handler accepted an unsigned event: anyone who knows its URL can forge a payment.succeeded and get an order shipped. Verify the signature on the raw body before acting.',
  },
  wrong_secret: {
    expect: 'refuse',
    title: 'A delivery signed with another secret',
    event: 'payment',
    wrong: 'critical',
    meaning:
      'The handler accepted an event signed with a secret that is not the endpoint’s: it does not check the signature (or checks it against the wrong secret), so anyone can forge events to it.',
  },
  altered_body: {
    expect: 'refuse',
    title: 'A delivery whose body was changed after it was signed (the amount)',
    event: 'payment',
    wrong: 'critical',
    meaning:
      'The handler accepted an event whose body no longer matches its signature: someone between the sender and the handler can change amounts. Verify the signature over the raw bytes received, before parsing.',
  },
  replayed: {
    expect: 'refuse',
    title: 'A correctly signed delivery whose timestamp is 10 minutes old (a replay)',
    event: 'payment',
    wrong: 'critical',
    meaning:
      'The handler accepted a delivery signed 10 minutes ago: a recorded delivery can be replayed to it at any time. Refuse timestamps outside a 5-minute tolerance (the official verifiers do).',
  },
  future_timestamp: {
    expect: 'refuse',
    title: 'A correctly signed delivery whose timestamp is 10 minutes ahead',
    event: 'payment',
    wrong: 'fail',
    meaning:
      'The handler accepted a timestamp 10 minutes in the future, which stretches how long a captured delivery can be replayed. `standardwebhooks` refuses it; `stripe.webhooks.constructEvent` checks only the age, so add a check that the timestamp is not ahead of your clock by more than 5 minutes.',
  },
  out_of_order: {
    expect: 'accept',
    title: "A refund's event before its payment's",
    event: 'refund',
    wrong: 'fail',
    meaning:
      'The handler refused a valid event because it had not seen the one before it. Deliveries may arrive in any order: answer 2xx, and fetch the object (or wait for its event) instead of assuming an order.',
  },
  valid: {
    expect: 'accept',
    title: 'A valid delivery of a real event about an object the probe made',
    event: 'payment',
    wrong: 'fail',
    meaning:
      'The handler refused a correctly signed, fresh delivery: real deliveries fail too, and the provider retries for days. Check the secret it verifies with, and that it verifies the raw body.',
  },
  duplicate: {
    expect: 'accept',
    title: 'The same event delivered a second time',
    event: 'payment',
    wrong: 'fail',
    meaning:
      'The handler refused an event it had already received: providers deliver at least once, so duplicates happen. Answer 2xx and skip events whose id you have processed.',
  },
} as const satisfies Record<string, ProbeCase>;

export type ProbeCaseId = keyof typeof PROBE_CASES;

export const PROBE_CASE_IDS = Object.keys(PROBE_CASES) as ProbeCaseId[];
