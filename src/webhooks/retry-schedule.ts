/** After a failed attempt, the next is due this many seconds later on the mock clock: 8 attempts in all. */
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** The attempt timeout: an answer (any status) must have come by then, in real time. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
