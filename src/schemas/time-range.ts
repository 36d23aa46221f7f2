/**
 * The one range of time the sandbox can show: what a JavaScript Date can (±100,000,000 days around 1970). The
 * clock refuses to move past it, fixture and state files are checked against it, and fixture times resolve within it.
 */
export const MAX_UNIX_SECONDS = 8_640_000_000_000;

/** The same bound in milliseconds, as the clock keeps time. */
export const MAX_TIME_MS = MAX_UNIX_SECONDS * 1000;

/** The years at the two ends of the range, for messages that say what to fix. */
export const TIME_RANGE_YEARS = 'between the years -271821 and 275760';
