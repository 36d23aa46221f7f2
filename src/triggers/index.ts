/**
 * What the mock's controls (src/app) call of flows and triggers, loaded through this one file on first use: a start
 * runs none of it (src/app/on-first-use.ts).
 */
export { redeliver } from './redeliver';
export { runFlow } from './run-flow';
export { journalFlow, sessionSource } from './journal-flow';
export { trigger } from './trigger';
