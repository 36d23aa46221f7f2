/**
 * What the mock's controls (src/app) call of the integration review and the webhook probe, loaded through this one
 * file on first use: a start runs none of it (src/app/on-first-use.ts).
 */
export { probeWebhook } from './probe-webhook';
export { reviewJournal } from './review-journal';
export { assertReviewClean } from './review-text';
export { setRulesOff } from './rules-off';
